import { APIError } from "better-auth/api";
import { withMailFailure } from "~/server/auth.server.ts";
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
import { fieldErrors } from "~/lib/forms.ts";
import {
  deleteUser,
  findCustomerProfile,
  findUserByEmail,
  findUserIdByEmail,
  insertAdmin,
  insertCustomer,
  insertRestaurant,
  restaurantNameTaken,
} from "./accounts.queries.server.ts";
import { findAccount, type Role } from "~/server/viewer.queries.server.ts";
import { withinMailingLimits, type MailingAction } from "./account-mail-limits.server.ts";
import { throttleOf } from "./login-throttle.server.ts";
import { MESSAGES } from "./messages.ts";
import { fail, type Failure, type Result } from "~/lib/result.ts";

type Authed = Result<{ headers: Headers }>;

const nameTaken = () =>
  fail(409, MESSAGES.nameTaken, { level: "warning", fieldErrors: { restName: MESSAGES.nameTaken } });

function apiCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body?.code as string | undefined) : undefined;
}

/** Creates the better-auth user (signed in) and returns its id and cookie headers. */
async function createUser(
  services: Services,
  body: { name: string; email: string; password: string },
  requestHeaders: Headers,
): Promise<Result<{ userId: string; headers: Headers }>> {
  try {
    const { headers, response } = await services.auth.api.signUpEmail({
      body,
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { ok: true, userId: response.user.id, headers };
  } catch (error) {
    const code = apiCode(error);
    if (code?.startsWith("USER_ALREADY_EXISTS")) return tellTheOwner(services, body.email);
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

/** 'Too many attempts. Try again later.' once a client or an address has used its sign-ups or reset mails. */
async function overMailingLimit(
  services: Services,
  action: MailingAction,
  email: string,
  requestHeaders: Headers,
): Promise<Failure | null> {
  if (await withinMailingLimits(services, action, email, requestHeaders)) return null;
  services.log.warn({ action }, "refused: sign-up or reset-mail limit");
  return fail(429, MESSAGES.tooMany);
}

export async function signUpRestaurant(
  services: Services,
  input: unknown,
  requestHeaders: Headers,
): Promise<Authed> {
  const parsed = restaurantSignupSchema.safeParse(input);
  if (!parsed.success) {
    return fail(400, MESSAGES.checkFields, { fieldErrors: fieldErrors(parsed.error) });
  }
  const form = parsed.data;
  const { db } = services.database;
  const urlName = toSlug(form.restName);
  if (await restaurantNameTaken(db, urlName)) return nameTaken();
  const limited = await overMailingLimit(services, "signup", form.email, requestHeaders);
  if (limited) return limited;

  const user = await createUser(
    services,
    { name: form.username, email: form.email, password: form.password },
    requestHeaders,
  );
  if (!user.ok) return user;
  const publicUrl = `${services.env.PUBLIC_URL}${restaurantPath(urlName)}`;
  try {
    await insertRestaurant(db, {
      id: user.userId,
      usertype: "restaurant",
      isactive: 0,
      chargespaid: "no",
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
      restQRimg: await qrDataUrl(publicUrl),
      restNoofReviews: 0,
      restNoofBranches: 0,
      hasDelivery: form.hasDelivery,
      timestamp: new Date().toISOString(),
    });
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
}

export async function signUpCustomer(
  services: Services,
  input: unknown,
  requestHeaders: Headers,
): Promise<Authed> {
  const parsed = customerSignupSchema.safeParse(input);
  if (!parsed.success) {
    return fail(400, MESSAGES.checkFields, { fieldErrors: fieldErrors(parsed.error) });
  }
  const form = parsed.data;
  const { db } = services.database;
  const limited = await overMailingLimit(services, "signup", form.email, requestHeaders);
  if (limited) return limited;
  const user = await createUser(
    services,
    { name: form.username, email: form.email, password: form.password },
    requestHeaders,
  );
  if (!user.ok) return user;
  try {
    await insertCustomer(db, {
      id: user.userId,
      usertype: "customer",
      isactive: 0,
      chargespaid: "no",
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
    });
  } catch (error) {
    await deleteUser(db, user.userId);
    services.log.error({ err: error }, "sign-up: customer record failed");
    return fail(500, MESSAGES.signupFailed);
  }
  services.log.info({ userId: user.userId }, "customer signed up");
  return { ok: true, headers: user.headers };
}

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
  const { env, log } = services;
  const accountKey = `account:${email}`;
  const ipKey = `ip:${context.ip}`;
  const accountRule = { maxAttempts: env.LOGIN_MAX_FAILURES, seconds: env.LOGIN_LOCK_SECONDS };
  const ipRule = { maxAttempts: env.LOGIN_IP_MAX_FAILURES, seconds: env.LOGIN_LOCK_SECONDS };
  const throttle = throttleOf(services);
  // Reserved before the password is checked: counting only failures let a parallel
  // burst have every guess checked before the first failure was written.
  const reservedAccount = await throttle.reserve(accountKey, accountRule);
  const reservedIp = reservedAccount && (await throttle.reserve(ipKey, ipRule));
  if (!reservedAccount || !reservedIp) {
    if (reservedAccount) await throttle.release(accountKey);
    log.warn({ email, ip: context.ip }, "login refused: throttled");
    return fail(429, MESSAGES.tooMany);
  }
  const releaseBoth = async () => {
    await throttle.release(accountKey);
    await throttle.release(ipKey);
  };

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
      await releaseBoth();
      throw error;
    }
    const lockedAccount = await throttle.recordFailure(accountKey, accountRule);
    const lockedIp = await throttle.recordFailure(ipKey, ipRule);
    log.warn({ email, ip: context.ip, code: apiCode(error), lockedAccount, lockedIp }, "login failed");
    return fail(
      lockedAccount || lockedIp ? 429 : 401,
      lockedAccount || lockedIp ? MESSAGES.tooMany : MESSAGES.badCredentials,
    );
  }

  const account = await findAccount(db, signedIn.userId);
  if (!account) {
    await releaseBoth();
    // product rules §4: a user in neither collection is signed out again.
    await db.deleteFrom("session").where("token", "=", signedIn.token).execute();
    log.warn({ userId: signedIn.userId }, "login refused: no account record");
    return fail(403, MESSAGES.noData);
  }
  await throttle.clearFailures(accountKey);
  await throttle.release(ipKey);
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
    return fail(400, parsed.error.issues[0]?.message ?? MESSAGES.resetFailed, {
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
