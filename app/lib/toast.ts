import type { Message } from "./message.ts";

export type ToastLevel = "success" | "error" | "warning" | "info";

/** A message for the toast container; the id makes a repeated message show again. */
export interface ToastMessage {
  id: string;
  level: ToastLevel;
  message: Message;
}

export function toastMessage(level: ToastLevel, message: Message): ToastMessage {
  return { id: crypto.randomUUID(), level, message };
}
