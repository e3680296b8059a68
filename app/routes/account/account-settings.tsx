// The settings cards of /account: the company logo or the candidate's photo, and the email
// setting. Each is a form that works without JavaScript (a multipart POST with an intent).
import { inMegabytes, MAX_LOGO_BYTES, MAX_PHOTO_BYTES } from "#lib/upload-limits.ts";
import { Form } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "#app/components/applications.tsx";
import { Field, IntentButton } from "#app/components/forms.tsx";
import { CompanyMark } from "#app/components/job-bits.tsx";
import { cardClass } from "#app/components/ui/card.tsx";

export function CompanyLogo({
  name,
  logo,
  message,
  errors,
}: {
  name: string;
  logo: string | null;
  message: string | null;
  errors?: string[];
}) {
  const { t } = useTranslation("accountPage");
  return (
    <ImageSetting
      id="logo"
      heading={t("image.logoTitle")}
      description={t("image.logoDescription")}
      preview={<CompanyMark name={name} logo={logo} size="size-20" />}
      hasImage={Boolean(logo)}
      imageKey={logo}
      label={t(logo ? "image.newLogo" : "image.logo")}
      hint={t("image.logoHint", { mb: inMegabytes(MAX_LOGO_BYTES) })}
      upload={{ intent: "upload", label: t("image.uploadLogo") }}
      remove={{ intent: "remove", label: t("image.removeLogo") }}
      message={message}
      errors={errors}
    />
  );
}

export function Photo({
  name,
  url,
  message,
  errors,
}: {
  name: string;
  url: string | null;
  message: string | null;
  errors?: string[];
}) {
  const { t } = useTranslation("accountPage");
  return (
    <ImageSetting
      id="photo"
      heading={t("image.photoTitle")}
      description={t("image.photoDescription")}
      preview={<Avatar name={name} url={url} size="size-20 text-2xl" />}
      hasImage={Boolean(url)}
      imageKey={url}
      label={t(url ? "image.newPhoto" : "image.photo")}
      hint={t("image.photoHint", { mb: inMegabytes(MAX_PHOTO_BYTES) })}
      upload={{ intent: "upload-photo", label: t("image.uploadPhoto") }}
      remove={{ intent: "remove-photo", label: t("image.removePhoto") }}
      message={message}
      errors={errors}
    />
  );
}

/** An image of the account (logo or photo): the current one, a file field to replace it, Remove. */
function ImageSetting({
  id,
  heading,
  description,
  preview,
  hasImage,
  imageKey,
  label,
  hint,
  upload,
  remove,
  message,
  errors,
}: {
  id: string;
  heading: string;
  description: string;
  preview: ReactNode;
  hasImage: boolean;
  imageKey: string | null;
  label: string;
  hint: string;
  upload: { intent: string; label: string };
  remove: { intent: string; label: string };
  message: string | null;
  errors?: string[];
}) {
  // With JavaScript on, the page does not reload after a refused upload: move focus to the field
  // with the message, as autoFocus does on the reloaded page without JavaScript.
  useEffect(() => {
    if (errors?.length) document.getElementById(id)?.focus();
  }, [errors, id]);
  const { t } = useTranslation("accountPage");
  return (
    <section aria-labelledby={`${id}-heading`} className={CARD}>
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {heading}
        </h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
      {message && !errors ? <Confirmation>{message}</Confirmation> : null}
      <div className="flex flex-wrap items-start gap-4">
        {preview}
        {/* A new image remounts the form, which clears the file chosen for the previous one. */}
        <Form
          key={imageKey ?? "none"}
          method="post"
          encType="multipart/form-data"
          className="grid min-w-60 flex-1 gap-3"
        >
          <Field
            label={label}
            hint={hint}
            errors={errors}
            inputProps={{
              id,
              name: id,
              type: "file",
              accept: "image/png,image/jpeg,image/webp",
              required: true,
              autoFocus: Boolean(errors?.length),
            }}
          />
          <div className="flex flex-wrap gap-2">
            <IntentButton intent={upload.intent} variant="primary" pendingLabel={t("image.uploading")}>
              {upload.label}
            </IntentButton>
          </div>
        </Form>
      </div>
      {hasImage ? (
        // Its own form, so removing does not trip the file field's "required".
        <Form method="post" encType="multipart/form-data">
          <IntentButton intent={remove.intent} variant="danger" pendingLabel={t("image.removing")}>
            {remove.label}
          </IntentButton>
        </Form>
      ) : null}
    </section>
  );
}

interface EmailSetting {
  on: boolean;
  label: string;
  hint: string;
}

export function EmailSettings({
  on,
  label,
  hint,
  digest,
  message,
}: EmailSetting & { digest: EmailSetting | null; message: string | null }) {
  const { t } = useTranslation("accountPage");
  return (
    <section id="emails" aria-labelledby="emails-heading" className={CARD}>
      <h2 id="emails-heading" className="text-lg font-semibold">
        {t("notifications.title")}
      </h2>
      {message ? <Confirmation>{message}</Confirmation> : null}
      <EmailToggle
        id="email-notifications"
        name="emailNotifications"
        intent="email-notifications"
        setting={{ on, label, hint }}
      />
      {/* Its own form, so saving one setting never changes the other. */}
      {digest ? (
        <EmailToggle id="waiting-digest" name="waitingDigest" intent="waiting-digest" setting={digest} />
      ) : null}
    </section>
  );
}

function EmailToggle({
  id,
  name,
  intent,
  setting,
}: {
  id: string;
  name: string;
  intent: string;
  setting: EmailSetting;
}) {
  const { t } = useTranslation("accountPage");
  return (
    // Multipart like the other forms here, so the action reads every post one way. Keyed by the
    // saved value, so the box shows it again after saving.
    <Form key={String(setting.on)} method="post" encType="multipart/form-data" className="grid gap-4">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={setting.on}
          aria-describedby={`${id}-hint`}
          className="mt-1 size-4 shrink-0 accent-brand-600"
        />
        <div>
          <label htmlFor={id} className="font-medium text-ink">
            {setting.label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {setting.hint}
          </p>
        </div>
      </div>
      <IntentButton intent={intent} pendingLabel={t("saving")} className="w-fit">
        {t("save")}
      </IntentButton>
    </Form>
  );
}

function Confirmation({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-ok-line bg-ok-tint px-4 py-3 text-sm text-ok-fg">
      {children}
    </p>
  );
}

const CARD = `grid gap-4 ${cardClass}`;
