import type { MailMessage } from "./mail.server.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function resetPasswordMail(args: { email: string; name: string; link: string }): MailMessage {
  return {
    to: args.email,
    subject: "Reset your Foodverse password",
    text: [
      `Hello ${args.name},`,
      "",
      "Someone asked to reset the password of your Foodverse account.",
      "Open this link within one hour to choose a new password:",
      args.link,
      "",
      "If you did not ask for this, ignore this email: your password stays the same.",
    ].join("\n"),
    html: `<p>Hello ${escapeHtml(args.name)},</p>
<p>Someone asked to reset the password of your Foodverse account.
Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(args.link)}">Reset my password</a></p>
<p>If you did not ask for this, ignore this email: your password stays the same.</p>`,
  };
}
