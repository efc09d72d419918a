import { APIError } from "better-auth/api";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "~/server/db-schema.server.ts";
import { CLIENT_IP_HEADER, withMailFailure } from "~/server/auth.server.ts";
import { accountExistsMail } from "~/server/reset-mail.server.ts";
import { isUniqueViolation } from "~/server/db-errors.server.ts";
import { qrDataUrl } from "~/server/qr.server.ts";
import type { Services } from "~/server/services.server.ts";
import { restaurantPath, toSlug } from "~/lib/slug.ts";
import {
  customerSignupSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  restaurantSignupSchema,
} from "./accounts.schema.ts";
import { fieldErrors, firstIssue } from "~/lib/forms.ts";
import {
  deleteSession,
  deleteUser,
  findCustomerProfile,
  findSuspensionReason,
  findUserByEmail,
  findUserIdByEmail,
  insertAdmin,
  insertCustomer,
  insertRestaurant,
  restaurantNameTaken,
} from "./accounts.queries.server.ts";
import { findAccount, type Role } from "~/server/viewer.queries.server.ts";
import { reserveLogin, withinMailingLimits } from "~/server/rate-limits.server.ts";
import { firstAnswer, recordAnswer, submissionOf } from "~/server/submissions.server.ts";
import { MESSAGES } from "./messages.ts";
import { fail, type Failure, type Result } from "~/lib/result.ts";

type Authed = Result<{ headers: Headers }>;
/** A sign-up of either kind: the form posted, answered with the new session's cookies. */
type SignUp = (services: Services, input: unknown, requestHeaders: Headers) => Promise<Authed>;

const nameTaken = () =>
  fail(409, MESSAGES.nameTaken, { level: "warning", fieldErrors: { restName: MESSAGES.nameTaken } });

function apiCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body?.code as string | undefined) : undefined;
}

/** createUser's answer when the address has an account already. */
const ADDRESS_USED = Symbol("address used");

