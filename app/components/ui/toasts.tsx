import { useEffect, useState } from "react";

type Toastify = typeof import("react-toastify");

// react-toastify (~10 KB gzip) loads with the first toast, not with every page:
// most visitors of a public page never see one (DESIGN §5's JavaScript budget).
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
 * The shell's toast container of product rules §2 (top-right, dark, 4000 ms, no progress
 * bar, click to close, pause on hover and on focus loss, draggable), mounted as
 * soon as the library has loaded; toasts raised before that wait in its queue.
 */
export function ToastHost() {
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
