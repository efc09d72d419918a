import fc from "fast-check";
import type { PreparedCall } from "../authorization/action-entry.ts";
import { buildRequest } from "../authorization/route-call.ts";
import { describeValue, hostileJsonValue, hostileString, NUMBERISH, oversized } from "./hostile-values.ts";

/**
 * How one fuzz case spoils a request to an Express-level endpoint: better-auth's
 * JSON API or the tus video upload server. Headers and bodies are what they read.
 */
export type JsonOp =
  | { op: "replace"; name: string; value: unknown }
  | { op: "remove"; name: string }
  | { op: "add"; name: string; value: unknown };

export type ExpressBody =
  | { op: "none" }
  /** Not JSON at all, or JSON cut short, under a JSON Content-Type. */
  | { op: "text"; text: string }
  /** A whole body that is JSON but not an object (an array, a string, null, 1e308). */
  | { op: "value"; value: unknown }
  /** The same body under another Content-Type. */
  | { op: "content-type"; type: string | null }
  /** Raw bytes (a tus chunk), of any length. */
  | { op: "bytes"; length: number };

export interface ExpressPlan {
  json: JsonOp[];
  headers: { name: string; value: string }[];
  body: ExpressBody;
  /** A hostile last path segment (a tus upload id) or query parameter value. */
  path: { op: "none" } | { op: "segment"; value: string } | { op: "query"; name: string; value: string };
}

/** Headers the two servers read. */
const AUTH_HEADERS = [
  "cookie",
  "origin",
  "content-type",
  "x-forwarded-for",
  "user-agent",
  "referer",
  "authorization",
];
const TUS_HEADERS = [
  "upload-length",
  "upload-offset",
  "upload-metadata",
  "upload-defer-length",
  "upload-concat",
  "tus-resumable",
  "content-type",
  "x-http-method-override",
  "cookie",
];

/** Upload-Metadata as tus spells it (`key base64,key2 base64`), broken in the usual ways. */
const metadata = fc.oneof(
  fc.constantFrom(
    "filename",
    "filename ",
    "filename !!!notbase64!!!",
    " ,,, ",
    "owner Y3VzdG9tZXI=",
    "filename dGVzdC5tcDQ=,filename dGVzdC5tcDQ=",
    "a".repeat(10_000),
  ),
  fc
    .array(fc.tuple(hostileString, hostileString), { maxLength: 5 })
    .map((pairs) =>
      pairs.map(([k, v]) => `${k.slice(0, 50)} ${Buffer.from(v.slice(0, 100)).toString("base64")}`).join(","),
    ),
);

const headerValue = fc.oneof(
  { arbitrary: fc.constantFrom(...NUMBERISH), weight: 3 },
  { arbitrary: metadata, weight: 2 },
  { arbitrary: hostileString, weight: 3 },
  {
    arbitrary: fc.constantFrom(
      "0.2.2",
      "1.0.0, 2.0.0",
      "DELETE",
      "PATCH",
      "final;/uploads/video/x",
      "partial",
    ),
    weight: 1,
  },
);

/** What a header can carry: Latin-1 without CR, LF or NUL (Node refuses the rest before any handler). */
export const asHeaderValue = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?").trim();

const addProperty = fc.record({
  op: fc.constant("add" as const),
  name: fc.constantFrom(
    "userId",
    "role",
    "callbackURL",
    "token",
    "provider",
    "__proto__",
    "email",
    "password",
  ),
  value: hostileJsonValue,
});

function jsonOp(keys: string[]): fc.Arbitrary<JsonOp> {
  if (keys.length === 0) return addProperty;
  const name = fc.constantFrom(...keys);
  return fc.oneof(
    {
      arbitrary: fc.record({ op: fc.constant("replace" as const), name, value: hostileJsonValue }),
      weight: 5,
    },
    { arbitrary: fc.record({ op: fc.constant("remove" as const), name }), weight: 2 },
    { arbitrary: addProperty, weight: 2 },
  );
}

const expressBody: fc.Arbitrary<ExpressBody> = fc.oneof(
  { arbitrary: fc.constant({ op: "none" as const }), weight: 8 },
  {
    arbitrary: fc.record({
      op: fc.constant("text"),
      text: fc.oneof(
        fc.constantFrom("{", '{"a":', "{'a':1}", "[1,2", "undefined", "\u0000", "{}}"),
        oversized,
      ),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant("value"),
      value: fc.oneof(
        hostileJsonValue,
        oversized.map((s) => ({ email: s, password: s })),
        fc.constant(Array.from({ length: 100_000 }, () => 1)),
      ),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant("content-type"),
      type: fc.constantFrom(
        null,
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "application/json; charset=utf-16",
      ),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant("bytes"),
      length: fc.constantFrom(0, 1, 999, 1000, 1001, 5000, 2_000_000),
    }),
    weight: 2,
  },
);

const pathOp: fc.Arbitrary<ExpressPlan["path"]> = fc.oneof(
  { arbitrary: fc.constant({ op: "none" as const }), weight: 6 },
  {
    arbitrary: fc.record({
      op: fc.constant("segment"),
      value: fc.oneof(
        // ../sentinel reaches the file the fuzz leaves next to the upload folder.
        fc.constantFrom(
          "../sentinel",
          "..%2Fsentinel",
          "../../etc/passwd",
          "%2e%2e%2fsentinel",
          "",
          "a".repeat(5000),
          "00000000000000000000000000000000",
        ),
        hostileString.map((s) => s.toWellFormed().slice(0, 300)),
      ),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant("query"),
      name: fc.constantFrom("token", "callbackURL", "code", "state", "error", "id"),
      value: hostileString.map((s) => s.toWellFormed().slice(0, 2000)),
    }),
    weight: 2,
  },
);

