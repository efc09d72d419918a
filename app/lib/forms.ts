import { z } from "zod";
import { keyed, messageAsText, messageFromText, type Message } from "./message.ts";

/**
 * Form plumbing every feature shares, on the server (app/server/upload-form.server.ts)
 * and in the browser (components/ui/use-schema-form.ts): FormData to plain values a
 * zod schema can parse, and zod's issues to one message per field.
 */

/** FormData as a plain object; files are dropped. */
export type FormValues = Record<string, string | string[]>;

export type FieldErrors = Partial<Record<string, Message>>;

/** A schema's 'too long' message: the key and its number, through zod (app/lib/message.ts). */
export const atMostCharacters = (max: number) =>
  messageAsText(keyed("Use at most {{max}} characters.", { max }));

/** Whether a field's schema takes an array, under the wrappers a field schema may carry. */
function takesList(type: z.ZodType): boolean {
  if (type instanceof z.ZodArray) return true;
  if (type instanceof z.ZodDefault || type instanceof z.ZodOptional || type instanceof z.ZodNullable) {
    return takesList(type.unwrap() as z.ZodType);
  }
  if (type instanceof z.ZodPipe) return takesList(type.in as z.ZodType);
  return false;
}

/**
 * The keys of a form that carry several values (checkboxes, repeated hidden inputs):
 * the fields its schema declares as arrays. A schema that is no object has none.
 */
export function listFieldsOf(schema: z.ZodType | undefined): string[] {
  // A transform after the object (`.transform`) or before it (`z.preprocess`): the object is on one side.
  if (schema instanceof z.ZodPipe)
    return [...listFieldsOf(schema.in as z.ZodType), ...listFieldsOf(schema.out as z.ZodType)];
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => takesList(field))
    .map(([key]) => key);
}

/**
 * FormData to the values `schema` parses: a list field (see listFieldsOf) gets every
 * value, an empty list when absent (no checkbox ticked sends nothing); any other field
 * its first value, so a repeated field cannot turn text into a list.
 */
export function formValues(form: FormData, schema?: z.ZodType): FormValues {
  const lists = new Set(listFieldsOf(schema));
  const out: FormValues = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((v): v is string => typeof v === "string");
    out[key] = lists.has(key) ? values : (values[0] ?? "");
  }
  for (const key of lists) out[key] ??= [];
  return out;
}

/** The first of zod's issues as the message it was made from (a form-wide refusal's words). */
export function firstIssue(error: z.ZodError): Message | undefined {
  const issue = error.issues[0];
  return issue ? messageFromText(issue.message) : undefined;
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= messageFromText(issue.message);
  }
  return out;
}
