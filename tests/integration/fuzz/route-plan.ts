import fc from "fast-check";
import { notAnImage, svgImage } from "../../setup/images.ts";
import type { PreparedCall } from "../authorization/action-entry.ts";
import { buildRequest, type FormFields } from "../authorization/route-call.ts";
import { describeValue, hostileField, hostileParam, hostileString } from "./hostile-values.ts";

/**
 * How one fuzz case spoils a route action's valid request. The plan names the
 * fields, params and files of the entry's calls (every call of an entry has the
 * same names), so it is drawn before the call is prepared and shrinks like any value.
 */
export type FieldOp =
  | { op: "replace"; name: string; value: string | string[] }
  | { op: "remove"; name: string }
  | { op: "add"; name: string; value: string | string[] };

/** A malformed body: the form arrives, but not as a form parser expects. */
export type BodyOp =
  | { op: "none" }
  /** The same bytes with another Content-Type (none, text/plain, JSON, multipart without a boundary). */
  | { op: "content-type"; type: string | null }
  /** The body cut short, at a fraction of its length. */
  | { op: "truncate"; at: number }
  /** Random bytes under the form's own Content-Type. */
  | { op: "garbage"; bytes: Uint8Array }
  /** Percent-escapes that decode to nothing valid. */
  | { op: "bad-escapes" };

/** What a file field carries instead of a photo. */
export type FileBytes = "empty" | "text" | "svg-script" | "truncated-photo" | "photo-with-script" | "random";

export type FileOp =
  | { op: "replace"; name: string; bytes: FileBytes }
  | { op: "remove"; name: string }
  /** More files than the form takes, in one field. */
  | { op: "many"; name: string; count: number }
  /** A file under a name the form has as text (or does not have at all). */
  | { op: "add"; name: string; bytes: FileBytes };

export interface RoutePlan {
  fields: FieldOp[];
  params: { name: string; value: string }[];
  files: FileOp[];
  body: BodyOp;
}

/** The names a prepared call of an entry has: the same for every call of that entry. */
export interface CallShape {
  fields: string[];
  params: string[];
  files: string[];
}

export const shapeOf = (call: PreparedCall): CallShape => ({
  fields: Object.keys(call.form ?? {}),
  params: Object.keys(call.params ?? {}),
  files: Object.keys(call.files ?? {}),
});

/** Field names a client might add: ones with meaning here, prototype keys, odd spellings. */
const EXTRA_NAMES = [
  "intent",
  "usertype",
  "role",
  "authorId",
  "restaurantId",
  "redirectTo",
  "__proto__",
  "constructor",
  "toString",
  "",
  "a[]",
  "name[0]",
  "فیلڈ",
] as const;

const extraName = fc.oneof(
  fc.constantFrom(...EXTRA_NAMES),
  hostileString.map((s) => s.slice(0, 200)),
);

/** Operations on the form's own fields (when it has any) and on fields it does not have. */
function fieldOp(fields: string[]): fc.Arbitrary<FieldOp> {
  const add = fc.record({ op: fc.constant("add" as const), name: extraName, value: hostileField });
  if (fields.length === 0) return add;
  // `intent` picks the handler: spoiling it is one refusal ("Unknown action"), not the handler's checks.
  const name = fc.oneof(
    ...fields.map((f) => ({ arbitrary: fc.constant(f), weight: f === "intent" ? 1 : 5 })),
  );
  return fc.oneof(
    { arbitrary: fc.record({ op: fc.constant("replace" as const), name, value: hostileField }), weight: 6 },
    { arbitrary: fc.record({ op: fc.constant("remove" as const), name }), weight: 2 },
    { arbitrary: add, weight: 2 },
  );
}

const fileBytes = fc.constantFrom<FileBytes>(
  "empty",
  "text",
  "svg-script",
  "truncated-photo",
  "photo-with-script",
  "random",
);

