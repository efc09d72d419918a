import type { EditForm } from "~/lib/edit-version.ts";
import type { FormValues } from "~/lib/forms.ts";

/** 'Edit restaurant profile' (the name and web address are not on it); ADR 0037. */
export const RESTAURANT_EDIT_FORM: EditForm = {
  fields: [
    "restType",
    "restOthertypes",
    "hasDelivery",
    "about",
    "contact",
    "contacttwo",
    "address",
    "restWebsite",
    "restWhatsapp",
    "restInsta",
    "restFb",
    "restX",
    "sociallinks",
  ],
};

/** The customer's 'Update Your Profile'. */
export const CUSTOMER_EDIT_FORM: EditForm = {
  fields: ["username", "firstName", "lastName", "about", "contact"],
};

const LIST_COLUMNS = new Set(["restOthertypes", "sociallinks"]);

/** A list kept as JSON text in a row; anything unreadable is an empty list. */
export function jsonList(text: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(text));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** A profile row as its edit form shows it (lists kept as JSON in the row, as lists). */
export function profileFormValues(row: Record<string, unknown>, form: EditForm): FormValues {
  const values: FormValues = {};
  for (const field of form.fields) {
    const value = row[field];
    if (LIST_COLUMNS.has(field)) values[field] = Array.isArray(value) ? value.map(String) : jsonList(value);
    else values[field] = value === undefined || value === null ? "" : String(value);
  }
  return values;
}
