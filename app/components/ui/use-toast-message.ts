import { useEffect } from "react";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { ToastMessage } from "~/lib/toast.ts";
import { loadToastify } from "./toasts.tsx";

/** Shows a server-sent toast once per message id. */
export function useToastMessage(message: ToastMessage | null | undefined) {
  const id = message?.id;
  const { tm } = useI18n();
  useEffect(() => {
    if (!message) return;
    void loadToastify().then(({ toast }) => {
      toast(tm(message.message), { type: message.level, toastId: message.id });
    });
    // The id identifies the message; the object itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
}
