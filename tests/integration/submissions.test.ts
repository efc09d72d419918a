import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer } from "~/features/accounts/accounts.server.ts";
import { getViewer } from "~/features/accounts/access.server.ts";
import { MESSAGES } from "~/features/accounts/messages.ts";
import { addBranch } from "~/features/branches/branches.server.ts";
import * as menus from "~/features/menus/menus.server.ts";
import { REVIEW_MESSAGES as R } from "~/features/reviews/reviews.schema.ts";
import { postReview, reportReview } from "~/features/reviews/reviews.server.ts";
import type { FormValues } from "~/lib/forms.ts";
import { newSubmissionToken, SUBMISSION_FIELD } from "~/lib/submissions.ts";
import { SUBMISSION_MESSAGES } from "~/lib/submissions.messages.ts";
import { sweepSubmissions, SUBMISSION_KEPT_DAYS } from "~/server/submissions.server.ts";
import { signedUpCustomer, signedUpOwner } from "../setup/accounts.ts";
import { customerInput, itemInput, itemViews } from "../setup/factories.ts";
import { photoWithGps } from "../setup/images.ts";
import { createTestServices, headersWithCookies, type TestServices } from "../setup/test-services.ts";
import { inEnglish } from "~/lib/message.ts";

// ADR 0032: a post in flight when a process died was stored, the diner saw an error
// page and posted again. Each create form carries a token (ADR 0032): the same post sent
// again (one after the other, or both at once) is stored once and answered as the first
// was; another account's post of the same token is its own; a token sent with other
// contents is refused. Run on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({ APPROVAL_MODE: "auto", MAX_VIDEO_BYTES: String(1024 * 1024) });
});
afterAll(() => services.close());

const TWINS = 4;
const db = () => services.database.db;

async function restaurantWithBranch() {
  const owner = await signedUpOwner(services);
  const section = await menus.addSection(services, owner.id, { originalName: "Mains" });
  if (!section.ok) throw new Error(inEnglish(section.message));
  const branch = await addBranch(services, owner.id, { branchName: "Main" });
  if (!branch.ok) throw new Error(inEnglish(branch.message));
  return { ...owner, sectionId: section.id, branchUrl: branch.branchUrl };
}

const submissionsOf = (accountId: string) =>
  db()
    .selectFrom("submission")
    .select(["form", "token", "answer"])
    .where("accountId", "=", accountId)
    .execute();

async function reviewsBy(authorId: string) {
  return db()
    .selectFrom("review")
    .select(["id", "reviewPics", "reviewVideo"])
    .where("authorId", "=", authorId)
    .execute();
}

async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of services.storage.list(prefix)) keys.push(object.key);
  return keys.toSorted();
}

/** A finished tus upload of a small MP4 by the customer whose session is in `cookies`. */
async function uploadedVideo(cookies: Headers): Promise<string> {
  const head = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from("ftypisom"),
    0,
    0,
    2,
    0,
    ...Buffer.from("isomiso2"),
  ]);
  const bytes = Buffer.concat([head, randomBytes(4096 - head.length)]);
  const tus = (method: string, url: string, extra: Record<string, string>, body?: Buffer) => {
    const headers = new Headers(cookies);
    for (const [name, value] of Object.entries({ "tus-resumable": "1.0.0", ...extra }))
      headers.set(name, value);
    return services.videos.server.handleWeb(
      new Request(url, { method, headers, body: body ? new Uint8Array(body) : undefined }),
    );
  };
  const created = await tus("POST", "http://localhost:3000/uploads/video", {
    "upload-length": String(bytes.length),
  });
  expect(created.status).toBe(201);
  const location = created.headers.get("location")!;
  const patched = await tus(
    "PATCH",
    location,
    { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
    bytes,
  );
  expect(patched.status).toBe(204);
  return location.split("/").pop()!;
}

/** TWINS posts of one review at once: one review is stored, and each is answered with it. */
async function postedAtOnce(authorId: string, r: { urlName: string; branchUrl: string }, values: FormValues) {
  const answers = await Promise.all(
    Array.from({ length: TWINS }, () => postReview(services, authorId, r, { values, photos: [] })),
  );
  const [review, ...others] = await reviewsBy(authorId);
  expect(others).toEqual([]);
  expect(answers).toEqual(Array.from({ length: TWINS }, () => ({ ok: true, id: review!.id })));
  return review!;
}

