import { z } from "zod";
import {
  customerSignupSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  restaurantSignupSchema,
} from "../accounts/accounts.schema.ts";

/** What 'Update Your Profile' may change; email, role and flags are not in it. */
export const customerProfileSchema = customerSignupSchema.pick({
  username: true,
  firstName: true,
  lastName: true,
  about: true,
  contact: true,
});
export type CustomerProfileInput = z.infer<typeof customerProfileSchema>;

/** What a restaurant owner may change; the name and urlName stay fixed. */
export const restaurantProfileSchema = restaurantSignupSchema.pick({
  restType: true,
  restOthertypes: true,
  hasDelivery: true,
  about: true,
  contact: true,
  contacttwo: true,
  address: true,
  restWebsite: true,
  restWhatsapp: true,
  restInsta: true,
  restFb: true,
  restX: true,
  sociallinks: true,
});
export type RestaurantProfileInput = z.infer<typeof restaurantProfileSchema>;

/** The 'Update Your Profile' form of a role (an admin has none: they get the customer's, which has no lists). */
export function profileSchemaOf(role: "customer" | "restaurant" | "admin") {
  return role === "restaurant" ? restaurantProfileSchema : customerProfileSchema;
}

export const PASSWORD_MESSAGES = {
  currentMissing: "Please enter your current password.",
  mismatch: "New passwords do not match.",
  wrongCurrent: "Current password is incorrect.",
  tooMany: "Too many attempts. Try again later.",
  failed: "Failed to change password. Please try again.",
  changed: "Password changed successfully!",
} as const;

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: PASSWORD_MESSAGES.currentMissing })
      .min(1, PASSWORD_MESSAGES.currentMissing),
    newPassword: z
      .string({ error: "Please enter a new password." })
      .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
      .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
    confirmPassword: z.string().default(""),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ["confirmPassword"],
  });

export const PROFILE_MESSAGES = {
  updated: "Profile details updated",
  failed: "Could not update the profile details",
} as const;
