import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { FormValues } from "~/lib/forms.ts";
import { fail, type Result } from "~/lib/result.ts";
import { isSubmissionToken, SUBMISSION_FIELD } from "~/lib/submissions.ts";
import { SUBMISSION_MESSAGES } from "~/lib/submissions.messages.ts";
import type { DB } from "./db-schema.server.ts";
import type { Services } from "./services.server.ts";
import * as q from "./submissions.queries.server.ts";

/** The forms whose posts count once (ADR 0032); a token is one form's, never another's. */
export type SubmittedForm = "review" | "dish" | "section" | "branch" | "signup" | "import";

/** One post of a create form: by whom, which form, its token, and a hash of what it sent. */
export interface Submission extends q.SubmissionKey {
  fingerprint: string;
}

/** A replay older than this is no replay: the page it came from was long gone. */
export const SUBMISSION_KEPT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const lastSweep = new WeakMap<object, number>();

/**
 * The submission a post makes, or null when it carries no token (a client that sends
 * none, as before ADR 0032: its post is made as it comes). Passwords stay out of the
 * hash; files go in, so a replay is the same post only with the same photos.
 */
export function submissionOf(
  form: SubmittedForm,
  accountId: string,
  input: unknown,
  files: Iterable<Uint8Array> = [],
): Submission | null {
  if (typeof input !== "object" || input === null) return null;
  const token = (input as FormValues)[SUBMISSION_FIELD];
  if (!isSubmissionToken(token)) return null;
  return namedSubmission(form, accountId, token, input, files);
}

/** A submission whose token is the id of what it acts on (an import is committed once). */
export function namedSubmission(
  form: SubmittedForm,
  accountId: string,
  token: string,
  input: unknown,
  files: Iterable<Uint8Array> = [],
): Submission {
  const values = (typeof input === "object" && input !== null ? input : {}) as FormValues;
  const hash = createHash("sha256");
  for (const key of Object.keys(values).toSorted()) {
    if (key === SUBMISSION_FIELD || /password/i.test(key)) continue;
    hash.update(JSON.stringify([key, values[key]]));
  }
  for (const bytes of files) hash.update(createHash("sha256").update(bytes).digest());
  return { form, accountId, token, fingerprint: hash.digest("base64url") };
}

/**
 * What the first post of this submission was answered, or null when none was stored.
 * The same token with other contents is refused: that is an old form sent again
 * after it was edited, and its answer would claim the new contents were saved.
 */
export async function firstAnswer<T extends object>(
  services: Pick<Services, "database" | "log">,
  submission: Submission | null,
): Promise<Result<T> | null> {
  if (!submission) return null;
  sweepNowAndThen(services);
  const row = await q.findSubmission(services.database.db, submission);
  if (!row) return null;
  if (row.fingerprint !== submission.fingerprint) {
    return fail(422, SUBMISSION_MESSAGES.sentAlready, { level: "warning" });
  }
  services.log.info(
    { form: submission.form, accountId: submission.accountId },
    "a post sent again: first answer",
  );
  return { ok: true, ...(JSON.parse(row.answer) as T) };
}

/**
 * firstAnswer, waiting up to `ms` for it: after a failure that a twin post of the same
 * submission can cause before it commits (it took the video upload both name), the
 * twin's answer is the one to give.
 */
export async function firstAnswerWithin<T extends object>(
  services: Pick<Services, "database" | "log">,
  submission: Submission | null,
  ms: number,
): Promise<Result<T> | null> {
  if (!submission) return null;
  const until = Date.now() + ms;
  for (;;) {
    const answer = await firstAnswer<T>(services, submission);
    if (answer || Date.now() >= until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Written in the transaction that makes the submission's rows: they are kept
 * together or not at all. A twin post that got here first holds the key, so this
 * insert fails and rolls its transaction back (then firstAnswer has the twin's).
 */
export async function recordAnswer(
  trx: Transaction<DB>,
  submission: Submission | null,
  answer: object,
): Promise<void> {
  if (!submission) return;
  await q.insertSubmission(trx, {
    accountId: submission.accountId,
    form: submission.form,
    token: submission.token,
    fingerprint: submission.fingerprint,
    answer: JSON.stringify(answer),
    createdAt: new Date().toISOString(),
  });
}

/** Deletes the submissions older than SUBMISSION_KEPT_DAYS; how many. */
export function sweepSubmissions(services: Pick<Services, "database">, now = Date.now()): Promise<number> {
  const before = new Date(now - SUBMISSION_KEPT_DAYS * DAY_MS).toISOString();
  return q.deleteSubmissionsBefore(services.database.db, before);
}

/** At most once an hour per process, started by the posts themselves: no timer to stop. */
function sweepNowAndThen(services: Pick<Services, "database" | "log">) {
  const now = Date.now();
  if (now - (lastSweep.get(services.database) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(services.database, now);
  sweepSubmissions(services, now).catch((error: unknown) =>
    services.log.warn({ err: error }, "submissions: sweep failed"),
  );
}
