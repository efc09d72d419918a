import { createHash } from "node:crypto";
import {
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { CLIENT_IP_HEADER } from "./auth.server.ts";
import { deleteExpiredRateLimitRows } from "./rate-limits.queries.server.ts";
import { MAX_TIMER_SECONDS, TimerSafeMemoryLimiter } from "./timer-safe-memory-limiter.server.ts";
import type { Env } from "./env.server.ts";
import type { Services } from "./services.server.ts";

/**
 * Every rate limit of the app (ADR 0031), counted by rate-limiter-flexible where every
 * process sees the same counts: in Redis when REDIS_URL is set, otherwise in the
 * database's `rate_limit` table. Each count is one atomic step of the store, taken
 * *before* the work it limits, so a parallel burst cannot overshoot: the count of
 * failures alone is known only after each slow password hash, by which time the
 * whole burst has been checked.
 */

/** Allowed, or refused with how long to wait. */
export type Allowance = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A password check that was allowed; the caller says how it went. */
export interface PasswordCheck {
  /** The password was right: the failures that led here are forgotten. */
  succeeded(): Promise<void>;
  /** It was wrong. True when the caller must now wait: answer 'Too many attempts'. */
  failed(): Promise<boolean>;
  /** It was never decided (an error): the places it took are given back. */
  cancel(): Promise<void>;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long a pair's failures and its slow-down stage are remembered (a success forgets them). */
const PAIR_MEMORY_SECONDS = DAY;
/** How long a successful sign-in makes its address known to the account. */
const KNOWN_ADDRESS_SECONDS = 30 * DAY;
/** Expired rows are swept from the table at most this often, by the process that counts. */
const SWEEP_EVERY_MS = 5 * MINUTE * 1000;

interface Spec {
  name: string;
  points: number;
  seconds: number;
}

/** Every limit's name and settings, so the counting and the admin's unlock read the same ones. */
function specsOf(env: Env) {
  const mail = env.ACCOUNT_MAIL_WINDOW_SECONDS;
  return {
    loginIp: { name: "login-ip", points: env.LOGIN_IP_MAX_FAILURES, seconds: env.LOGIN_LOCK_SECONDS },
    loginPair: { name: "login-pair", points: env.LOGIN_MAX_FAILURES, seconds: PAIR_MEMORY_SECONDS },
    loginStage: { name: "login-stage", points: Number.MAX_SAFE_INTEGER, seconds: PAIR_MEMORY_SECONDS },
    loginAccount: { name: "login-account", points: env.LOGIN_ACCOUNT_MAX_FAILURES, seconds: HOUR },
    loginAccountGate: {
      name: "login-account-gate",
      points: 1,
      seconds: Math.ceil(HOUR / env.LOGIN_ACCOUNT_MAX_FAILURES),
    },
    loginKnown: { name: "login-known", points: 1, seconds: KNOWN_ADDRESS_SECONDS },
    passwordChange: {
      name: "password-change",
      points: env.LOGIN_MAX_FAILURES,
      seconds: env.LOGIN_LOCK_SECONDS,
    },
    signupIp: { name: "signup-ip", points: env.SIGNUP_MAX_PER_IP, seconds: mail },
    signupMailbox: { name: "signup-mailbox", points: env.SIGNUP_MAX_PER_EMAIL, seconds: mail },
    resetIp: { name: "reset-ip", points: env.RESET_MAIL_MAX_PER_IP, seconds: mail },
    resetMailbox: { name: "reset-mailbox", points: env.RESET_MAIL_MAX_PER_EMAIL, seconds: mail },
    searchIp: { name: "search-ip", points: env.SEARCH_MAX_PER_IP, seconds: MINUTE },
    importOwner: { name: "import-owner", points: env.IMPORT_MAX_PER_HOUR, seconds: HOUR },
    tablePassIp: { name: "table-pass-ip", points: env.TABLE_PASSES_PER_IP, seconds: HOUR },
  } satisfies Record<string, Spec>;
}

/** The prefix of a limit's keys in the store in use: `fv:rl:<limit>` in Redis, `<limit>` in the table. */
function keyPrefixOf(services: Pick<Services, "redis">, spec: Spec): string {
  return services.redis ? `fv:rl:${spec.name}` : spec.name;
}

// Limiters are plain objects over the shared store; one per setting is kept, so a
// setting changed at run time (the tests do) gets a limiter of its own.
const kept = new WeakMap<object, Map<string, RateLimiterAbstract>>();
const lastSweep = new WeakMap<object, number>();

function limiter(services: Pick<Services, "database" | "redis" | "log">, spec: Spec): RateLimiterAbstract {
  const store: object = services.redis ?? services.database;
  let limiters = kept.get(store);
  if (!limiters) kept.set(store, (limiters = new Map()));
  const id = `${spec.name}:${spec.points}:${spec.seconds}`;
  let found = limiters.get(id);
  if (!found) {
    found = create(services, spec);
    limiters.set(id, found);
  }
  if (!services.redis) sweepNowAndThen(services);
  return found;
}

function create(services: Pick<Services, "database" | "redis">, spec: Spec): RateLimiterAbstract {
  const common = { points: spec.points, duration: spec.seconds };
  // docs/operations.md: while the shared store is away (a Redis restart, a database failover) each
  // process counts alone, in memory, instead of refusing every sign-in with a 500: a limit
  // then allows up to (processes × points) for those seconds, and the store's counts go
  // on when it is back.
  const insuranceLimiter = new TimerSafeMemoryLimiter({
    ...common,
    duration: Math.min(common.duration, MAX_TIMER_SECONDS),
    keyPrefix: spec.name,
  });
  if (services.redis) {
    return new RateLimiterRedis({
      ...common,
      storeClient: services.redis,
      useRedisPackage: true,
      keyPrefix: keyPrefixOf(services, spec),
      insuranceLimiter,
    });
  }
  // The table is made by migration 0015; expired rows are swept below, not by a timer per limiter.
  const table = {
    tableName: "rate_limit",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: keyPrefixOf(services, spec),
  };
  const { driver } = services.database;
  return driver.dialect === "sqlite"
    ? new RateLimiterSQLite({ ...common, ...table, storeClient: driver.sqlite, storeType: "better-sqlite3" })
    : new RateLimiterPostgres({
        ...common,
        ...table,
        storeClient: driver.pool,
        storeType: "pool",
        insuranceLimiter,
      });
}

/** Redis expires keys itself; the table keeps its rows until they are swept. */
function sweepNowAndThen(services: Pick<Services, "database" | "log">) {
  const now = Date.now();
  if (now - (lastSweep.get(services.database) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(services.database, now);
  deleteExpiredRateLimitRows(services.database.db, now - HOUR * 1000).catch((error: unknown) =>
    services.log.warn({ err: error }, "rate limits: sweep failed"),
  );
}

/**
 * A key's subject as the store keeps it: a hash, so neither Redis nor the table holds
 * email or IP addresses in clear, and every key has the same short length.
 */
function subject(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\n")).digest("base64url").slice(0, 22);
}

/** consume(), with a refusal as a value; a store failure is thrown. */
async function take(
  rl: RateLimiterAbstract,
  key: string,
  points = 1,
): Promise<{ ok: boolean; res: RateLimiterRes }> {
  try {
    return { ok: true, res: await rl.consume(key, points) };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return { ok: false, res: refusal };
    throw refusal;
  }
}

const refused = (res: RateLimiterRes): Allowance => ({
  ok: false,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

/** One place of a plain limit, for `who`. */
async function within(services: Services, spec: Spec, who: string): Promise<Allowance> {
  const taken = await take(limiter(services, spec), subject(who));
  return taken.ok ? { ok: true } : refused(taken.res);
}

// ---- logins ----

function loginLimiters(services: Services) {
  const specs = specsOf(services.env);
  return {
    /** Failures from one address across accounts. */
    address: limiter(services, specs.loginIp),
    /** One (account, address) pair's attempts: LOGIN_MAX_FAILURES free ones, then one a wait. */
    pair: limiter(services, specs.loginPair),
    /** How many waits the pair has earned (each one twice the last). */
    stage: limiter(services, specs.loginStage),
    /** Failures on one account from every address. */
    account: limiter(services, specs.loginAccount),
    /** Past that ceiling: one attempt at a time from addresses the account does not know. */
    accountGate: limiter(services, specs.loginAccountGate),
    /** Addresses the account was signed in from lately. */
    known: limiter(services, specs.loginKnown),
  };
}

/** An account's subject: the email as a login gives it, trimmed and in lower case. */
const accountSubject = (email: string) => subject(email.trim().toLowerCase());

/**
 * A pair's subject starts with its account's, so the admin's unlock finds every
 * address's pair of one account by that prefix (the address stays hashed with the
 * email, as before).
 */
const pairSubject = (email: string, ip: string) =>
  `${accountSubject(email)}.${subject(email.trim().toLowerCase(), ip)}`;

/**
 * Takes one login attempt's places before its password is checked, or null when the
 * attempt must be refused ('Too many attempts. Try again later.'). Three limits:
 *
 * - the (account, address) pair: LOGIN_MAX_FAILURES failures, then one attempt per
 *   wait, the wait doubling from LOGIN_SLOWDOWN_SECONDS up to LOGIN_LOCK_SECONDS. A
 *   stranger's guesses slow the stranger's own address down, never the owner's phone;
 * - the address across accounts: LOGIN_IP_MAX_FAILURES failures a window;
 * - the account from every address: past LOGIN_ACCOUNT_MAX_FAILURES failures an hour
 *   it slows down rather than locks: an address it was signed in from lately goes on,
 *   any other gets one attempt every 3600 / LOGIN_ACCOUNT_MAX_FAILURES seconds
 *   between them, which bounds a guesser spread over many addresses.
 */
export async function reserveLogin(
  services: Services,
  email: string,
  ip: string,
): Promise<PasswordCheck | null> {
  const { env } = services;
  const rl = loginLimiters(services);
  const account = accountSubject(email);
  const pair = pairSubject(email, ip);
  const address = subject(ip);

  const addressTaken = await take(rl.address, address);
  if (!addressTaken.ok) return null;
  // In the slow-down, one attempt takes the pair's whole allowance: one check per wait,
  // however many are sent at once. A wait is a block that ends by expiring.
  const stage = (await rl.stage.get(pair))?.consumedPoints ?? 0;
  const cost = stage > 0 ? env.LOGIN_MAX_FAILURES : 1;
  const pairTaken = await take(rl.pair, pair, cost);
  if (!pairTaken.ok) {
    await rl.address.reward(address);
    return null;
  }
  const accountTaken = await take(rl.account, account);
  if (!accountTaken.ok) {
    const known = (await rl.known.get(pair)) !== null;
    if (!known && !(await take(rl.accountGate, account)).ok) {
      await Promise.all([rl.address.reward(address), rl.pair.reward(pair, cost)]);
      return null;
    }
  }

  return {
    async succeeded() {
      await Promise.all([
        rl.pair.delete(pair),
        rl.stage.delete(pair),
        rl.address.reward(address),
        rl.account.reward(account),
        rl.known.set(pair, 1, KNOWN_ADDRESS_SECONDS),
      ]);
    },
    async failed() {
      const addressFull = addressTaken.res.consumedPoints >= env.LOGIN_IP_MAX_FAILURES;
      // Only the attempt that used the pair's last place starts a wait.
      if (pairTaken.res.consumedPoints < env.LOGIN_MAX_FAILURES) return addressFull;
      const waits = (await rl.stage.penalty(pair)).consumedPoints;
      const seconds = Math.min(env.LOGIN_LOCK_SECONDS, env.LOGIN_SLOWDOWN_SECONDS * 2 ** (waits - 1));
      await rl.pair.block(pair, seconds);
      return true;
    },
    async cancel() {
      await Promise.all([rl.address.reward(address), rl.pair.reward(pair, cost), rl.account.reward(account)]);
    },
  };
}

/**
 * A signed-in user's current password, checked to change it: LOGIN_MAX_FAILURES
 * failures, then locked for LOGIN_LOCK_SECONDS. Only the holder of the session can
 * guess here, so a lock keeps no one else out.
 */
export async function reservePasswordChange(
  services: Services,
  userId: string,
): Promise<PasswordCheck | null> {
  const { env } = services;
  const rl = limiter(services, specsOf(env).passwordChange);
  const key = subject(userId);
  const taken = await take(rl, key);
  if (!taken.ok) return null;
  return {
    async succeeded() {
      await rl.delete(key);
    },
    async failed() {
      if (taken.res.consumedPoints < env.LOGIN_MAX_FAILURES) return false;
      await rl.block(key, env.LOGIN_LOCK_SECONDS);
      return true;
    },
    async cancel() {
      await rl.reward(key);
    },
  };
}

// ---- mail and new accounts ----

/**
 * The mailbox an address delivers to, for counting: the case, a "+tag" and Gmail's dots
 * make new addresses for the same person, so they count as one.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const domain = address.slice(at + 1);
  const local = address.slice(0, at).split("+")[0] || address.slice(0, at);
  return domain === "gmail.com" || domain === "googlemail.com"
    ? `${local.replaceAll(".", "")}@gmail.com`
    : `${local}@${domain}`;
}

/**
 * Sign-ups and reset mails: a few per mailbox (what an abuser needs, to make accounts or
 * to fill someone's inbox) and a high ceiling per client address (a restaurant's Wi-Fi
 * or a mobile network puts many diners behind one). Every valid request counts, whether
 * or not the address has an account, so the limit tells nothing. The client address is
 * the one server/http-app.ts writes on every web request; in-process callers (the demo
 * seeder, tests) have none and meet only the per-mailbox limit.
 */
export async function withinMailingLimits(
  services: Services,
  action: "signup" | "reset",
  email: string,
  requestHeaders: Headers,
): Promise<Allowance> {
  const specs = specsOf(services.env);
  const [perMailbox, perAddress] =
    action === "signup" ? [specs.signupMailbox, specs.signupIp] : [specs.resetMailbox, specs.resetIp];
  const ip = requestHeaders.get(CLIENT_IP_HEADER);
  // The address first, so one client cannot use up a mailbox's allowance beyond its own.
  if (ip) {
    const byAddress = await within(services, perAddress, ip);
    if (!byAddress.ok) return byAddress;
  }
  return within(services, perMailbox, mailboxOf(email));
}

// ---- searches and imports ----

/** One search that runs its queries (a page-cache hit never gets here), per client address. */
export function withinSearchLimit(services: Services, ip: string): Promise<Allowance> {
  return within(services, specsOf(services.env).searchIp, ip);
}

/** One menu import started (a spreadsheet read), per restaurant owner. */
export function withinImportLimit(services: Services, ownerId: string): Promise<Allowance> {
  return within(services, specsOf(services.env).importOwner, ownerId);
}

/** One table pass given (issue 33), per client address: a family hall's Wi-Fi is far below it, a farm is not. */
export function withinTablePassLimit(services: Services, ip: string): Promise<Allowance> {
  return within(services, specsOf(services.env).tablePassIp, ip);
}

// ---- the admin's unlock ----

/** One of an account's counters, by its key in the store in use. */
export interface AccountCounter {
  limit: string;
  /** The whole key; for the pairs (one per address) the start of their keys. */
  key: string;
  prefix: boolean;
  /** The points at which it refuses: a lock. Null for a counter that is no lock itself. */
  lockAt: number | null;
}

/**
 * Every counter keyed by the account (ADR 0031): its pairs with each address and their
 * stages, its ceiling and gate, its password change, its mailbox's sign-ups and reset
 * mails, its imports. The addresses it signed in from (`login-known`) are no counter:
 * they let the owner in, and stay.
 */
export function accountCounters(
  services: Pick<Services, "env" | "redis">,
  account: { id: string; email: string },
): AccountCounter[] {
  const specs = specsOf(services.env);
  const pairs = `${accountSubject(account.email)}.`;
  const mailbox = subject(mailboxOf(account.email));
  const user = subject(account.id);
  const counters: [Spec, string, "prefix" | "key", "lock" | "count"][] = [
    [specs.loginPair, pairs, "prefix", "lock"],
    [specs.loginStage, pairs, "prefix", "count"],
    [specs.loginAccount, accountSubject(account.email), "key", "lock"],
    [specs.loginAccountGate, accountSubject(account.email), "key", "count"],
    [specs.passwordChange, user, "key", "lock"],
    [specs.signupMailbox, mailbox, "key", "lock"],
    [specs.resetMailbox, mailbox, "key", "lock"],
    [specs.importOwner, user, "key", "lock"],
  ];
  return counters.map(([spec, key, kind, role]) => ({
    limit: spec.name,
    key: `${keyPrefixOf(services, spec)}:${key}`,
    prefix: kind === "prefix",
    lockAt: role === "lock" ? spec.points : null,
  }));
}
