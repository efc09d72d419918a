/** What a person reads about a form sent twice (ADR 0032). */
export const SUBMISSION_MESSAGES = {
  // The post left the browser and no answer came back: it may have been stored or not.
  unanswered: "We could not reach Foodverse. Send it again: it will not be saved twice.",
  // The token of a post already made, with other contents (an old page sent again, edited).
  sentAlready: "This form was sent already. Open it again to send something new.",
} as const;