describe("a review posted again", () => {
  it("is answered as the first time, stored once with its photos once", async () => {
    const r = await restaurantWithBranch();
    const author = await signedUpCustomer(services);
    const photo = await photoWithGps(400, 300);
    const values = {
      rating: "5",
      review: "Posted while the server restarted.",
      [SUBMISSION_FIELD]: newSubmissionToken(),
    };
    const first = await postReview(services, author.id, r, { values, photos: [photo] });
    expect(first.ok).toBe(true);
    const images = await storedKeys("img/");
    const again = await postReview(services, author.id, r, { values, photos: [photo] });
    expect(again).toEqual(first);
    const reviews = await reviewsBy(author.id);
    expect(reviews.map((row) => row.id)).toEqual([first.ok && first.id]);
    expect(JSON.parse(reviews[0]!.reviewPics)).toHaveLength(1);
    // The second post's photo was neither stored nor left behind.
    expect(await storedKeys("img/")).toEqual(images);
    expect(await submissionsOf(author.id)).toEqual([
      { form: "review", token: values[SUBMISSION_FIELD], answer: JSON.stringify({ id: reviews[0]!.id }) },
    ]);
    const stats = await db()
      .selectFrom("restaurant")
      .select(["restNoofReviews", "restRating"])
      .where("id", "=", r.id)
      .executeTakeFirstOrThrow();
    expect(stats).toEqual({ restNoofReviews: 1, restRating: 5 });
  });

  it(`stores one review when ${TWINS} posts of it arrive at once, all answered alike`, async () => {
    const r = await restaurantWithBranch();
    const author = await signedUpCustomer(services);
    const values = {
      rating: "4",
      review: "Double-tapped the button.",
      [SUBMISSION_FIELD]: newSubmissionToken(),
    };
    const review = await postedAtOnce(author.id, r, values);
    expect(JSON.parse(review.reviewPics)).toEqual([]);
  });

  it("with a video: twins at once store one review and one video; the upload is gone", async () => {
    const r = await restaurantWithBranch();
    const author = await signedUpCustomer(services);
    const videosBefore = await storedKeys("vid/");
    const videoUpload = await uploadedVideo(author.cookies);
    const values = {
      rating: "3",
      review: "With a clip.",
      videoUpload,
      [SUBMISSION_FIELD]: newSubmissionToken(),
    };
    const review = await postedAtOnce(author.id, r, values);
    expect(review.reviewVideo).toMatch(new RegExp(`^/media/vid/${review.id}\\.mp4$`));
    expect((await storedKeys("vid/")).filter((key) => !videosBefore.includes(key))).toEqual([
      `vid/${review.id}.mp4`,
    ]);
    const tusFiles = fs.readdirSync(path.join(services.dataDir, "tus"));
    expect(tusFiles.filter((name) => name.startsWith(videoUpload))).toEqual([]);
    // Sent again later, the claimed upload is not asked for: the first answer comes back.
    expect(await postReview(services, author.id, r, { values, photos: [] })).toEqual({
      ok: true,
      id: review.id,
    });
  });

  it("by another account with the same token is that account's own post, never the first's answer", async () => {
    const r = await restaurantWithBranch();
    const first = await signedUpCustomer(services);
    const other = await signedUpCustomer(services);
    const values = { rating: "5", review: "Mine.", [SUBMISSION_FIELD]: newSubmissionToken() };
    const mine = await postReview(services, first.id, r, { values, photos: [] });
    expect(mine.ok).toBe(true);
    // The very same form, token and all, sent by someone else: their review, their answer.
    const theirs = await postReview(services, other.id, r, { values, photos: [] });
    expect(theirs.ok).toBe(true);
    expect(theirs.ok && mine.ok && theirs.id !== mine.id).toBe(true);
    expect((await reviewsBy(other.id)).map((row) => row.id)).toEqual([theirs.ok && theirs.id]);
    expect((await reviewsBy(first.id)).map((row) => row.id)).toEqual([mine.ok && mine.id]);
    // A third account's post of the token to a branch it may not review tells nothing of the others.
    const third = await signedUpCustomer(services);
    const refused = await postReview(
      services,
      third.id,
      { urlName: r.urlName, branchUrl: "nowhere" },
      {
        values,
        photos: [],
      },
    );
    expect(refused).toMatchObject({ ok: false, status: 404 });
    expect(await submissionsOf(third.id)).toEqual([]);
  });

  it("with the same token and other contents is refused, and nothing is stored", async () => {
    const r = await restaurantWithBranch();
    const author = await signedUpCustomer(services);
    const token = newSubmissionToken();
    const first = await postReview(services, author.id, r, {
      values: { rating: "2", review: "Cold naan.", [SUBMISSION_FIELD]: token },
      photos: [],
    });
    expect(first.ok).toBe(true);
    const edited = await postReview(services, author.id, r, {
      values: { rating: "4", review: "Cold naan, great tea.", [SUBMISSION_FIELD]: token },
      photos: [],
    });
    expect(edited).toMatchObject({ ok: false, status: 422, message: SUBMISSION_MESSAGES.sentAlready });
    expect(await reviewsBy(author.id)).toHaveLength(1);
  });

  it("without a token (or with one that is no token) is made as it comes, as before", async () => {
    const r = await restaurantWithBranch();
    const author = await signedUpCustomer(services);
    const values = { rating: "5", review: "No scripts, old client.", [SUBMISSION_FIELD]: "not-a-token" };
    expect((await postReview(services, author.id, r, { values, photos: [] })).ok).toBe(true);
    expect(await postReview(services, author.id, r, { values, photos: [] })).toMatchObject({
      ok: false,
      status: 429,
      message: R.oncePerDay,
    });
    expect(await submissionsOf(author.id)).toEqual([]);
  });

  it("that was refused leaves no token behind: corrected, the same form is stored", async () => {
    const r = await restaurantWithBranch();
    const author = await signedUpCustomer(services);
    const token = newSubmissionToken();
    const refused = await postReview(services, author.id, r, {
      values: { rating: "", [SUBMISSION_FIELD]: token },
      photos: [],
    });
    expect(refused).toMatchObject({ ok: false, status: 400 });
    const posted = await postReview(services, author.id, r, {
      values: { rating: "3", [SUBMISSION_FIELD]: token },
      photos: [],
    });
    expect(posted.ok).toBe(true);
  });
});

