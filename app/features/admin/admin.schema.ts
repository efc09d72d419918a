import { z } from "zod";
import { keyed } from "~/lib/message.ts";

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
  approved: (name: string) => keyed("{{name}} approved. Its menus are public.", { name }),
  rejected: (name: string) => keyed("{{name}} rejected. The owner sees your reason.", { name }),
  suspended: (name: string) => keyed("{{name}} suspended. Its menus are hidden.", { name }),
  hidden: "Review hidden.",
  restored: "Review restored.",
  dismissed: "Report dismissed.",
  noPending: "No restaurants are waiting for approval.",
  noReports: "No reported reviews.",
  noUsers: "No users match your search.",
  noAudit: "No admin actions yet.",
  userNotFound: "Account not found",
  locksUnavailable:
    "The locks cannot be read just now: Redis, where they are kept, is not answering. Try again in a minute.",
  noLocks: (email: string) => keyed("No locks on {{email}}: it can sign in.", { email }),
  unlocked: (email: string, n: number) => keyed("{{email}} unlocked. Locks cleared: {{n}}.", { email, n }),
  suspendReasonRequired: "Please give a reason: the person reads it when they try to log in.",
  suspendSelf: "You cannot suspend your own account.",
  suspendAdmin: "An admin's account cannot be suspended.",
  notSuspendable: "Only a customer or a restaurant owner can be suspended.",
  unknownAccountDecision: "Please choose Suspend account or Restore account.",
  alreadySuspended: (email: string) => keyed("{{email}} is already suspended.", { email }),
  notSuspended: (email: string) => keyed("{{email}} is not suspended.", { email }),
  customerSuspended: (email: string) =>
    keyed("{{email}} suspended and signed out. Their reviews are hidden.", { email }),
  ownerSuspended: (email: string) =>
    keyed("{{email}} suspended and signed out. Their restaurant's menus are hidden.", { email }),
  accountRestored: (email: string) => keyed("{{email}} restored. They can log in again.", { email }),
} as const;

const reason = z.string().trim().max(500, "Please keep the reason under 500 characters.");

export const restaurantDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), reason: reason.optional().default("") }),
  z.object({ intent: z.literal("reject"), reason: reason.min(1, ADMIN_MESSAGES.reasonRequired) }),
  z.object({ intent: z.literal("suspend"), reason: reason.min(1, ADMIN_MESSAGES.reasonRequired) }),
]);
export type RestaurantDecision = z.infer<typeof restaurantDecisionSchema>;

/** ADR 0033: suspending an account needs a reason the person reads at login; restoring may give one. */
export const accountDecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("suspend"),
    // A form without the field is a form with an empty one: the same message.
    reason: z.preprocess((v) => v ?? "", reason.min(1, ADMIN_MESSAGES.suspendReasonRequired)),
  }),
  z.object({ intent: z.literal("restore"), reason: reason.optional().default("") }),
]);

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
  "account.unlock": "Unlocked account",
  "links.rewrite": "Rewrote QR codes and links",
  "account.suspend": "Suspended account",
  "account.restore": "Restored account",
};

/** What each lock an admin can clear keeps the account from (the limits of docs/operations.md). */
export const LOCK_LABEL: Record<string, string> = {
  "login-pair": "Signing in from one address, after wrong passwords",
  "login-account": "Signing in from new addresses, after wrong passwords from many",
  "password-change": "Changing the password, after wrong current passwords",
  "signup-mailbox": "Signing up with this mailbox",
  "reset-mailbox": "Password reset mails to this mailbox",
  "import-owner": "Menu imports",
};
