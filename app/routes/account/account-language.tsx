// /account's language card: the site's and the emails' language, or the browser's (decision 090).
// A multipart POST with an intent like the cards beside it, so it works without JavaScript.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { IntentButton } from "#app/components/forms.tsx";
import { SelectField } from "#app/components/ui/field.tsx";
import { cardClass } from "#app/components/ui/card.tsx";
import { LANGUAGES, type Language } from "#locales/index.ts";

export function LanguageSetting({
  chosen,
  browser,
  message,
  errors,
}: {
  chosen: Language | null;
  /** The language the browser's request asks for, shown beside "as my browser asks". */
  browser: Language;
  message: string | null;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const options = [
    ["", t("account:languageAuto", { current: t(`language.${browser}`) })],
    ...LANGUAGES.map((language) => [language, t(`language.${language}`)] as const),
  ] as const;
  return (
    <section id="language" aria-labelledby="language-heading" className={`grid gap-4 ${cardClass}`}>
      <h2 id="language-heading" className="text-lg font-semibold">
        {t("account:languageTitle")}
      </h2>
      {message ? (
        <p role="status" className="rounded-lg border border-ok-line bg-ok-tint px-4 py-3 text-sm text-ok-fg">
          {message}
        </p>
      ) : null}
      <Form key={chosen ?? ""} method="post" encType="multipart/form-data" className="grid gap-4">
        <SelectField
          id="account-language"
          name="language"
          label={t("account:languageField")}
          hint={t("account:languageIntro")}
          defaultValue={chosen ?? ""}
          options={options}
          errors={errors}
        />
        <IntentButton intent="language" pendingLabel={t("account:saving")} className="w-fit">
          {t("account:save")}
        </IntentButton>
      </Form>
    </section>
  );
}
