// The confirmation step before applicants move (one from the application page or the job page's
// Reject, several from the job page's list): an optional message for the candidates' email, and
// for a rejection a choice between emailing them or not. A plain POST form: it works without
// JavaScript and is its own small page. Where `templates` are given, "Use template" posts the form
// and the server answers with the message filled in (decision 072); for several applicants the
// placeholders stay and a preview shows how the first of them will read it.
import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "#locales/index.ts";
import { ErrorBox, IntentButton, TextAreaField } from "#app/components/forms.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { MessagePreview, TemplatePicker, type TemplateChoice } from "#app/components/application-messages.tsx";

export interface MoveConfirmationProps {
  /** The target stage and how it reads ("Interview", "Not Selected"; the page's language is the stage's own). */
  to: string;
  toLabel: string;
  /** Whether the stage sends the candidate an email (so a message makes sense). */
  emailed: boolean;
  /** How many applicants move (wording only). */
  count: number;
  /** Fields the form carries back (ids, stage, the list's filter…). */
  hidden: readonly (readonly [string, string])[];
  cancelHref: string;
  message: string;
  messageErrors?: string[];
  error?: string | null;
  /** Characters allowed in the message. */
  maxMessage: number;
  /** False when a move is refused: only Cancel is left. */
  allowed: boolean;
  /** The company's templates, offered above the message. */
  templates?: TemplateChoice[];
  /** Set when the server filled the message (a template): a new key shows the new text. */
  filled?: string;
  /** The template it was filled from: the picker keeps showing it. */
  template?: string;
  /** The message as one of the candidates will read it, placeholders filled in. */
  preview?: { title: string; text: string } | null;
  /** More fields before the buttons (one rejection's private reason and email timing). */
  fields?: ReactNode;
}

export function MoveConfirmation({
  to,
  toLabel,
  emailed,
  count,
  hidden,
  cancelHref,
  message,
  messageErrors,
  error,
  maxMessage,
  allowed,
  templates,
  filled,
  template,
  preview,
  fields,
}: MoveConfirmationProps) {
  const { t, i18n } = useTranslation("review");
  const stage = t(`label.${to}`, { ns: "status", defaultValue: toLabel });
  const rejecting = to === "rejected";
  const max = maxMessage.toLocaleString(intlLocale(i18n.language));
  return (
    <Form method="post" className="grid gap-4">
      {error ? <ErrorBox errors={[error]} /> : null}
      {hidden.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      {allowed && emailed && templates ? <TemplatePicker templates={templates} chosen={template} /> : null}
      {allowed && emailed && preview ? <MessagePreview {...preview} /> : null}
      {allowed && emailed ? (
        <TextAreaField
          key={filled ?? ""}
          id="move-message"
          name="message"
          label={t("confirm.messageTo", { count })}
          hint={rejecting ? t("confirm.hintRejecting", { max }) : t("confirm.hint", { max })}
          rows={4}
          defaultValue={message}
          errors={messageErrors}
        />
      ) : null}
      {allowed ? fields : null}
      <div className="flex flex-wrap items-center gap-2">
        {allowed && rejecting ? (
          <>
            <IntentButton intent="notify" variant="danger" pendingLabel={t("confirm.rejecting")}>
              {t("confirm.rejectAndEmail", { count })}
            </IntentButton>
            <IntentButton intent="silent" variant="secondary" pendingLabel={t("confirm.rejecting")}>
              {t("confirm.rejectSilently")}
            </IntentButton>
          </>
        ) : allowed ? (
          <IntentButton intent="notify" variant="primary" pendingLabel={t("confirm.moving")}>
            {count === 1
              ? t(emailed ? "confirm.moveOneAndEmail" : "confirm.moveOne", { stage })
              : t(emailed ? "confirm.moveManyAndEmail" : "confirm.moveMany", { stage, count })}
          </IntentButton>
        ) : null}
        <ButtonLink to={cancelHref} variant="quiet">
          {t("confirm.cancel")}
        </ButtonLink>
      </div>
    </Form>
  );
}