describe("the owner's dishes, sections and branches posted again", () => {
  it("add one dish, with its pictures once, answered alike", async () => {
    const r = await restaurantWithBranch();
    const photo = await photoWithGps(320, 240);
    const form = {
      values: { ...itemInput(r.sectionId, { name: "Daal Mash" }), [SUBMISSION_FIELD]: newSubmissionToken() },
      files: itemViews(photo),
    };
    const answers = [await menus.addItem(services, r.id, form)];
    const images = await storedKeys("img/");
    answers.push(
      ...(await Promise.all(Array.from({ length: TWINS }, () => menus.addItem(services, r.id, form)))),
    );
    const dishes = await db()
      .selectFrom("menu_item")
      .select("id")
      .where("restaurantId", "=", r.id)
      .where("name", "=", "Daal Mash")
      .where("branchId", "is", null)
      .execute();
    expect(dishes).toHaveLength(1);
    expect(answers).toEqual(Array.from({ length: TWINS + 1 }, () => ({ ok: true, id: dishes[0]!.id })));
    // The replays stored no picture, and left none behind.
    expect(await storedKeys("img/")).toEqual(images);
  });

  it("add one section when its twins arrive at once", async () => {
    const r = await restaurantWithBranch();
    const input = { originalName: "Desserts", [SUBMISSION_FIELD]: newSubmissionToken() };
    const answers = await Promise.all(
      Array.from({ length: TWINS }, () => menus.addSection(services, r.id, input)),
    );
    const sections = await db()
      .selectFrom("menu_section")
      .select("id")
      .where("restaurantId", "=", r.id)
      .where("originalName", "=", "Desserts")
      .where("branchId", "is", null)
      .execute();
    expect(sections).toHaveLength(1);
    expect(answers).toEqual(Array.from({ length: TWINS }, () => ({ ok: true, id: sections[0]!.id })));
    expect(await menus.addSection(services, r.id, input)).toEqual(answers[0]);
  });

  it("add one branch, whose name is not 'taken' by the first post", async () => {
    const r = await restaurantWithBranch();
    const input = { branchName: "Blue Area", [SUBMISSION_FIELD]: newSubmissionToken() };
    const answers = await Promise.all(Array.from({ length: TWINS }, () => addBranch(services, r.id, input)));
    expect(answers[0]!.ok).toBe(true);
    expect(answers).toEqual(Array.from({ length: TWINS }, () => answers[0]));
    expect(await addBranch(services, r.id, input)).toEqual(answers[0]);
    const branches = await db()
      .selectFrom("branch")
      .select("branchUrl")
      .where("restaurantId", "=", r.id)
      .execute();
    expect(branches).toHaveLength(2);
    const { restNoofBranches } = await db()
      .selectFrom("restaurant")
      .select("restNoofBranches")
      .where("id", "=", r.id)
      .executeTakeFirstOrThrow();
    expect(restNoofBranches).toBe(2);
  });
});

