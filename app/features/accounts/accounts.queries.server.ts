import type { Insertable, Kysely, Transaction } from "kysely";
import type { CustomerTable, DB, RestaurantTable } from "~/server/db-schema.server.ts";
import { writeRestaurantKeys } from "~/server/name-keys.queries.server.ts";

export async function restaurantNameTaken(db: Kysely<DB>, urlName: string): Promise<boolean> {
  const row = await db
    .selectFrom("restaurant")
    .select("id")
    .where("urlName", "=", urlName)
    .executeTakeFirst();
  return !!row;
}

export async function insertRestaurant(trx: Transaction<DB>, row: Insertable<RestaurantTable>) {
  await trx.insertInto("restaurant").values(row).execute();
  await writeRestaurantKeys(trx, { id: row.id, name: row.restName });
}

export async function insertCustomer(trx: Transaction<DB>, row: Insertable<CustomerTable>) {
  await trx.insertInto("customer").values(row).execute();
}

export async function insertAdmin(db: Kysely<DB>, id: string, timestamp: string) {
  await db
    .insertInto("admin")
    .values({ id, timestamp })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export async function deleteUser(db: Kysely<DB>, id: string) {
  await db.deleteFrom("user").where("id", "=", id).execute();
}

export async function findUserIdByEmail(db: Kysely<DB>, email: string) {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row?.id;
}

export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom("user").select(["id", "name", "email"]).where("email", "=", email).executeTakeFirst();
}

export async function findCustomerProfile(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("customer")
    .select(["firstName", "lastName", "about", "country", "profileImageUrl", "coverImageUrl", "username"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** ADR 0033: why an admin suspended the account, or undefined when it is not suspended. */
export async function findSuspensionReason(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("account_suspension")
    .select("reason")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.reason;
}

/** Signs out the one session of this token (a login refused after the password). */
export async function deleteSession(db: Kysely<DB>, token: string) {
  await db.deleteFrom("session").where("token", "=", token).execute();
}
