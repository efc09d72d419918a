import { stringify } from "csv-stringify/sync";
import { startImport } from "~/features/menu-import/menu-import.server.ts";
import { inEnglish } from "~/lib/message.ts";
import type { Services } from "~/server/services.server.ts";

/** The rows as a CSV file an owner uploads. */
export const csv = (rows: string[][]) => ({
  name: "menu.csv",
  bytes: new TextEncoder().encode(stringify(rows)),
});

/** Starts an import of `rows` (header first) as a CSV; returns its id, or throws its refusal. */
export async function startedImport(services: Services, ownerId: string, rows: string[][]) {
  const result = await startImport(services, ownerId, csv(rows));
  if (!result.ok) throw new Error(inEnglish(result.message));
  return result.importId;
}
