import type { Insertable, Kysely } from "kysely";
import type { CustomerTable, DB, RestaurantTable } from "~/server/db-schema.server.ts";

export type Role = "restaurant" | "customer" | "admin";

export async function restaurantNameTaken(db: Kysely<DB>, urlName: string): Promise<boolean> {
  const row = await db
    .selectFrom("restaurant")
    .select("id")
    .where("urlName", "=", urlName)
    .executeTakeFirst();
  return !!row;
}

export async function insertRestaurant(db: Kysely<DB>, row: Insertable<RestaurantTable>) {
  await db.insertInto("restaurant").values(row).execute();
}

export async function insertCustomer(db: Kysely<DB>, row: Insertable<CustomerTable>) {
  await db.insertInto("customer").values(row).execute();
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

/**
 * SPEC §4/§6: the role is whichever table holds the user id, restaurants first,
 * then customers; admins are Foodverse's addition.
 */
export async function findAccount(
  db: Kysely<DB>,
  userId: string,
): Promise<{ role: Role; displayName: string; urlName?: string } | undefined> {
  const restaurant = await db
    .selectFrom("restaurant")
    .select(["restName", "urlName"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (restaurant)
    return { role: "restaurant", displayName: restaurant.restName, urlName: restaurant.urlName };
  const customer = await db
    .selectFrom("customer")
    .select(["firstName", "lastName"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (customer) return { role: "customer", displayName: `${customer.firstName} ${customer.lastName}` };
  // An admin is known by the email (the audit log names who acted).
  const admin = await db
    .selectFrom("admin")
    .innerJoin("user", "user.id", "admin.id")
    .select("user.email")
    .where("admin.id", "=", userId)
    .executeTakeFirst();
  if (admin) return { role: "admin", displayName: admin.email };
  return undefined;
}

export async function findCustomerProfile(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("customer")
    .select(["firstName", "lastName", "about", "country", "profileImageUrl", "coverImageUrl", "username"])
    .where("id", "=", id)
    .executeTakeFirst();
}
