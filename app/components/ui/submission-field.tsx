import { SUBMISSION_FIELD } from "~/lib/submissions.ts";

/** A create form's token (ADR 0032), as its page's loader made it: a second post of it is stored once. */
export function SubmissionField({ token }: { token: string }) {
  return <input type="hidden" name={SUBMISSION_FIELD} value={token} />;
}
