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

/**
 * Sent instead of an answer that would say the address has an account: whoever
 * signs up with a used address is told to check their email (ADR 0016).
 */
export function accountExistsMail(args: { email: string; name: string; origin: string }): MailMessage {
  const login = `${args.origin}/login`;
  const reset = `${args.origin}/forgot-password`;
  return {
    to: args.email,
    subject: "Your Foodverse account",
    text: [
      `Hello ${args.name},`,
      "",
      "Someone tried to create a new Foodverse account with this email address, which already has one.",
      `If it was you, log in: ${login}`,
      `Forgot your password? Ask for a new one: ${reset}`,
      "",
      "If it was not you, ignore this email: nothing was changed.",
    ].join("\n"),
    html: `<p>Hello ${escapeHtml(args.name)},</p>
<p>Someone tried to create a new Foodverse account with this email address, which already has one.</p>
<p>If it was you, <a href="${escapeHtml(login)}">log in</a>.
Forgot your password? <a href="${escapeHtml(reset)}">Ask for a new one</a>.</p>
<p>If it was not you, ignore this email: nothing was changed.</p>`,
  };
}