/** Creates the better-auth user (signed in) and returns its id and cookie headers. */
async function createUser(
  services: Services,
  body: { name: string; email: string; password: string },
  requestHeaders: Headers,
): Promise<Result<{ userId: string; headers: Headers }> | typeof ADDRESS_USED> {
  try {
    const { headers, response } = await services.auth.api.signUpEmail({
      body,
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { ok: true, userId: response.user.id, headers };
  } catch (error) {
    const code = apiCode(error);
    if (code?.startsWith("USER_ALREADY_EXISTS")) return ADDRESS_USED;
    // Two sign-ups with one address at once: both passed better-auth's check, one insert failed.
    if (await findUserIdByEmail(services.database.db, body.email.trim().toLowerCase())) return ADDRESS_USED;
    services.log.error({ err: error }, "sign-up: user creation failed");
    return fail(error instanceof APIError ? 400 : 500, MESSAGES.signupFailed);
  }
}

/**
 * A sign-up with an address that has an account: the answer must not say so
 * (ADR 0016), so the owner is mailed and the form answers "check your email".
 * A mail that fails changes nothing in the answer.
 */
async function tellTheOwner(services: Services, email: string): Promise<Failure> {
  const owner = await findUserByEmail(services.database.db, email.trim().toLowerCase());
  if (owner) {
    await services.mailer
      .send(accountExistsMail({ email: owner.email, name: owner.name, origin: services.env.PUBLIC_URL }))
      .catch((error: unknown) => services.log.error({ err: error }, "sign-up: account-exists mail failed"));
  }
  services.log.info({ userId: owner?.id }, "sign-up with an address that has an account");
  return fail(202, MESSAGES.signupCheckEmail, { level: "info" });
}

/** 'Too many attempts. Try again later.' once a client or a mailbox has used its sign-ups or reset mails. */
async function overMailingLimit(
  services: Services,
  action: "signup" | "reset",
  email: string,
  requestHeaders: Headers,
): Promise<Failure | null> {
  if ((await withinMailingLimits(services, action, email, requestHeaders)).ok) return null;
  services.log.warn({ action }, "refused: sign-up or reset-mail limit");
  return fail(429, MESSAGES.tooMany);
}

/** How long a sign-up waits for a twin post of itself (sent at once) to commit. */
const TWIN_WAIT_MS = 2000;

/**
 * A sign-up posted again with its form's token, after the first post got no answer
 * (ADR 0032): when that post made the account and the password signs in to it, the
 * answer is the first one's, signed in. Anything else (no such post, another password)
 * goes on as a sign-up with a used address does (ADR 0016): the token alone opens
 * nothing, and the sign-in is counted as any login is.
 */
async function signedUpBefore(
  services: Services,
  input: unknown,
  form: { email: string; password: string },
  requestHeaders: Headers,
): Promise<Authed | null> {
  if (!submissionOf("signup", "", input)) return null;
  const { db } = services.database;
  const email = form.email.trim().toLowerCase();
  const until = Date.now() + TWIN_WAIT_MS;
  for (;;) {
    const userId = await findUserIdByEmail(db, email);
    if (!userId) return null;
    // The profile is read before the token: they commit together, so a profile seen here
    // means its token, if any, is seen next (read the other way round, a twin committing
    // between the two reads looked like someone else's sign-up).
    const profiled = await findAccount(db, userId);
    if (await firstAnswer(services, submissionOf("signup", userId, input))) break;
    // A twin post sent at the same time has made the user and not yet committed its
    // profile with the token: that one is waited for. A user with a profile and without
    // this token is someone else's sign-up.
    if (profiled || Date.now() >= until) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const login = await logIn(
    services,
    { email: form.email, password: form.password },
    { headers: requestHeaders, ip: requestHeaders.get(CLIENT_IP_HEADER) ?? "unknown" },
  );
  return login.ok ? { ok: true, headers: login.headers } : null;
}

/** The new account's profile, and the sign-up's token with it (ADR 0032): both or neither. */
function saveProfile(
  services: Services,
  userId: string,
  input: unknown,
  insert: (trx: Transaction<DB>) => Promise<void>,
) {
  return services.database.db.transaction().execute(async (trx) => {
    await recordAnswer(trx, submissionOf("signup", userId, input), {});
    await insert(trx);
  });
}

/** The answer of a twin post of this sign-up (ADR 0032), when this is one; else `otherwise`. */
async function twinOr(
  services: Services,
  input: unknown,
  form: { email: string; password: string },
  requestHeaders: Headers,
  otherwise: () => Promise<Failure> | Failure,
): Promise<Authed> {
  return (await signedUpBefore(services, input, form, requestHeaders)) ?? otherwise();
}

/** A sign-up's form, or the answer to give at once: its field errors, or a twin post's (ADR 0032). */
async function readSignup<T extends { email: string; password: string }>(
  services: Services,
  schema: z.ZodType<T>,
  input: unknown,
  requestHeaders: Headers,
): Promise<{ form: T } | { answer: Authed }> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    return { answer: fail(400, MESSAGES.checkFields, { fieldErrors: fieldErrors(parsed.error) }) };
  }
  const again = await signedUpBefore(services, input, parsed.data, requestHeaders);
  return again ? { answer: again } : { form: parsed.data };
}

/**
 * The better-auth user of a sign-up within its mailing limit, or the answer to give
 * instead: the limit's, a twin post's, or the mail that tells the address's owner.
 */
async function newUser(
  services: Services,
  input: unknown,
  form: { username: string; email: string; password: string },
  requestHeaders: Headers,
): Promise<{ user: { userId: string; headers: Headers } } | { answer: Authed }> {
  const limited = await overMailingLimit(services, "signup", form.email, requestHeaders);
  if (limited) return { answer: await twinOr(services, input, form, requestHeaders, () => limited) };
  const user = await createUser(
    services,
    { name: form.username, email: form.email, password: form.password },
    requestHeaders,
  );
  if (user === ADDRESS_USED) {
    return {
      answer: await twinOr(services, input, form, requestHeaders, () => tellTheOwner(services, form.email)),
    };
  }
  return user.ok ? { user } : { answer: user };
}

/** What every new account's record starts with, restaurant or customer. */
function newAccount<K extends "restaurant" | "customer">(id: string, usertype: K) {
  return { id, usertype, isactive: 0, chargespaid: "no" } as const;
}

export const signUpRestaurant: SignUp = async (services, input, requestHeaders) => {
  const read = await readSignup(services, restaurantSignupSchema, input, requestHeaders);
  if ("answer" in read) return read.answer;
  const { form } = read;
  const { db } = services.database;
  const urlName = toSlug(form.restName);
  if (await restaurantNameTaken(db, urlName)) return twinOr(services, input, form, requestHeaders, nameTaken);
  const made = await newUser(services, input, form, requestHeaders);
  if ("answer" in made) return made.answer;
  const { user } = made;
  const publicUrl = `${services.env.PUBLIC_URL}${restaurantPath(urlName)}`;
  const qr = await qrDataUrl(publicUrl);
  try {
    await saveProfile(services, user.userId, input, (trx) =>
      insertRestaurant(trx, {
        ...newAccount(user.userId, "restaurant"),
        approvalStatus: services.env.APPROVAL_MODE === "auto" ? "approved" : "pending",
        restName: form.restName,
        urlName,
        restType: form.restType,
        restOthertypes: JSON.stringify(form.restOthertypes),
        country: form.country,
        username: form.username,
        email: form.email,
        address: form.address,
        contact: form.contact,
        contacttwo: form.contacttwo,
        about: form.about,
        restRating: 0,
        restRatingoutof: 5,
        restInsta: form.restInsta,
        restFb: form.restFb,
        restX: form.restX,
        restWhatsapp: form.restWhatsapp,
        restWebsite: form.restWebsite,
        sociallinks: JSON.stringify(form.sociallinks),
        restPriceavg: 0,
        restQRcode: publicUrl,
        restQRimg: qr,
        restNoofReviews: 0,
        restNoofBranches: 0,
        hasDelivery: form.hasDelivery,
        timestamp: new Date().toISOString(),
      }),
    );
  } catch (error) {
    // The user row was made outside this insert (better-auth owns it): undo it,
    // so a failed sign-up leaves no account behind.
    await deleteUser(db, user.userId);
    if (isUniqueViolation(error)) return nameTaken();
    services.log.error({ err: error }, "sign-up: restaurant record failed");
    return fail(500, MESSAGES.signupFailed);
  }
  services.log.info({ userId: user.userId, urlName }, "restaurant signed up");
  return { ok: true, headers: user.headers };
};

export const signUpCustomer: SignUp = async (services, input, requestHeaders) => {
  const read = await readSignup(services, customerSignupSchema, input, requestHeaders);
  if ("answer" in read) return read.answer;
  const { form } = read;
  const made = await newUser(services, input, form, requestHeaders);
  if ("answer" in made) return made.answer;
  const { user } = made;
  const { db } = services.database;
  try {
    await saveProfile(services, user.userId, input, (trx) =>
      insertCustomer(trx, {
        ...newAccount(user.userId, "customer"),
        firstName: form.firstName,
        lastName: form.lastName,
        gender: form.gender,
        country: form.country,
        username: form.username,
        email: form.email,
        contact: form.contact,
        about: form.about,
        sociallinks: JSON.stringify(form.sociallinks),
        timestamp: new Date().toISOString(),
      }),
    );
  } catch (error) {
    await deleteUser(db, user.userId);
    services.log.error({ err: error }, "sign-up: customer record failed");
    return fail(500, MESSAGES.signupFailed);
  }
  services.log.info({ userId: user.userId }, "customer signed up");
  return { ok: true, headers: user.headers };
};

export async function logIn(
  services: Services,
  input: unknown,
  context: { headers: Headers; ip: string },
): Promise<Result<{ headers: Headers; role: Role }>> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    return fail(400, MESSAGES.badCredentials, { fieldErrors: fieldErrors(parsed.error) });
  }
  const { email, password } = parsed.data;
  const { db } = services.database;
  const { log } = services;
  // Places are taken before the password is checked (ADR 0031): counting only failures
  // let a parallel burst have every guess checked before the first failure was written.
  const check = await reserveLogin(services, email, context.ip);
  if (!check) {
    // The logger keeps `email` as a keyed hash, never the address (log.server.ts).
    log.warn({ email, ip: context.ip }, "login refused: rate limit");
    return fail(429, MESSAGES.tooMany);
  }

  let signedIn: { headers: Headers; userId: string; token: string };
  try {
    const { headers, response } = await services.auth.api.signInEmail({
      body: { email, password },
      headers: context.headers,
      returnHeaders: true,
    });
    signedIn = { headers, userId: response.user.id, token: response.token };
  } catch (error) {
    if (!(error instanceof APIError)) {
      await check.cancel();
      throw error;
    }
    const slowed = await check.failed();
    log.warn({ email, ip: context.ip, code: apiCode(error), slowed }, "login failed");
    return slowed ? fail(429, MESSAGES.tooMany) : fail(401, MESSAGES.badCredentials);
  }

  const account = await findAccount(db, signedIn.userId);
  if (!account) {
    await check.cancel();
    // product rules §4: a user in neither collection is signed out again.
    await deleteSession(db, signedIn.token);
    log.warn({ userId: signedIn.userId }, "login refused: no account record");
    return fail(403, MESSAGES.noData);
  }
  // Checked after the password, so only the account's holder learns of the
  // suspension, and after the session is written, so a suspension that commits while
  // this login runs still ends it (the suspension deletes it, or this does).
  const suspension = await findSuspensionReason(db, signedIn.userId);
  if (suspension !== undefined) {
    await check.cancel();
    await deleteSession(db, signedIn.token);
    log.warn({ userId: signedIn.userId }, "login refused: account suspended");
    return fail(403, MESSAGES.suspended(suspension));
  }
  await check.succeeded();
  return { ok: true, headers: signedIn.headers, role: account.role };
}

