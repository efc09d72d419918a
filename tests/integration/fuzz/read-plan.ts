import fc from "fast-check";
import { matchRoutes } from "react-router";
import { URDU_PREFIX } from "~/lib/locale.ts";
import { CLIENT_IP_HEADER } from "~/server/auth.server.ts";
import { ORIGIN } from "../authorization/route-call.ts";
import { describeValue, hostileParam, INJECTIONS, NUMBERISH, UNICODE } from "./hostile-values.ts";
import { READERS, type Reader } from "./read-world.ts";

/**
 * One hostile GET of a public page, as a browser, a crawler or a script could send
 * it: path params and a query string written into a real URL (encoded, raw, or with
 * a broken percent-encoding), in English or under /ur, as a page or its `.data`, by
 * a visitor or a signed-in reader whose cookies may be spoiled.
 */

/** How a value is written into the URL: percent-encoded, as typed (the URL parser encodes what it must), or encoded with a broken escape glued on. */
export type Writing = "encoded" | "raw" | "broken";

/** Percent-escapes no decoder accepts (cut short, not hex, overlong, a surrogate, not UTF-8), and an encoded NUL. */
export const BROKEN_ESCAPES = [
  "%",
  "%2",
  "%zz",
  "%E0%A4",
  "%C0%AF",
  "%ED%A0%80",
  "%FF%FE",
  "%%",
  "%u0041",
  "%00",
] as const;

export interface Written {
  value: string;
  writing: Writing;
  /** The escape a "broken" writing glues on. */
  escape: string;
}

export interface QueryPiece extends Written {
  name: string;
  /** A name with no "=" at all ("?page"). */
  bare: boolean;
}

export interface ReadPlan {
  reader: Reader;
  locale: "en" | "ur";
  /** React Router's data request (`/r/x/menu.data?_routes=…`) instead of the page. */
  data: boolean;
  params: Record<string, Written>;
  query: QueryPiece[];
  /** Many pieces at once (1,000 `avoid`s, 20+ words of `q`, a repeated name), named for the failure message. */
  bulk: { label: string; pieces: QueryPiece[] } | null;
  /** A cookie beside (or instead of) the reader's own: a forged session, toast or language. */
  cookie: { name: "session" | "toast" | "lang"; value: string } | null;
  ip: string;
}

/** What a public route reads, for the arbitraries: its path and the query names it looks at. */
export interface ReadShape {
  path: string;
  reads: readonly string[];
  /** Real values of each path param and query name, so that cases reach past "not found". */
  real: (name: string) => readonly string[];
  /** Path params that name one real page together (a restaurant, its branch, a dish there). */
  places: readonly Record<string, string>[];
}

/** Query names no page reads, but a client may send: React Router's own, the language switch, object keys. */
const JUNK_NAMES = ["_routes", "lang", "index", "__proto__", "constructor", "page[]", "q[0]", "", "a b", "é"];

/** Ways a real value is almost right: another case, spaces, a slash, a suffix, a dot segment, a NUL. */
const MANGLES: ((v: string) => string)[] = [
  (v) => v.toUpperCase(),
  (v) => ` ${v} `,
  (v) => `${v}/`,
  (v) => `${v}.data`,
  (v) => `./${v}`,
  (v) => `${v}\u0000`,
  (v) => `${v}${v}`,
  (v) => `${v}%`,
];

const FOOD_WORDS = [
  "chicken",
  "karahi",
  "biryani",
  "naan",
  "daal",
  "کڑاہی",
  "بریانی",
  "🍛",
  "tikka",
  "nihari",
];

const writing: fc.Arbitrary<Writing> = fc.oneof(
  { arbitrary: fc.constant("encoded" as const), weight: 6 },
  { arbitrary: fc.constant("raw" as const), weight: 2 },
  { arbitrary: fc.constant("broken" as const), weight: 1 },
);

const written = (value: fc.Arbitrary<string>): fc.Arbitrary<Written> =>
  fc.record({ value, writing, escape: fc.constantFrom(...BROKEN_ESCAPES) });

/** A real value (often), one almost right, or a hostile one. */
function valueFor(real: readonly string[]): fc.Arbitrary<string> {
  if (real.length === 0) return hostileParam;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...real), weight: 5 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...real), fc.constantFrom(...MANGLES))
        .map(([value, mangle]) => mangle(value)),
      weight: 1,
    },
    { arbitrary: hostileParam, weight: 4 },
  );
}

