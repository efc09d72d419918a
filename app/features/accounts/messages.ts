import { keyed } from "~/lib/message.ts";
/** product rules §8 texts (word for word) and Foodverse's own, used by screens and use cases. */
export const MESSAGES = {
  nameTaken: "Restaurant name already exists. Try a different name.",
  signupFailed: "Something went wrong. Please contact Foodverse support.",
  signupOk: "Sign Up was successful",
  noData: "Sorry, no data found for this user. Please sign up.",
  badCredentials: "Bad user credentials",
  tooMany: "Too many attempts. Try again later.",
  resetSent: "Email was sent",
  resetFailed: "Could not sent reset password",
  // The answer to a sign-up with an address that has an account: it must not say so (ADR 0016).
  signupCheckEmail: "Please check your email to continue.",
  checkFields: "Please check the highlighted fields.",
  resetDone: "Your password was changed. Log in with the new password.",
  resetInvalid: "This reset link has expired or was already used. Ask for a new one.",
  suspended: (reason: string) => keyed("Your account is suspended. Reason: {{reason}}", { reason }),
} as const;
