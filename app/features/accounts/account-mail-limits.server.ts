import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import type { Services } from "~/server/services.server.ts";
import { throttleOf } from "./login-throttle.server.ts";

export type MailingAction = "signup" | "reset";

/**
 * Sign-ups and reset mails per email address and per client address, counted
 * where the login locks are (the database, or Redis), so every process shares
 * them (ADR 0016). Each call is one attempt; none is given back. The client
 * address is the one server/http-app.ts writes on every web request; in-process
 * callers (the demo seeder, tests) have none and meet only the per-email limit.
 */
export async function withinMailingLimits(
  services: Services,
  action: MailingAction,
  email: string,
  requestHeaders: Headers,
): Promise<boolean> {
  const { env } = services;
  const seconds = env.ACCOUNT_MAIL_WINDOW_SECONDS;
  const [perEmail, perIp] =
    action === "signup"
      ? [env.SIGNUP_MAX_PER_EMAIL, env.SIGNUP_MAX_PER_IP]
      : [env.RESET_MAIL_MAX_PER_EMAIL, env.RESET_MAIL_MAX_PER_IP];
  const throttle = throttleOf(services);
  const ip = requestHeaders.get(CLIENT_IP_HEADER);
  // The client address first, so one client cannot use up someone's address allowance beyond its own.
  if (ip && !(await throttle.reserve(`${action}:ip:${ip}`, { maxAttempts: perIp, seconds }))) return false;
  const address = email.trim().toLowerCase();
  return throttle.reserve(`${action}:email:${address}`, { maxAttempts: perEmail, seconds });
}