/** What an endpoint's calls look like: the server that reads them, the method, the JSON body's keys. */
export interface ExpressShape {
  kind: "auth" | "tus";
  method: string;
  jsonKeys: string[];
}

export function expressShapeOf(call: PreparedCall, kind: "auth" | "tus", method: string): ExpressShape {
  const json = call.json;
  return { kind, method, jsonKeys: typeof json === "object" && json !== null ? Object.keys(json) : [] };
}

/** The plans for one endpoint: JSON for better-auth's POSTs, headers and bytes for tus, paths for all. */
export function expressPlan(shape: ExpressShape): fc.Arbitrary<ExpressPlan> {
  const names = shape.kind === "tus" ? TUS_HEADERS : AUTH_HEADERS;
  const takesJson = shape.kind === "auth" && shape.method !== "GET";
  const header = fc.record({ name: fc.constantFrom(...names), value: headerValue });
  const changes = (plan: ExpressPlan) =>
    plan.json.length +
    plan.headers.length +
    (plan.body.op === "none" ? 0 : 1) +
    (plan.path.op === "none" ? 0 : 1);
  const empty: ExpressPlan = { json: [], headers: [], body: { op: "none" }, path: { op: "none" } };
  // Mostly one change, which then meets the endpoint's own checks; sometimes several.
  const single: fc.WeightedArbitrary<ExpressPlan>[] = [
    { arbitrary: header.map((h) => ({ ...empty, headers: [h] })), weight: 3 },
    { arbitrary: pathOp.map((path) => ({ ...empty, path })), weight: 1 },
  ];
  if (takesJson)
    single.push({ arbitrary: jsonOp(shape.jsonKeys).map((j) => ({ ...empty, json: [j] })), weight: 4 });
  if (shape.method !== "GET")
    single.push({ arbitrary: expressBody.map((body) => ({ ...empty, body })), weight: 2 });
  const several = fc
    .record({
      json: takesJson ? fc.array(jsonOp(shape.jsonKeys), { maxLength: 3 }) : fc.constant<JsonOp[]>([]),
      headers: fc.array(header, { maxLength: 3 }),
      body: shape.method === "GET" ? fc.constant<ExpressBody>({ op: "none" }) : expressBody,
      path: pathOp,
    })
    .filter((plan) => changes(plan) > 0);
  return fc.oneof(
    { arbitrary: fc.oneof(...single).filter((plan) => changes(plan) > 0), weight: 3 },
    { arbitrary: several, weight: 1 },
  );
}

export function onlyAddsUnknownProperties(plan: ExpressPlan, call: PreparedCall): boolean {
  const own = new Set(typeof call.json === "object" && call.json !== null ? Object.keys(call.json) : []);
  return (
    plan.headers.length === 0 &&
    plan.body.op === "none" &&
    plan.path.op === "none" &&
    plan.json.every(
      (j) =>
        j.op === "add" &&
        !own.has(j.name) &&
        !["userId", "token", "callbackURL", "__proto__"].includes(j.name),
    )
  );
}

/** The spoiled request; `tus` picks the header names the upload server reads. */
export function expressRequest(
  call: PreparedCall,
  plan: ExpressPlan,
  method: string,
  cookies: Headers | null,
): Request {
  let json = call.json;
  if (plan.json.length > 0) {
    // No prototype: a property named "__proto__" is sent like any other.
    const object = Object.assign(Object.create(null) as Record<string, unknown>, json);
    for (const op of plan.json) {
      if (op.op === "remove") delete object[op.name];
      else object[op.name] = op.value;
    }
    json = object;
  }
  let path = call.path;
  if (plan.path.op === "segment") path = path.replace(/\/[^/?]*(\?|$)/, `/${plan.path.value}$1`);
  if (plan.path.op === "query") {
    const url = new URL(path, "http://localhost:3000");
    url.searchParams.set(plan.path.name, plan.path.value);
    path = `${url.pathname}${url.search}`;
  }
  const headers: Record<string, string> = { ...call.headers };
  for (const h of plan.headers) headers[h.name] = asHeaderValue(h.value);

  let body: Uint8Array | undefined = call.body;
  const b = plan.body;
  if (b.op === "text") {
    body = new TextEncoder().encode(b.text);
    headers["content-type"] ??= "application/json";
    json = undefined;
  } else if (b.op === "value") {
    json = b.value;
  } else if (b.op === "bytes") {
    body = new Uint8Array(b.length).fill(0x41);
    json = undefined;
  }
  // A GET carries no body, whatever the plan says.
  if (method === "GET") [json, body] = [undefined, undefined];
  const request = buildRequest({ method, path, cookies, json, body, headers });
  if (b.op === "content-type") {
    // The same body, labelled otherwise (or not at all).
    const retyped = new Headers(request.headers);
    if (b.type === null) retyped.delete("content-type");
    else retyped.set("content-type", b.type);
    return new Request(request, { headers: retyped });
  }
  return request;
}

export function describeExpressPlan(plan: ExpressPlan): string {
  return [
    ...plan.json.map((j) =>
      j.op === "remove" ? `remove ${j.name}` : `${j.op} ${j.name} = ${describeValue(j.value)}`,
    ),
    ...plan.headers.map((h) => `header ${h.name} = ${describeValue(asHeaderValue(h.value))}`),
    plan.body.op === "none" ? "" : `body ${describeValue(plan.body)}`,
    plan.path.op === "none" ? "" : `path ${describeValue(plan.path)}`,
  ]
    .filter(Boolean)
    .join("; ");
}
