import { APIError } from "better-auth/api";
import { reservePasswordChange } from "~/server/rate-limits.server.ts";
import type { Services } from "~/server/services.server.ts";
import { fieldErrors, type FormValues } from "~/lib/forms.ts";
import { fail, type Result } from "~/lib/result.ts";
import { editVersion } from "~/lib/edit-version.ts";
import { editConflict, EditedMeanwhile, stillAsLoaded } from "~/server/edit-conflict.server.ts";
import { CUSTOMER_EDIT_FORM, profileFormValues, RESTAURANT_EDIT_FORM } from "./profile-edit-version.ts";
import { changedFields, discardImages, storeProfileImages } from "./profile-images.server.ts";
import {
  customerProfileSchema,
  passwordChangeSchema,
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  restaurantProfileSchema,
} from "./profiles.schema.ts";
import {
  findCustomerForEdit,
  findRestaurantForEdit,
  updateCustomer,
  updateRestaurant,
} from "./profiles.queries.server.ts";

export interface ProfileForm {
  values: FormValues;
  files: Map<string, Uint8Array>;
}

type Updated = Result<{ changed: string[] }>;

/**
 * Shared by both profile forms: store new images, write only what changed, then
 * remove images that were replaced (or the new ones, if the write failed).
 */
async function applyProfileChange<Row extends { profileImageUrl: string; coverImageUrl: string }>(
  services: Services,
  ownerId: string,
  current: Row,
  next: Partial<Row>,
  files: Map<string, Uint8Array>,
  write: (changes: Partial<Row>) => Promise<void>,
): Promise<Updated> {
  const images = await storeProfileImages(services, ownerId, files, current);
  if (!images.ok) {
    return fail(images.status, PROFILE_MESSAGES.failed, { fieldErrors: { [images.field]: images.message } });
  }
  const changes = changedFields(current, { ...next, ...images.urls } as Partial<Row>);
  const changed = Object.keys(changes);
  if (changed.length > 0) {
    try {
      await write(changes);
    } catch (error) {
      await discardImages(services, images.urls, current);
      if (error instanceof EditedMeanwhile) return error.failure;
      services.log.error({ err: error, ownerId }, "profile update failed");
      return fail(500, PROFILE_MESSAGES.failed);
    }
  }
  const replaced = { profileImageUrl: current.profileImageUrl, coverImageUrl: current.coverImageUrl };
  const nowUsed = { ...replaced, ...images.urls };
  await discardImages(services, replaced, nowUsed);
  return { ok: true, changed };
}

export async function updateCustomerProfile(
  services: Services,
  userId: string,
  form: ProfileForm,
): Promise<Updated> {
  const parsed = customerProfileSchema.safeParse(form.values);
  if (!parsed.success) {
    return fail(400, PROFILE_MESSAGES.failed, { fieldErrors: fieldErrors(parsed.error) });
  }
  const { db } = services.database;
  const current = await findCustomerForEdit(db, userId);
  if (!current) return fail(404, PROFILE_MESSAGES.failed);
  // Saved from another tab or device after this form was loaded: nothing written (ADR 0037).
  const stale = editConflict(profileFormValues(current, CUSTOMER_EDIT_FORM), form.values, CUSTOMER_EDIT_FORM);
  if (stale) return stale;
  return applyProfileChange(services, userId, current, parsed.data, form.files, (changes) =>
    updateCustomer(db, userId, changes, async (trx) => {
      const now = await findCustomerForEdit(trx, userId);
      stillAsLoaded(now && profileFormValues(now, CUSTOMER_EDIT_FORM), form.values, CUSTOMER_EDIT_FORM);
    }),
  );
}

export async function updateRestaurantProfile(
  services: Services,
  userId: string,
  form: ProfileForm,
): Promise<Updated> {
  const parsed = restaurantProfileSchema.safeParse(form.values);
  if (!parsed.success) {
    return fail(400, PROFILE_MESSAGES.failed, { fieldErrors: fieldErrors(parsed.error) });
  }
  const { db } = services.database;
  const current = await findRestaurantForEdit(db, userId);
  if (!current) return fail(404, PROFILE_MESSAGES.failed);
  const stale = editConflict(
    profileFormValues(current, RESTAURANT_EDIT_FORM),
    form.values,
    RESTAURANT_EDIT_FORM,
  );
  if (stale) return stale;
  const next = {
    ...parsed.data,
    restOthertypes: JSON.stringify(parsed.data.restOthertypes),
    sociallinks: JSON.stringify(parsed.data.sociallinks),
  };
  return applyProfileChange(services, userId, current, next, form.files, (changes) =>
    updateRestaurant(db, userId, changes, async (trx) => {
      const now = await findRestaurantForEdit(trx, userId);
      stillAsLoaded(now && profileFormValues(now, RESTAURANT_EDIT_FORM), form.values, RESTAURANT_EDIT_FORM);
    }),
  );
}

/**
 * product rules §4/§8: the current password is checked first, failures count toward a
 * per-account lock, and a successful change ends the user's other sessions.
 */
export async function changePassword(
  services: Services,
  userId: string,
  input: unknown,
  requestHeaders: Headers,
): Promise<Result<{ headers: Headers }>> {
  const parsed = passwordChangeSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const message =
      errors.currentPassword ?? errors.confirmPassword ?? errors.newPassword ?? PASSWORD_MESSAGES.failed;
    return fail(400, message, { fieldErrors: errors });
  }
  // Taken before the check, so parallel guesses cannot all be checked (see logIn).
  const check = await reservePasswordChange(services, userId);
  if (!check) return fail(429, PASSWORD_MESSAGES.tooMany);
  try {
    const { headers } = await services.auth.api.changePassword({
      body: {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
      },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await check.succeeded();
    services.log.info({ userId }, "password changed");
    return { ok: true, headers };
  } catch (error) {
    const code = error instanceof APIError ? (error.body?.code as string | undefined) : undefined;
    if (code === "INVALID_PASSWORD") {
      const locked = await check.failed();
      services.log.warn({ userId, locked }, "password change: wrong current password");
      return locked
        ? fail(429, PASSWORD_MESSAGES.tooMany)
        : fail(400, PASSWORD_MESSAGES.wrongCurrent, {
            fieldErrors: { currentPassword: PASSWORD_MESSAGES.wrongCurrent },
          });
    }
    await check.cancel();
    services.log.error({ err: error, userId }, "password change failed");
    return fail(error instanceof APIError ? 400 : 500, PASSWORD_MESSAGES.failed);
  }
}

/** What the owner's 'Update Your Profile' form starts from. */
export async function restaurantForEdit(services: Services, userId: string) {
  const row = await findRestaurantForEdit(services.database.db, userId);
  return (
    row && { row, version: editVersion(profileFormValues(row, RESTAURANT_EDIT_FORM), RESTAURANT_EDIT_FORM) }
  );
}

/** What the customer's 'Update Your Profile' form starts from. */
export async function customerForEdit(services: Services, userId: string) {
  const row = await findCustomerForEdit(services.database.db, userId);
  return row && { row, version: editVersion(profileFormValues(row, CUSTOMER_EDIT_FORM), CUSTOMER_EDIT_FORM) };
}
