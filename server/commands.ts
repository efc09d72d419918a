// The command-line entry points (`npm run admin`, `npm run demo`). They are
// bundled into build/server/index.js (see server/index.ts) so that they run the
// same migrations, services and use cases as the web app.
import { createAdmin } from "~/features/accounts/accounts.server.ts";
import { COMMAND_LINE, decideRestaurant, unlockUser } from "~/features/admin/admin.server.ts";
import { rewritePublicLinks } from "~/features/admin/public-links.server.ts";
import { getServices, type Services } from "~/server/services.server.ts";
import { inEnglish } from "~/lib/message.ts";

/** For scripts/admin.ts. */
export type AdminCommand =
  | { command: "create"; email: string; password: string }
  | { command: "unlock"; email: string }
  | { command: "update-links" }
  | { command: "approve" | "reject" | "suspend"; restaurant: string; reason?: string };

export async function runAdminCommand(input: AdminCommand): Promise<string> {
  const services = await getServices();
  try {
    if (input.command === "create") {
      const { created } = await createAdmin(services, input);
      return created ? `Admin ${input.email} created.` : `${input.email} is now an admin.`;
    }
    if (input.command === "unlock") return await unlockCommand(services, input.email);
    if (input.command === "update-links") return await updateLinksCommand(services);
    const result = await decideRestaurant(services, COMMAND_LINE, input.restaurant, {
      intent: input.command,
      reason: input.reason ?? "",
    });
    if (!result.ok) throw new Error(inEnglish(result.message));
    return inEnglish(result.message);
  } finally {
    await services.close();
  }
}

/** ADR 0031: "unlocked x@y: 2 locks cleared", "no locks on x@y"; an unknown email is an error. */
export async function unlockCommand(services: Services, email: string): Promise<string> {
  const result = await unlockUser(services, COMMAND_LINE, { email });
  if (result.ok) {
    const n = result.cleared.length;
    const what = result.cleared.map((lock) => lock.limit).join(", ");
    return `unlocked ${result.email}: ${n} lock${n === 1 ? "" : "s"} cleared (${what})`;
  }
  if (result.status === 409) return `no locks on ${email}`;
  throw new Error(result.status === 404 ? `no account has the email ${email}` : inEnglish(result.message));
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Every stored QR code and shared link to this process's PUBLIC_URL, audited
 * (what `npm start` also does when it starts). Says the address, so a wrong one is seen.
 */
export async function updateLinksCommand(services: Services): Promise<string> {
  const { publicUrl, restaurants, branches } = await rewritePublicLinks(services, COMMAND_LINE);
  if (restaurants + branches === 0) return `Every QR code and link already points to ${publicUrl}.`;
  return `QR codes and links rewritten to ${publicUrl}: ${count(restaurants, "restaurant", "restaurants")}, ${count(branches, "branch", "branches")}.`;
}

/** For scripts/demo.ts: the demo world, made with the same migrations and use cases. */
export { runDemo } from "~/features/demo/demo.server.ts";
