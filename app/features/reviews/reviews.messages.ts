import { keyed } from "~/lib/message.ts";
// Client-safe and zod-free, so pages that only show these texts don't download the validator.

/** product rules §2/§8 texts, word for word, and Foodverse's own. */
export const REVIEW_MESSAGES = {
  loading: "Loading...",
  loadingBranch: "Loading branch information...",
  ratingMissing: "Please choose a rating from 1 to 5 stars.",
  posted: "Thanks! Your review was posted.",
  postFailed: "Your review could not be posted. Please try again.",
  oncePerDay: "You have already reviewed this branch today. You can post again tomorrow.",
  tooManyPhotos: (max: number) => keyed("Add at most {{max}} photos.", { max }),
  customersOnly: "Only customer accounts can write reviews.",
  notTakingReviews: "This restaurant is not taking reviews yet.",
  deleteConfirm: "Are you sure you want to delete this review?",
  deleted: "Review deleted successfully!",
  deleteFailed: "Something went wrong while deleting the review.",
  none: "You haven't submitted any reviews yet",
  noneForBranch: "No reviews yet for this branch.",
  noRecent: "No recent reviews for this restaurant",
  unknownDate: "Unknown date",
  replySaved: "Your reply was saved.",
  replyMissing: "Please write a reply.",
  reported: "Thanks, the review was reported.",
  alreadyReported: "You have already reported this review.",
  reasonMissing: "Please say what is wrong with this review.",
  notFound: "Review not found",
  /** Issue 33, ADR 0046: posted with a pass from a printed table code of the branch. */
  tableVerified: "Reviewed after scanning at the table",
  photoDishUnknown: "Choose a dish of this branch's menu for each photo, or none.",
} as const;

/** Reviews from these days back make a dish 'popular here' (issue 33, ADR 0046). */
export const POPULAR_DAYS = 90;
/** Dishes 'popular here' lists, at most. */
export const POPULAR_SHOWN = 5;

export const MAX_REVIEW_PHOTOS = 6;
export const REVIEWS_PER_PAGE = 10;
export const RECENT_REVIEWS_PER_RESTAURANT = 10;
export const RESTAURANTS_PER_REVIEWS_PAGE = 6;