export async function logOut(services: Services, requestHeaders: Headers): Promise<Headers> {
  try {
    const { headers } = await services.auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    return headers;
  } catch (error) {
    // Already signed out (no session, or it expired): nothing to end.
    services.log.debug({ err: error }, "sign-out without a session");
    return new Headers();
  }
}

/** `requestHeaders` carries the client address of a web request (server/http-app.ts), for the per-client limit. */
export async function requestPasswordReset(
  services: Services,
  input: unknown,
  requestHeaders: Headers = new Headers(),
): Promise<Result<object>> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) {
    return fail(400, firstIssue(parsed.error) ?? MESSAGES.resetFailed, {
      fieldErrors: fieldErrors(parsed.error),
    });
  }
  const limited = await overMailingLimit(services, "reset", parsed.data.email, requestHeaders);
  if (limited) return limited;
  const body = { email: parsed.data.email };
  try {
    const { mailError } = await withMailFailure(() => services.auth.api.requestPasswordReset({ body }));
    if (mailError) throw mailError;
  } catch (error) {
    services.log.error({ err: error }, "password reset mail failed");
    return fail(502, MESSAGES.resetFailed);
  }
  return { ok: true };
}

export async function resetPassword(services: Services, input: unknown): Promise<Result<object>> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    if (errors.token) return fail(400, MESSAGES.resetInvalid);
    return fail(400, MESSAGES.checkFields, { fieldErrors: errors });
  }
  try {
    await services.auth.api.resetPassword({
      body: { newPassword: parsed.data.password, token: parsed.data.token },
    });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    services.log.warn({ code: apiCode(error) }, "password reset refused");
    return fail(400, MESSAGES.resetInvalid);
  }
  return { ok: true };
}

/** For `npm run admin -- create`: makes (or promotes) an admin account. */
export async function createAdmin(
  services: Services,
  input: { email: string; password: string },
): Promise<{ userId: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const { db } = services.database;
  let userId = await findUserIdByEmail(db, email);
  const created = !userId;
  if (userId) {
    const existing = await findAccount(db, userId);
    if (existing && existing.role !== "admin") {
      throw new Error(`${email} belongs to a ${existing.role} account; use another email for the admin.`);
    }
  } else {
    const { user } = await services.auth.api.signUpEmail({
      body: { name: "Admin", email, password: input.password },
    });
    userId = user.id;
  }
  await insertAdmin(db, userId, new Date().toISOString());
  return { userId, created };
}

/** The customer's own profile page. */
export function customerProfile(services: Services, userId: string) {
  return findCustomerProfile(services.database.db, userId);
}
