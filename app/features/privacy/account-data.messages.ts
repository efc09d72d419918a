// Client-safe: the 'Your data' screens show these texts (issue 34, item 6).
export const ACCOUNT_DATA_MESSAGES = {
  passwordMissing: "Please enter your password.",
  wrongPassword: "Password is incorrect.",
  tooMany: "Too many attempts. Try again later.",
  deleteFailed: "Your account could not be deleted. Nothing was changed. Please try again.",
  customerDeleted: "Your account and everything you wrote have been deleted.",
  restaurantClosed: "Your restaurant has been closed and your account deleted.",
  notFound: "Account not found.",
} as const;
