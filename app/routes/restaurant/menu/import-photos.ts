import { data } from "react-router";
import { requireRole } from "~/features/accounts/access.server.ts";
import { IMPORT_MESSAGES as M } from "~/features/menu-import/menu-import.messages.ts";
import { addImportPhotos } from "~/features/menu-import/menu-import.server.ts";
import { redirectWithToast } from "~/server/toast.server.ts";
import { readUploadForm } from "~/server/upload-form.server.ts";
import type { Route } from "./+types/import-photos";
import { inEnglish } from "~/lib/message.ts";

/** Photos sent at once without scripts; the page's uploader sends them one a request. */
const MAX_PHOTOS_A_POST = 40;

/**
 * POST the photos of an import: the page's uploader sends one at a time and reads
 * a JSON answer (for its progress bar); a form sent without scripts gets the import's
 * page back with a toast.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, services } = await requireRole(request, context, "restaurant");
  const wantsJson = request.headers.get("accept")?.includes("application/json") ?? false;
  const back = `/profile/restaurant/addmenu/import/${encodeURIComponent(params.importId)}`;
  const form = await readUploadForm(request, context, {
    maxFileBytes: services.env.MAX_IMAGE_BYTES,
    maxFiles: MAX_PHOTOS_A_POST,
  });
  // A body that cannot be read (too large, too slow, no form) is refused like any form's.
  if (!form.ok && !wantsJson)
    throw data({ message: form.message }, { status: form.status, statusText: inEnglish(form.message) });
  const result = form.ok
    ? await addImportPhotos(services, viewer.userId, params.importId, form.namedFiles.get("photos") ?? [])
    : form;
  if (wantsJson) {
    return Response.json(
      result.ok
        ? { ok: true, stored: result.stored, ignored: result.ignored }
        : { ok: false, message: result.message },
      { status: result.ok ? 200 : result.status },
    );
  }
  if (!result.ok) return redirectWithToast(back, "error", result.message);
  const message = M.photosUploaded(result.stored.length, result.ignored);
  return redirectWithToast(back, result.stored.length > 0 ? "success" : "warning", message);
}
