import { z } from "zod";

export const RESTAURANT_STATUSES = ["pending", "approved", "rejected", "suspended"] as const;
export type RestaurantStatus = (typeof RESTAURANT_STATUSES)[number];

export const STATUS_LABEL: Record<RestaurantStatus, string> = {
  pending: "Awaiting approval",
  approved: "Approved",
  rejected: "Rejected",
  suspended: "Suspended",
};

export const ADMIN_MESSAGES = {
  reasonRequired: "Please give a reason the owner will see.",
  restaurantNotFound: "Restaurant not found",
  reviewNotFound: "Review not found",
  notPending: "Only a restaurant awaiting approval can be rejected.",
  notApproved: "Only an approved restaurant can be suspended.",
  alreadyApproved: "This restaurant is already approved.",
  approved: (name: string) => `${name} approved. Its menus are public.`,
  rejected: (name: string) => `${name} rejected. The owner sees your reason.`,
  suspended: (name: string) => `${name} suspended. Its menus are hidden.`,
  hidden: "Review hidden.",
  restored: "Review restored.",
  dismissed: "Report dismissed.",
  noPending: "No restaurants are waiting for approval.",
  noReports: "No reported reviews.",
  noUsers: "No users match your search.",
  noAudit: "No admin actions yet.",
} as const;

const reason = z.string().trim().max(500, "Please keep the reason under 500 characters.");

export const restaurantDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), reason: reason.optional().default("") }),
  z.object({ intent: z.literal("reject"), reason: reason.min(1, ADMIN_MESSAGES.reasonRequired) }),
  z.object({ intent: z.literal("suspend"), reason: reason.min(1, ADMIN_MESSAGES.reasonRequired) }),
]);
export type RestaurantDecision = z.infer<typeof restaurantDecisionSchema>;

export const reviewDecisionSchema = z.object({
  reviewId: z.string().min(1),
  intent: z.enum(["hide", "restore", "dismiss"]),
});

/** What the audit log calls each action. */
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  "restaurant.approve": "Approved restaurant",
  "restaurant.reject": "Rejected restaurant",
  "restaurant.suspend": "Suspended restaurant",
  "review.hide": "Hid review",
  "review.restore": "Restored review",
  "review.dismiss": "Dismissed report",
};
