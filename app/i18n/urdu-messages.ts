// Every Urdu message file, merged: one file per part of the product, so people
// translating different screens do not edit the same file. The server imports this
// at start; the browser loads it as its own chunk, only for Urdu pages.
import type { Messages } from "./i18n.ts";

const files = import.meta.glob<Messages>("./ur/*.json", { eager: true, import: "default" });

export const urduMessages: Messages = Object.assign({}, ...Object.values(files));
