/** The reset link in a message, with quoted-printable soft breaks undone. */
export function resetLinkIn(raw: string): string | undefined {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
}
