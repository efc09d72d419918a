import type { Services } from "~/server/services.server.ts";

export type ApprovalDecision = "approved" | "rejected" | "pending";

/** Sets a restaurant's approval (admins only: the CLI now, the /admin screens later). */
export async function setApproval(
  services: Services,
  urlName: string,
  decision: ApprovalDecision,
  note = "",
): Promise<boolean> {
  const result = await services.database.db
    .updateTable("restaurant")
    .set({ approvalStatus: decision, approvalNote: decision === "rejected" ? note : "" })
    .where("urlName", "=", urlName)
    .executeTakeFirst();
  services.log.info({ urlName, decision }, "restaurant approval changed");
  return Number(result.numUpdatedRows) > 0;
}
