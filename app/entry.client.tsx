import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, resources } from "#locales/index.ts";

// The words are bundled (no backend), so the instance is ready before hydration, in the language
// the server rendered the page in.
const lang = document.documentElement.lang;
void i18next
  .use(initReactI18next)
  .init({ ...i18nConfig, ns: [...i18nConfig.ns], resources, lng: isLanguage(lang) ? lang : DEFAULT_LANGUAGE });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        <RemixBrowser />
      </I18nextProvider>
    </StrictMode>,
  );
});