const userCount = async (email: string) =>
  (await db().selectFrom("user").select("id").where("email", "=", email).execute()).length;

describe("a sign-up posted again", () => {
  it("signs its owner in as the first did, with one account and no 'someone used your address' mail", async () => {
    const fields = customerInput();
    const input = { ...fields, [SUBMISSION_FIELD]: newSubmissionToken() };
    const first = await signUpCustomer(services, input, new Headers());
    expect(first.ok).toBe(true);
    const mails = services.outbox.length;
    const again = await signUpCustomer(services, input, new Headers());
    expect(again.ok).toBe(true);
    const viewer = await getViewer(services, headersWithCookies(again.ok ? again.headers : new Headers()));
    expect(viewer?.role).toBe("customer");
    expect(await userCount(String(fields.email))).toBe(1);
    expect(services.outbox.length).toBe(mails);
  });

  // Three: a mailbox's sign-ups an hour (SIGNUP_MAX_PER_EMAIL); a fourth at once would be refused by it.
  it("makes one account when 3 posts of it arrive at once, each answered signed in", async () => {
    const fields = customerInput();
    const input = { ...fields, [SUBMISSION_FIELD]: newSubmissionToken() };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => signUpCustomer(services, input, new Headers())),
    );
    expect(answers.map((a) => (a.ok ? true : a))).toEqual([true, true, true]);
    expect(await userCount(String(fields.email))).toBe(1);
    const customers = await db()
      .selectFrom("customer")
      .select("id")
      .where("email", "=", String(fields.email))
      .execute();
    expect(customers).toHaveLength(1);
  });

  it("with the token but another password gets the neutral answer, signed out", async () => {
    const fields = customerInput();
    const input = { ...fields, [SUBMISSION_FIELD]: newSubmissionToken() };
    expect((await signUpCustomer(services, input, new Headers())).ok).toBe(true);
    const guess = await signUpCustomer(services, { ...input, password: "not-the-password-9" }, new Headers());
    expect(guess).toMatchObject({ ok: false, status: 202, message: MESSAGES.signupCheckEmail });
  });
});

describe("a report posted again", () => {
  it("is answered as the first; another reason is 'already reported'; one report is kept", async () => {
    const r = await restaurantWithBranch();
    const author = await signedUpCustomer(services);
    const posted = await postReview(services, author.id, r, { values: { rating: "1" }, photos: [] });
    if (!posted.ok) throw new Error(inEnglish(posted.message));
    const reporter = await signedUpCustomer(services);
    const report = { reviewId: posted.id, reason: "Not about this restaurant." };
    expect(await reportReview(services, reporter.id, report)).toEqual({ ok: true });
    expect(await reportReview(services, reporter.id, report)).toEqual({ ok: true });
    expect(await reportReview(services, reporter.id, { ...report, reason: "Spam." })).toMatchObject({
      ok: false,
      status: 409,
      message: R.alreadyReported,
    });
    const reports = await db()
      .selectFrom("review_report")
      .select("reason")
      .where("reviewId", "=", posted.id)
      .execute();
    expect(reports).toEqual([{ reason: report.reason }]);
  });
});

describe("old submissions", () => {
  it(`are swept after ${SUBMISSION_KEPT_DAYS} days; newer ones stay`, async () => {
    const account = await signedUpCustomer(services);
    const day = 24 * 60 * 60 * 1000;
    const row = (token: string, ageDays: number) => ({
      accountId: account.id,
      form: "review",
      token,
      fingerprint: "x",
      answer: "{}",
      createdAt: new Date(Date.now() - ageDays * day).toISOString(),
    });
    const old = newSubmissionToken();
    const recent = newSubmissionToken();
    await db()
      .insertInto("submission")
      .values([row(old, SUBMISSION_KEPT_DAYS + 1), row(recent, SUBMISSION_KEPT_DAYS - 1)])
      .execute();
    expect(await sweepSubmissions(services)).toBeGreaterThanOrEqual(1);
    expect((await submissionsOf(account.id)).map((s) => s.token)).toEqual([recent]);
  });
});