/** True one time in `odds + 1`. */
const seldom = (odds: number) =>
  fc.oneof({ arbitrary: fc.constant(false), weight: odds }, { arbitrary: fc.constant(true), weight: 1 });

const anyOf = (list: readonly string[]) => fc.constantFrom(...list);

function piece(name: fc.Arbitrary<string>, value: fc.Arbitrary<string>): fc.Arbitrary<QueryPiece> {
  return fc.tuple(name, written(value), seldom(19)).map(([n, w, bare]) => ({ name: n, ...w, bare }));
}

const kept = (value: string): Written => ({ value, writing: "encoded", escape: "" });
const encoded = (name: string, value: string): QueryPiece => ({ name, ...kept(value), bare: false });

/** 1,000 `avoid`s, 20 to 40 words of `q`, or one name sent 2 to 50 times. */
function bulkOf(shape: ReadShape): fc.Arbitrary<ReadPlan["bulk"]> {
  const names = [...shape.reads, "page", "avoid", "q"];
  const word = fc.oneof(
    fc.constantFrom(...FOOD_WORDS, ...INJECTIONS, ...UNICODE),
    fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 12 }),
  );
  return fc.oneof(
    { arbitrary: fc.constant(null), weight: 12 },
    {
      arbitrary: fc.array(word, { minLength: 1000, maxLength: 1000 }).map((values) => ({
        label: "1000 × avoid",
        pieces: values.map((v) => encoded("avoid", v.toWellFormed())),
      })),
      weight: 1,
    },
    {
      arbitrary: fc.array(word, { minLength: 20, maxLength: 40 }).map((words) => ({
        label: `q of ${words.length} words`,
        pieces: [encoded("q", words.join(" ").toWellFormed())],
      })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(anyOf(names), fc.array(valueFor(shape.real("page")), { minLength: 2, maxLength: 50 }))
        .map(([name, values]) => ({
          label: `${values.length} × ${name}`,
          pieces: values.map((v) => encoded(name, v)),
        })),
      weight: 2,
    },
  );
}

/** Every param of the path: `:name`, and `*` for a splat. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
}

/** The plans of one public route. */
export function readPlan(shape: ReadShape): fc.Arbitrary<ReadPlan> {
  const names = paramNames(shape.path);
  const alone = Object.fromEntries(names.map((name) => [name, written(valueFor(shape.real(name)))]));
  // A real page, each of its params kept (three times in four) or spoiled.
  const spoiled = Object.fromEntries(
    names.map((name) => [name, fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, alone[name]!)]),
  );
  const places = shape.places.filter((place) => names.every((name) => name in place));
  const params =
    places.length === 0
      ? fc.record(alone)
      : fc.oneof(
          {
            arbitrary: fc
              .tuple(fc.constantFrom(...places), fc.record(spoiled))
              .map(([place, spoils]) =>
                Object.fromEntries(names.map((name) => [name, spoils[name] ?? kept(place[name]!)])),
              ),
            weight: 2,
          },
          fc.record(alone),
        );
  const known = shape.reads.length > 0 ? shape.reads : ["page"];
  const readPiece = anyOf(known).chain((name) => piece(fc.constant(name), valueFor(shape.real(name))));
  const junkPiece = piece(
    fc.oneof(anyOf(JUNK_NAMES), hostileParam),
    fc.oneof(hostileParam, anyOf(NUMBERISH)),
  );
  return fc.record({
    reader: fc.constantFrom(...READERS),
    locale: fc.oneof({ arbitrary: fc.constant("en" as const), weight: 3 }, fc.constant("ur" as const)),
    data: seldom(3),
    params,
    query: fc.array(fc.oneof({ arbitrary: readPiece, weight: 4 }, junkPiece), { maxLength: 8 }),
    bulk: bulkOf(shape),
    cookie: fc.oneof(
      { arbitrary: fc.constant(null), weight: 8 },
      fc.record({ name: fc.constantFrom("session", "toast", "lang"), value: hostileParam }),
    ),
    ip: fc.constantFrom("203.0.113.7", "2001:db8::1", "unknown"),
  });
}

