import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { registerMessages } from "./i18n/i18n.ts";
import { isLocale, type Locale } from "./lib/locale.ts";

// The page's language is the one the server rendered (<html lang>); Urdu pages load
// their messages as a chunk of their own before hydrating, so English pages never do.
async function messagesFor(locale: Locale) {
  if (locale === "en") return {};
  const { urduMessages } = await import("./i18n/urdu-messages.ts");
  return urduMessages;
}

const lang = document.documentElement.lang;
const locale: Locale = isLocale(lang) ? lang : "en";
void messagesFor(locale).then((messages) => {
  if (locale !== "en") registerMessages("en");
  const i18n = registerMessages(locale, messages);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
});