/** Broken files in the form's own file fields, and files where it takes none. */
function fileOp(files: string[]): fc.Arbitrary<FileOp> {
  const add = fc.record({
    op: fc.constant("add" as const),
    name: fc.constantFrom("profileImage", "coverImage", "photos", "video", "name", "rating", "topView"),
    bytes: fileBytes,
  });
  if (files.length === 0) return add;
  const name = fc.constantFrom(...files);
  return fc.oneof(
    { arbitrary: fc.record({ op: fc.constant("replace" as const), name, bytes: fileBytes }), weight: 3 },
    { arbitrary: fc.record({ op: fc.constant("remove" as const), name }), weight: 1 },
    {
      arbitrary: fc.record({
        op: fc.constant("many" as const),
        name,
        count: fc.integer({ min: 2, max: 12 }),
      }),
      weight: 1,
    },
    { arbitrary: add, weight: 1 },
  );
}

const NO_BODY_OP = { op: "none" as const };

/** A body that is not the form's (never "none"). */
const bodyOp: fc.Arbitrary<BodyOp> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant("content-type"),
      type: fc.constantFrom(
        null,
        "text/plain",
        "application/json",
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=nope",
        "application/x-www-form-urlencoded; charset=utf-16",
        "image/jpeg",
      ),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ op: fc.constant("truncate"), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ op: fc.constant("garbage"), bytes: fc.uint8Array({ maxLength: 300 }) }),
    weight: 1,
  },
  { arbitrary: fc.constant({ op: "bad-escapes" as const }), weight: 1 },
);

const none = <T>() => fc.constant<T[]>([]);

/**
 * The plans for one entry, from the names its calls have. Most change one
 * thing (one field, param, file or the body), so the case gets past every
 * other check to the one it aims at; some change several at once.
 */
export function routePlan(shape: CallShape): fc.Arbitrary<RoutePlan> {
  const empty: RoutePlan = { fields: [], params: [], files: [], body: NO_BODY_OP };
  type ParamOp = RoutePlan["params"][number];
  // Built only for an entry with params (constantFrom needs at least one name).
  const paramOps = (maxLength: number): fc.Arbitrary<ParamOp[]> =>
    shape.params.length === 0
      ? none<ParamOp>()
      : fc.array(fc.record({ name: fc.constantFrom(...shape.params), value: hostileParam }), {
          minLength: Math.min(1, maxLength),
          maxLength,
        });
  const single: fc.WeightedArbitrary<RoutePlan>[] = [
    { arbitrary: fieldOp(shape.fields).map((f) => ({ ...empty, fields: [f] })), weight: 8 },
    {
      arbitrary: fileOp(shape.files).map((f) => ({ ...empty, files: [f] })),
      weight: shape.files.length > 0 ? 2 : 1,
    },
    { arbitrary: bodyOp.map((body) => ({ ...empty, body })), weight: 1 },
  ];
  if (shape.params.length > 0)
    single.push({ arbitrary: paramOps(1).map((params) => ({ ...empty, params })), weight: 2 });
  const several = fc
    .record({
      fields: fc.array(fieldOp(shape.fields), { maxLength: 3 }),
      params: fc.oneof(none<ParamOp>(), paramOps(2)),
      files: fc.oneof(
        { arbitrary: none<FileOp>(), weight: 3 },
        fc.array(fileOp(shape.files), { maxLength: 2 }),
      ),
      body: fc.oneof({ arbitrary: fc.constant<BodyOp>(NO_BODY_OP), weight: 8 }, bodyOp),
    })
    .filter((p) => p.fields.length + p.params.length + p.files.length > 1 || p.body.op !== "none");
  return fc.oneof({ arbitrary: fc.oneof(...single), weight: 3 }, { arbitrary: several, weight: 1 });
}

/** True when the plan only adds fields the form does not have: the request is the valid one plus noise. */
export function onlyAddsUnknownFields(plan: RoutePlan, call: PreparedCall): boolean {
  const own = new Set(Object.keys(call.form ?? {}));
  return (
    plan.params.length === 0 &&
    plan.files.length === 0 &&
    plan.body.op === "none" &&
    plan.fields.every(
      (f) => f.op === "add" && !own.has(f.name) && !(EXTRA_NAMES as readonly string[]).includes(f.name),
    )
  );
}

