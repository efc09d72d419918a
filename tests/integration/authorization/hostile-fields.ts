import type { TestServices } from "../../setup/test-services.ts";
import type { World } from "./world.ts";

/** Names a client might try although no table has such a column (or better-auth's do). */
const NOT_COLUMNS = ["role", "approval", "reviewCount", "createdAt", "updatedAt", "isAdmin", "admin"];

/**
 * What an attacker would send for a field, chosen so that a value written from
 * the form is told apart from anything the app writes: another person's ids, an
 * approved status, top ratings and counts, a date long past.
 */
function namedValues(world: World): Record<string, string> {
  const past = "1999-01-01T00:00:00.000Z";
  return {
    usertype: "admin",
    role: "admin",
    isAdmin: "true",
    admin: "1",
    isactive: "1",
    chargespaid: "yes",
    approval: "approved",
    approvalStatus: "approved",
    approvalNote: "Approved by myself",
    id: "injected-id",
    authorId: world.idOf("anotherCustomer"),
    customerId: world.idOf("anotherCustomer"),
    reporterId: world.idOf("anotherCustomer"),
    userId: world.idOf("admin"),
    ownerId: world.idOf("anotherRestaurant"),
    restaurantId: world.idOf("anotherRestaurant"),
    restaurantName: "Hijacked",
    urlName: "hijacked",
    restName: "Hijacked",
    email: "attacker@example.com",
    emailVerified: "true",
    image: "https://evil.example/x.png",
    restRating: "5",
    restRatingoutof: "10",
    restNoofReviews: "999",
    restNoofBranches: "999",
    restPriceavg: "1",
    itemRating: "5",
    itemRatingBy: "999",
    reviewCount: "999",
    rating: "5",
    hidden: "1",
    soldOut: "1",
    priceOverride: "1",
    status: "dismissed",
    sectionNumber: "99",
    positionInSection: "99",
    restQRcode: "https://evil.example/",
    restQRimg: "data:image/png;base64,AAAA",
    branchQRcode: "https://evil.example/",
    branchQRimg: "data:image/png;base64,AAAA",
    profileImageUrl: "/media/img/evil/400.webp",
    coverImageUrl: "/media/img/evil/400.webp",
    topView: "/media/img/evil/400.webp",
    frontView: "/media/img/evil/400.webp",
    sideView: "/media/img/evil/400.webp",
    reviewPics: '["/media/img/evil/400.webp"]',
    reviewVideo: "/media/vid/evil.mp4",
    createdAt: past,
    updatedAt: past,
    timestamp: past,
  };
}

const columnCache = new Map<string, string[]>();

/** The table's columns as the database has them, so a column added later is attacked too. */
export async function columnsOf(services: TestServices, table: string): Promise<string[]> {
  if (columnCache.size === 0) {
    for (const t of await services.database.db.introspection.getTables()) {
      columnCache.set(
        t.name,
        t.columns.map((c) => c.name),
      );
    }
  }
  const columns = columnCache.get(table);
  if (!columns) throw new Error(`no table ${table}`);
  return columns;
}

/**
 * A hostile value for every column of `tables` and every name in NOT_COLUMNS:
 * the named ones above, "7" for any other column. The caller lays the valid
 * form over these, so the form's own fields keep their valid values.
 */
export async function hostileFields(world: World, tables: string[]): Promise<Record<string, string>> {
  const named = namedValues(world);
  const out: Record<string, string> = {};
  for (const table of tables) {
    for (const column of await columnsOf(world.services, table)) out[column] = named[column] ?? "7";
  }
  for (const name of NOT_COLUMNS) out[name] = named[name] ?? "7";
  return out;
}
