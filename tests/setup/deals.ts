import { decideRestaurant, COMMAND_LINE } from "~/features/admin/admin.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { inEnglish } from "~/lib/message.ts";
import type { Services } from "~/server/services.server.ts";
import { signedUpOwner } from "./accounts.ts";
import { itemInput, itemViews } from "./factories.ts";
import { branchOf } from "./menus.ts";

/**
 * An approved restaurant for deals (issue 32): a "Karahi" section of Chicken Karahi in
 * Half (1,000) and Full (1,800), Naan (50) and Raita (100), each with `photo`; branches
 * Blue Area and Saddar. `dishes` are the general dishes' ids by name.
 */
export async function dealRestaurant(services: Services, photo: Uint8Array) {
  const owner = await signedUpOwner(services);
  const section = await menus.addSection(services, owner.id, { originalName: "Karahi" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const dishes: Record<string, string> = {};
  const add = async (name: string, fields: Record<string, unknown>, position: number) => {
    const item = await menus.addItem(services, owner.id, {
      values: { ...itemInput(section.id, { name, positionInSection: String(position) }), ...fields } as never,
      files: itemViews(photo),
    });
    if (!item.ok) throw new Error(inEnglish(item.message));
    dishes[name] = item.id;
  };
  await add(
    "Chicken Karahi",
    { price: "", itemPriceRange: "", sizeLabel: ["Half", "Full"], sizePrice: ["1000", "1800"] },
    1,
  );
  await add("Naan", { price: "50" }, 2);
  await add("Raita", { price: "100" }, 3);
  const blueArea = await branchOf(services, owner.id, "Blue Area");
  const saddar = await branchOf(services, owner.id, "Saddar");
  await decideRestaurant(services, COMMAND_LINE, owner.urlName, { intent: "approve" });
  return { owner, dishes, blueArea, saddar };
}