function bytesOf(kind: FileBytes, photo: Uint8Array): Uint8Array {
  switch (kind) {
    case "empty":
      return new Uint8Array(0);
    case "text":
      return notAnImage;
    case "svg-script":
      return svgImage;
    case "truncated-photo":
      return photo.subarray(0, Math.floor(photo.length / 2));
    case "photo-with-script":
      return Buffer.concat([photo, Buffer.from("<script>alert(1)</script>")]);
    case "random":
      return Uint8Array.from({ length: 512 }, (_, i) => (i * 7919 + 13) % 256);
  }
}

/** The prepared call with the plan's fields, params and files applied (the body is spoiled later). */
export function applyPlan(call: PreparedCall, plan: RoutePlan, photo: Uint8Array): PreparedCall {
  // No prototype: a field named "__proto__" is a field like any other.
  const form: FormFields = Object.assign(Object.create(null) as FormFields, call.form);
  for (const f of plan.fields) {
    if (f.op === "remove") delete form[f.name];
    else form[f.name] = f.value;
  }
  let path = call.path;
  const params = { ...call.params };
  for (const p of plan.params) {
    // The path carries the value as a browser would send it; the router hands the action its decoded form.
    path = path.replace(`/${encodeURIComponent(params[p.name]!)}`, `/${encodeURIComponent(p.value)}`);
    params[p.name] = p.value;
  }
  let files = call.files ? { ...call.files } : undefined;
  for (const f of plan.files) {
    files ??= {};
    if (f.op === "add") files[f.name] = [...(files[f.name] ?? []), bytesOf(f.bytes, photo)];
    else if (f.op === "remove") delete files[f.name];
    else if (f.op === "replace") files[f.name] = [bytesOf(f.bytes, photo)];
    else files[f.name] = Array.from({ length: f.count }, () => photo);
  }
  return { ...call, path, params, form, files };
}

/** The request for a spoiled call, with its body spoiled too when the plan says so. */
export async function requestFor(
  call: PreparedCall,
  plan: RoutePlan,
  method: string,
  cookies: Headers | null,
): Promise<Request> {
  const valid = buildRequest({ method, cookies, ...call });
  if (plan.body.op === "none") return valid;
  const bytes = new Uint8Array(await valid.arrayBuffer());
  const type = valid.headers.get("content-type");
  let body: Uint8Array = bytes;
  let contentType = type;
  switch (plan.body.op) {
    case "content-type":
      contentType = plan.body.type;
      break;
    case "truncate":
      body = bytes.subarray(0, Math.floor(bytes.length * plan.body.at));
      break;
    case "garbage":
      body = plan.body.bytes;
      break;
    case "bad-escapes":
      body = new TextEncoder().encode(
        `${type?.startsWith("multipart") ? "--x\r\n" : ""}%E0%A4%A=%zz&%ff%fe=%C0%80&a=%`,
      );
      break;
  }
  const request = buildRequest({ method, path: call.path, cookies, body });
  const headers = new Headers(request.headers);
  if (contentType === null) headers.delete("content-type");
  else headers.set("content-type", contentType);
  return new Request(request.url, { method, headers, body: Buffer.from(body) });
}

/** A plan in words, for a failure message. */
export function describePlan(plan: RoutePlan): string {
  const parts = [
    ...plan.fields.map((f) =>
      f.op === "remove" ? `remove ${f.name}` : `${f.op} ${describeValue(f.name)} = ${describeValue(f.value)}`,
    ),
    ...plan.params.map((p) => `param ${p.name} = ${describeValue(p.value)}`),
    ...plan.files.map((f) => JSON.stringify(f)),
    plan.body.op === "none"
      ? ""
      : `body ${JSON.stringify(plan.body, (_k, v: unknown) => (v instanceof Uint8Array ? `${v.length} bytes` : v))}`,
  ];
  return parts.filter(Boolean).join("; ");
}
