import { z } from "zod";
import {
  REVIEW_MESSAGES,
  MAX_REVIEW_PHOTOS,
  REVIEWS_PER_PAGE,
  RECENT_REVIEWS_PER_RESTAURANT,
  RESTAURANTS_PER_REVIEWS_PAGE,
} from "./reviews.messages.ts";
import { atMostCharacters } from "~/lib/forms.ts";

export {
  REVIEW_MESSAGES,
  MAX_REVIEW_PHOTOS,
  REVIEWS_PER_PAGE,
  RECENT_REVIEWS_PER_RESTAURANT,
  RESTAURANTS_PER_REVIEWS_PAGE,
};

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.ratingMissing })
    .int(REVIEW_MESSAGES.ratingMissing)
    .min(1, REVIEW_MESSAGES.ratingMissing)
    .max(5, REVIEW_MESSAGES.ratingMissing),
  review: z.string().trim().max(3000, atMostCharacters(3000)).optional().default(""),
});

export const replySchema = z.object({
  reviewId: z.string().min(1),
  text: z
    .string({ error: REVIEW_MESSAGES.replyMissing })
    .trim()
    .min(1, REVIEW_MESSAGES.replyMissing)
    .max(1500, atMostCharacters(1500)),
});

export const reportSchema = z.object({
  reviewId: z.string().min(1),
  reason: z
    .string({ error: REVIEW_MESSAGES.reasonMissing })
    .trim()
    .min(1, REVIEW_MESSAGES.reasonMissing)
    .max(500, atMostCharacters(500)),
});
