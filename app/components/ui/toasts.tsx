import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/use-i18n.ts";

type Toastify = typeof import("react-toastify");

// react-toastify (~10 KB gzip) loads with the first toast, not with every page:
// most visitors of a public page never see one (docs/performance.md's JavaScript budget).
let loading: Promise<Toastify> | null = null;
const waiting = new Set<(toastify: Toastify) => void>();

export function loadToastify(): Promise<Toastify> {
  loading ??= import("react-toastify").then((toastify) => {
    for (const notify of waiting) notify(toastify);
    return toastify;
  });
  return loading;
}

/**
 * react-toastify's own close button, named in the page's language (the library's is
 * always "close"); it hands each toast's closeToast and theme to this element.
 */
function CloseToast({
  label,
  closeToast,
  theme = "dark",
}: {
  label: string;
  closeToast?: (removedByUser: boolean) => void;
  theme?: string;
}) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast?.(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * The shell's toast container of product rules §2 (top-right, dark, 4000 ms, no progress
 * bar, click to close, pause on hover and on focus loss, draggable), mounted as
 * soon as the library has loaded; toasts raised before that wait in its queue.
 */
export function ToastHost() {
  const { t, dir } = useI18n();
  const [toastify, setToastify] = useState<Toastify | null>(null);
  useEffect(() => {
    waiting.add(setToastify);
    if (loading) void loading.then(setToastify);
    return () => {
      waiting.delete(setToastify);
    };
  }, []);
  if (!toastify) return null;
  const { ToastContainer } = toastify;
  return (
    <ToastContainer
      position="top-right"
      rtl={dir === "rtl"}
      aria-label={t("Notifications Alt+T")}
      closeButton={<CloseToast label={t("Close")} />}
      theme="dark"
      autoClose={4000}
      hideProgressBar
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      draggable
    />
  );
}