function write(w: Written): string {
  if (w.writing === "raw") return w.value;
  const escaped = encodeURIComponent(w.value);
  return w.writing === "broken" ? `${escaped}${w.escape}` : escaped;
}

/** The URL a plan asks for (a `.data` one with React Router's `_routes`). */
export function urlOf(path: string, plan: ReadPlan, routeId: string): string {
  let pathname = path.replace(/:(\w+)|\*/g, (_, name: string | undefined) =>
    write(plan.params[name ?? "*"]!),
  );
  if (plan.locale === "ur") pathname = pathname === "/" ? URDU_PREFIX : `${URDU_PREFIX}${pathname}`;
  const pieces = [...plan.query, ...(plan.bulk?.pieces ?? [])].map((p) => {
    const name = p.writing === "raw" ? p.name : encodeURIComponent(p.name);
    return p.bare ? name : `${name}=${write(p)}`;
  });
  if (plan.data) {
    pathname = pathname.endsWith("/") ? `${pathname}_.data` : `${pathname}.data`;
    pieces.push(`_routes=${encodeURIComponent(routeId)}`);
  }
  return `${ORIGIN}${pathname}${pieces.length > 0 ? `?${pieces.join("&")}` : ""}`;
}

/** The same page's document request: what a `.data` request must answer alike. */
export function documentUrlOf(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = parsed.pathname.endsWith("/_.data")
    ? parsed.pathname.slice(0, -"_.data".length)
    : parsed.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(parsed.search);
  search.delete("_routes");
  parsed.search = search.toString();
  return parsed.href;
}

/**
 * The params React Router hands the loader for this URL (it decodes the path as it
 * does, and leaves it as sent when an escape is broken); when the URL no longer
 * matches the route (a raw "/" or "?" in a value), the values as generated, as a
 * direct call would pass them.
 */
export function paramsOf(path: string, url: string, plan: ReadPlan): Record<string, string> {
  const pathname = new URL(documentUrlOf(url)).pathname;
  const basename = plan.locale === "ur" ? URDU_PREFIX : "/";
  const matched = matchRoutes([{ path }], pathname, basename)?.[0];
  if (matched) return Object.fromEntries(Object.entries(matched.params).map(([k, v]) => [k, v ?? ""]));
  return Object.fromEntries(Object.entries(plan.params).map(([k, w]) => [k, w.value]));
}

const COOKIE_NAMES = { session: "better-auth.session_token", toast: "fv_toast", lang: "fv_lang" };

/** The request's headers: the reader's cookies (one spoiled or added), and the client address Express sets. */
export function headersOf(plan: ReadPlan, cookies: Headers | null): Headers {
  const headers = new Headers(cookies ?? undefined);
  headers.set(CLIENT_IP_HEADER, plan.ip);
  headers.set("accept", plan.data ? "*/*" : "text/html");
  if (plan.cookie) {
    const name = COOKIE_NAMES[plan.cookie.name];
    const value = encodeURIComponent(plan.cookie.value).slice(0, 4000);
    const others = (headers.get("cookie") ?? "").split(/;\s*/).filter((c) => c && !c.startsWith(`${name}=`));
    headers.set("cookie", [...others, `${name}=${value}`].join("; "));
  }
  return headers;
}

/** A short account of a plan for a failure message (long values named by their length). */
export function describePlan(plan: ReadPlan, url: string): string {
  const params = Object.entries(plan.params).map(
    ([k, w]) =>
      `${k}=${describeValue(w.value)} (${w.writing}${w.writing === "broken" ? ` ${w.escape}` : ""})`,
  );
  const query = plan.query.map(
    (p) => `${describeValue(p.name)}${p.bare ? "" : `=${describeValue(p.value)}`} (${p.writing})`,
  );
  return [
    `${plan.reader}, ${plan.locale}${plan.data ? ", .data" : ""}, ip ${plan.ip}`,
    params.length > 0 ? `params ${params.join(", ")}` : "",
    query.length > 0 ? `query ${query.join(" & ")}` : "",
    plan.bulk ? `and ${plan.bulk.label}` : "",
    plan.cookie ? `cookie ${plan.cookie.name}=${describeValue(plan.cookie.value)}` : "",
    `url ${describeValue(url)}`,
  ]
    .filter(Boolean)
    .join("; ");
}
