import type { Kysely, Transaction, Updateable } from "kysely";
import type { CustomerTable, DB, RestaurantTable } from "~/server/db-schema.server.ts";
import { writeRestaurantKeys } from "~/server/name-keys.queries.server.ts";

export async function findCustomerForEdit(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("customer")
    .select([
      "username",
      "firstName",
      "lastName",
      "about",
      "contact",
      "email",
      "country",
      "profileImageUrl",
      "coverImageUrl",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function findRestaurantForEdit(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("restaurant")
    .select([
      "restName",
      "urlName",
      "restType",
      "restOthertypes",
      "hasDelivery",
      "about",
      "contact",
      "contacttwo",
      "address",
      "restWebsite",
      "restWhatsapp",
      "restInsta",
      "restFb",
      "restX",
      "sociallinks",
      "profileImageUrl",
      "coverImageUrl",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * `stillAsLoaded` runs in the write's transaction after the row's lock is taken (a
 * no-op update: PostgreSQL's row lock, SQLite's write lock), and may throw to roll back.
 */
type Recheck = (trx: Transaction<DB>) => Promise<void>;

/** Writes only the given columns, and the display name with the username, together. */
export async function updateCustomer(
  db: Kysely<DB>,
  id: string,
  changes: Updateable<CustomerTable>,
  stillAsLoaded?: Recheck,
) {
  await db.transaction().execute(async (trx) => {
    if (stillAsLoaded) {
      await trx
        .updateTable("customer")
        .set((eb) => ({ timestamp: eb.ref("timestamp") }))
        .where("id", "=", id)
        .execute();
      await stillAsLoaded(trx);
    }
    await trx.updateTable("customer").set(changes).where("id", "=", id).execute();
    if (changes.username) {
      await trx.updateTable("user").set({ name: changes.username }).where("id", "=", id).execute();
    }
  });
}

export async function updateRestaurant(
  db: Kysely<DB>,
  id: string,
  changes: Updateable<RestaurantTable>,
  stillAsLoaded?: Recheck,
) {
  await db.transaction().execute(async (trx) => {
    if (stillAsLoaded) {
      await trx
        .updateTable("restaurant")
        .set((eb) => ({ timestamp: eb.ref("timestamp") }))
        .where("id", "=", id)
        .execute();
      await stillAsLoaded(trx);
    }
    await trx.updateTable("restaurant").set(changes).where("id", "=", id).execute();
    if (changes.restName !== undefined) await writeRestaurantKeys(trx, { id, name: changes.restName });
  });
}
