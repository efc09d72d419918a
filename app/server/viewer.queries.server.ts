import type { Kysely } from "kysely";
import type { DB } from "./db-schema.server.ts";

export type Role = "restaurant" | "customer" | "admin";

/**
 * product rules §4/§6: the role is whichever table holds the user id, restaurants first,
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
