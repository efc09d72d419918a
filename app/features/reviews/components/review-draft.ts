import { useEffect, useRef } from "react";
import { withoutLocale } from "~/lib/locale.ts";

/**
 * What a diner typed in the review form outlives a detour through the login.
 * The form is for signed-in customers only, so nothing is typed before the first login;
 * but a session that ends while the diner writes (signed out in another tab, expired)
 * sends the post to the login, maybe on to Register and sign-up, and back to an empty
 * form. So the text and the stars are kept as they are typed, in this tab's
 * sessionStorage under the form's path (either language), put back when the form opens
 * empty, and dropped once the review is posted. sessionStorage, not localStorage: it
 * is this tab's alone and goes when the tab closes, so the next person on a shared
 * phone does not find it. Photos and the video cannot be kept; the diner picks them again.
 */
const PREFIX = "fv-review-draft:";

interface Draft {
  review: string;
  rating: string;
}

function keyOf(pathname: string): string {
  return `${PREFIX}${withoutLocale(pathname)}`;
}

function readDraft(key: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(key);
    const draft: unknown = raw ? JSON.parse(raw) : null;
    if (typeof draft !== "object" || draft === null) return null;
    const { review, rating } = draft as Partial<Draft>;
    return {
      review: typeof review === "string" ? review : "",
      rating: typeof rating === "string" ? rating : "",
    };
  } catch {
    // Storage refused (private mode, quota) or a value not ours: no draft.
    return null;
  }
}

function writeDraft(key: string, draft: Draft) {
  try {
    if (draft.review === "" && draft.rating === "") sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage refused: the form works as before, without a draft.
  }
}

/** The review at `pathname` is posted: its draft is done with. */
export function forgetReviewDraft(pathname: string) {
  try {
    sessionStorage.removeItem(keyOf(pathname));
  } catch {
    // Nothing was kept.
  }
}

/** A ref for the review form at `pathname`: fills it from the draft, and keeps the draft as the diner types. */
export function useReviewDraft(pathname: string) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const key = keyOf(pathname);
    const draft = readDraft(key);
    const text = form.elements.namedItem("review");
    // What the page came back with (a refused post's values) wins over the draft.
    if (draft && text instanceof HTMLTextAreaElement && text.value === "") text.value = draft.review;
    if (draft?.rating && !form.querySelector('input[name="rating"]:checked')) {
      for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="rating"]')) {
        if (radio.value === draft.rating) radio.checked = true;
      }
    }
    const save = () => {
      const values = new FormData(form);
      writeDraft(key, {
        review: String(values.get("review") ?? ""),
        rating: String(values.get("rating") ?? ""),
      });
    };
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    return () => {
      form.removeEventListener("input", save);
      form.removeEventListener("change", save);
    };
  }, [pathname]);
  return formRef;
}
