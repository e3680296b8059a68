// The settings forms of /account: names, email address, password. Plain forms that post an intent
// and work without JavaScript; the server's messages show beside the fields, what was typed is
// kept (never a password: the server leaves passwords out of its reply and the inputs remount).
import { textLink } from "#app/components/ui/styles.ts";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link, useLocation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { ErrorBox, Field, IntentButton } from "#app/components/forms.tsx";
import { AccountCard } from "#app/components/account-card.tsx";
import { ConfirmIdentity, type IdentityCheckView } from "#app/components/confirm-identity.tsx";

type Constraint = ReturnType<typeof getZodConstraint>;

/** What the action answered to one of these forms (only the form it names shows it). */
export interface FormAnswer {
  lastResult?: SubmissionResult<string[]>;
  submissionId?: string;
}

// Validation is the server's, on submit: without a client validator conform would post on every keystroke.
const SERVER_VALIDATION = { shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" } as const;

/** A key that changes with every answer, so password inputs come back empty after each post. */
function usePasswordKey(submissionId?: string) {
  return `${useLocation().key}-${submissionId ?? "initial"}`;
}

export function NamesCard({
  role,
  fullName,
  companyName,
  constraint,
  answer,
  done,
}: {
  role: "candidate" | "employer";
  fullName: string;
  companyName: string;
  constraint: Constraint;
  answer: FormAnswer;
  done: string | null;
}) {
  const [form, fields] = useForm<{ full_name: string; company_name: string }>({
    id: "names-form",
    constraint,
    lastResult: answer.lastResult,
    defaultValue: { full_name: fullName, company_name: companyName },
    ...SERVER_VALIDATION,
  });
  const employer = role === "employer";
  const { t } = useTranslation("accountPage");
  return (
    <AccountCard
      id="profile"
      title={t("profile.title")}
      description={t(employer ? "profile.employer" : "profile.candidate")}
      done={done}
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <ErrorBox id={form.errorId} errors={form.errors} />
        <Field
          label={t("profile.fullName")}
          inputProps={{ ...getInputProps(fields.full_name, { type: "text" }), autoComplete: "name" }}
          errors={fields.full_name.errors}
        />
        {employer ? (
          <Field
            label={t("profile.companyName")}
            hint={t("profile.companyHint")}
            inputProps={{ ...getInputProps(fields.company_name, { type: "text" }), autoComplete: "organization" }}
            errors={fields.company_name.errors}
          />
        ) : null}
        <IntentButton intent="names" variant="primary" pendingLabel={t("saving")} className="w-fit">
          {t("save")}
        </IntentButton>
      </Form>
    </AccountCard>
  );
}

export function EmailCard({
  current,
  verified,
  pending,
  confirm,
  constraint,
  answer,
  pendingError,
  done,
}: {
  current: string;
  verified: boolean;
  pending: string | null;
  confirm: IdentityCheckView;
  constraint: Constraint;
  answer: FormAnswer;
  pendingError: string | null;
  done: string | null;
}) {
  const [form, fields] = useForm<{ new_email: string; current_password: string; code: string }>({
    id: "email-form",
    constraint,
    lastResult: answer.lastResult,
    ...SERVER_VALIDATION,
  });
  const passwordKey = usePasswordKey(answer.submissionId);
  const { t } = useTranslation("accountPage");
  return (
    <AccountCard id="email" title={t("email.title")} description={t("email.description")} done={done}>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 [overflow-wrap:anywhere] font-semibold">{current}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            verified ? "bg-ok-wash text-ok-fg" : "bg-amber-100 text-warn-fg dark:bg-amber-950"
          }`}
        >
          {t(verified ? "email.verified" : "email.notVerified")}
        </span>
      </p>
      {pending ? (
        <div className="grid gap-3 rounded-lg border border-brand-line bg-brand-tint px-4 py-3 text-sm text-brand-strong">
          <p className="break-words">
            <Trans
              t={t}
              i18nKey="email.pending"
              values={{ email: pending }}
              components={{ addr: <strong className="[overflow-wrap:anywhere]" /> }}
            />
          </p>
          {pendingError ? (
            <p role="alert" className="font-medium text-danger">
              {pendingError}
            </p>
          ) : null}
          <Form method="post" className="flex flex-wrap gap-2">
            <IntentButton intent="resend-email" pendingLabel={t("sending")}>
              {t("email.resend")}
            </IntentButton>
            <IntentButton intent="cancel-email" variant="quiet" pendingLabel={t("email.cancelling")}>
              {t("email.cancel")}
            </IntentButton>
          </Form>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <ErrorBox id={form.errorId} errors={form.errors} />
        <Field
          label={t("email.newEmail")}
          hint={t("email.newEmailHint")}
          inputProps={{ ...getInputProps(fields.new_email, { type: "email" }), autoComplete: "email" }}
          errors={fields.new_email.errors}
        />
        <ConfirmIdentity
          check={confirm}
          idPrefix="email-form"
          passwordName="current_password"
          passwordLabel={t("email.currentPassword")}
          errors={{ password: fields.current_password.errors, code: fields.code.errors }}
          resetKey={passwordKey}
        />
        <IntentButton intent="change-email" variant="primary" pendingLabel={t("sending")} className="w-fit">
          {t("email.send")}
        </IntentButton>
      </Form>
    </AccountCard>
  );
}

export function PasswordCard({
  hasPassword,
  constraint,
  answer,
  done,
}: {
  hasPassword: boolean;
  constraint: Constraint;
  answer: FormAnswer;
  done: string | null;
}) {
  const [form, fields] = useForm<{ current_password: string; new_password: string }>({
    id: "password-form",
    constraint,
    lastResult: answer.lastResult,
    ...SERVER_VALIDATION,
  });
  const passwordKey = usePasswordKey(answer.submissionId);
  const { t } = useTranslation("accountPage");
  if (!hasPassword) {
    return (
      <AccountCard id="password" title={t("password.title")} done={done}>
        <p className="text-sm text-label">
          {t("password.none")}{" "}
          <Link to="/account/sign-in-methods" className={textLink}>
            {t("password.methods")}
          </Link>
        </p>
      </AccountCard>
    );
  }
  return (
    <AccountCard id="password" title={t("password.title")} description={t("password.description")} done={done}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <ErrorBox id={form.errorId} errors={form.errors} />
        <Field
          label={t("password.current")}
          inputProps={{
            ...getInputProps(fields.current_password, { type: "password" }),
            key: `current-${passwordKey}`,
            autoComplete: "current-password",
          }}
          errors={fields.current_password.errors}
        />
        <Field
          label={t("password.new")}
          hint={t("password.newHint")}
          inputProps={{
            ...getInputProps(fields.new_password, { type: "password" }),
            key: `new-${passwordKey}`,
            autoComplete: "new-password",
          }}
          errors={fields.new_password.errors}
        />
        <IntentButton
          intent="change-password"
          variant="primary"
          pendingLabel={t("password.changing")}
          className="w-fit"
        >
          {t("password.change")}
        </IntentButton>
      </Form>
    </AccountCard>
  );
}
