/** product rules §9: about texts are cut after 30 words, with Read More / Show Less. */
export function truncateWords(text: string, limit = 30): { text: string; truncated: boolean } {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  if (words.length <= limit) return { text: text.trim(), truncated: false };
  return { text: `${words.slice(0, limit).join(" ")}…`, truncated: true };
}
