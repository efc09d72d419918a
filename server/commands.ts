// The command-line entry points (`npm run admin`, `npm run demo`). They are
// bundled into build/server/index.js (see server/index.ts) so that they run the
// same migrations, services and use cases as the web app.
import { createAdmin } from "~/features/accounts/accounts.server.ts";
import { COMMAND_LINE, decideRestaurant } from "~/features/admin/admin.server.ts";
import { getServices } from "~/server/services.server.ts";

/** For scripts/admin.ts. */
export type AdminCommand =
  | { command: "create"; email: string; password: string }
  | { command: "approve" | "reject" | "suspend"; restaurant: string; reason?: string };

export async function runAdminCommand(input: AdminCommand): Promise<string> {
  const services = await getServices();
  try {
    if (input.command === "create") {
      const { created } = await createAdmin(services, input);
      return created ? `Admin ${input.email} created.` : `${input.email} is now an admin.`;
    }
    const result = await decideRestaurant(services, COMMAND_LINE, input.restaurant, {
      intent: input.command,
      reason: input.reason ?? "",
    });
    if (!result.ok) throw new Error(result.message);
    return result.message;
  } finally {
    await services.close();
  }
}

/** For scripts/demo.ts: the demo world, made with the same migrations and use cases. */
export { runDemo } from "~/features/demo/demo.server.ts";
