/**
 * What the server says to a person (a toast, a field's error, a notice): a catalog key,
 * which is the English text itself (SPEC's words, ADR 0026), and for a sentence with
 * values in it, the values apart. The page translates it with `tm` (app/i18n/use-i18n.ts);
 * nothing has to recognise an English sentence again to find its values.
 */
export type MessageValues = Readonly<Record<string, string | number>>;

export interface KeyedMessage {
  /** The catalog key: the English sentence with {{name}} where each value goes. */
  readonly key: string;
  readonly values: MessageValues;
}

export type Message = string | KeyedMessage;

export function keyed(key: string, values: MessageValues): KeyedMessage {
  return { key, values };
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/gu;

/** The message in English: its key with the values put in (what logs and tests read). */
export function inEnglish(message: Message): string {
  if (typeof message === "string") return message;
  return message.key.replaceAll(PLACEHOLDER, (_, name: string) => String(message.values[name] ?? ""));
}

/** Whether a value read back (a cookie, JSON) is a keyed message: a key and values that are text or numbers. */
/**
 * An error that refuses something a person asked for: `said` is what they are told, in
 * the page's language; the Error's own message is its English, for logs.
 */
export class MessageError extends Error {
  readonly said: Message;
  constructor(message: Message, options?: ErrorOptions) {
    super(inEnglish(message), options);
    this.said = message;
  }
}

export function isKeyedMessage(value: unknown): value is KeyedMessage {
  if (typeof value !== "object" || value === null) return false;
  const { key, values } = value as { key?: unknown; values?: unknown };
  return (
    typeof key === "string" &&
    typeof values === "object" &&
    values !== null &&
    !Array.isArray(values) &&
    Object.values(values).every((v) => typeof v === "string" || typeof v === "number")
  );
}

export function isMessage(value: unknown): value is Message {
  return typeof value === "string" || isKeyedMessage(value);
}

// Some channels carry only text: a zod issue's message, a tus upload's refusal. A keyed
// message crosses them as this text and becomes a message again on the other side
// (fieldErrors in app/lib/forms.ts; the video picker).
const AS_TEXT = "\u0000message:";

/** A message as text that messageFromText reads back (plain text stays as it is). */
export function messageAsText(message: Message): string {
  return typeof message === "string" ? message : `${AS_TEXT}${JSON.stringify(message)}`;
}

/** Text from messageAsText as the message it was made from; any other text is a message itself. */
export function messageFromText(text: string): Message {
  if (!text.startsWith(AS_TEXT)) return text;
  try {
    const parsed: unknown = JSON.parse(text.slice(AS_TEXT.length));
    return isKeyedMessage(parsed) ? keyed(parsed.key, parsed.values) : text;
  } catch {
    return text;
  }
}
