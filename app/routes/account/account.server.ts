// /account's loader and action. The page is the hub of the account: profile and image, email
// address, password, notifications, signed-in sessions, security and data links, plan and usage.
// Forms with a file (logo, photo) and the notifications form post multipart; the settings forms post
// plain urlencoded forms, answered by account-settings.server.ts beside it. Every form works without
// JavaScript: a POST with an intent, then a redirect with a confirmation (a flash notice placed in its card).
import { inMegabytes, MAX_LOGO_BYTES, MAX_PHOTO_BYTES } from "#lib/upload-limits.ts";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getZodConstraint } from "@conform-to/zod";
import {
  EmailChangeSchema,
  listSessions,
  namesSchemaFor,
  PasswordChangeSchema,
  pendingEmailChange,
  removeAvatar,
  requireUser,
  sessionToken,
  setEmailNotifications,
  setLanguage,
  setWaitingDigest,
  AccountError,
  contactFor,
  twoFactorEnabled,
  updateAvatar,
  type Account,
  type SignedInSession,
} from "#modules/identity/index.server.ts";
import {
  billingOverview,
  findPlan,
  onlinePayments,
  openPlanRequests,
  planOf,
  planUsage,
  salesEmail,
  upgradeUrl,
} from "#modules/billing-plans/index.server.ts";
import { requestedNote } from "#app/plan-cards.server.ts";
import { countActiveJobs, memberFor, removeCompanyLogo, updateCompanyLogo } from "#modules/hiring/index.server.ts";
import { planBuyerFor } from "#app/billing.server.ts";
import { countApplicationsReceived, countApplicationsSent } from "#modules/applications/index.server.ts";
import { now } from "#lib/clock.ts";
import { formatDate } from "#lib/dates.ts";
import { mediaType } from "#lib/forms.ts";
import { ImageError } from "#lib/images.ts";
import { logger } from "#lib/logger.ts";
import { readFileUpload } from "#lib/uploads.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { accountRedirect, settingsAction, type AccountNotice } from "./account-settings.server.ts";
import { identityCheckView } from "#app/step-up.server.ts";
import type { SessionView } from "#app/components/account-sessions.tsx";
import { languageFor, requestLanguage } from "#app/i18n.server.ts";
import { INTL_LOCALES, isLanguage, translateMessage, translator, type Language } from "#locales/index.ts";
import type { TFunction } from "i18next";

const LOGO_UPDATED = { place: "logo", text: "Your company logo is updated. It now shows on all your job posts." };
const PHOTO_UPDATED = { place: "photo", text: "Your photo is updated. Employers see it with your applications." };

// The confirmations of the application emails' setting, in each role's words (translated as notices).
const EMAIL_SETTING = {
  candidate: {
    on: "Saved. We'll email you when the status of an application changes.",
    off: "Saved. We won't email you about your applications; you can still follow them on My Applications.",
  },
  employer: {
    on: "Saved. We'll email you when someone applies to one of your jobs.",
    off: "Saved. We won't email you about new applications; they still show on your dashboard.",
  },
} as const;

// An employer's weekly digest of applicants waiting 14+ days (applications' waiting-digest.ts).
const DIGEST_SETTING = {
  on: "Saved. We'll send you the weekly digest of applicants waiting 14+ days.",
  off: "Saved. We won't send you the weekly digest; waiting applicants are still marked on each job's page.",
} as const;

/** "just now", "5 minutes ago", "3 hours ago", then the date (in the page's language). */
function ago(iso: string, at: Date, t: TFunction, locale: string): string {
  const minutes = Math.floor((at.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 2) return t("sessions.justNow");
  if (minutes < 60) return t("sessions.minutesAgo", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("sessions.hoursAgo", { count: hours });
  return t("sessions.onDate", { date: formatDate(iso, locale) });
}

const sessionView = (session: SignedInSession, at: Date, t: TFunction, locale: string): SessionView => ({
  id: session.id,
  device: session.device,
  ip: session.ip,
  signedIn: t("sessions.onDate", { date: formatDate(session.signedInAt, locale) }),
  lastActive: session.current ? t("sessions.now") : ago(session.lastActiveAt, at, t, locale),
  current: session.current,
});

// The email settings' words by role, from the catalogue.
const EMAIL_WORDS = {
  candidate: { label: "notifications.candidateLabel", hint: "notifications.candidateHint" },
  employer: { label: "notifications.employerLabel", hint: "notifications.employerHint" },
} as const;

/** A usage line's label and count in `language` (the module words them in English). */
function usageLine(line: ReturnType<typeof planUsage>[number], t: TFunction) {
  return {
    key: line.key,
    label: t(`plan.${line.key}`),
    text:
      line.limit === null
        ? t("plan.usageUnlimited", { used: line.used })
        : t("plan.usageOf", { used: line.used, limit: line.limit }),
  };
}

export async function accountLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const employer = user.role === "employer";
  const token = await sessionToken(request);
  const language: Language = await languageFor(request, user);
  const t = translator(language, "accountPage");
  const locale = INTL_LOCALES[language];
  // An employer's plan and usage are their company's (the plan holder's subscription).
  const member = employer ? await memberFor(user.id) : null;
  const buyer = await planBuyerFor(user);
  // The plan's state is the holder's; a company nobody holds has none, but the owner who may take it over sees their own.
  const planHolder = typeof buyer.plan === "string" ? buyer.plan : buyer.mayManage ? buyer.holderId : null;
  const [sub, overview, activeJobs, applicationsReceived, applicationsSent, pending, sessions, twoFactorOn, requests] =
    await Promise.all([
      planOf(buyer.plan, user.role),
      // The card, charges and invoices only for those who manage the plan.
      billingOverview(planHolder, { details: buyer.mayManage }),
      member ? countActiveJobs(member.companyId) : 0,
      member ? countApplicationsReceived(member.companyId) : 0,
      employer ? 0 : countApplicationsSent(user.id),
      pendingEmailChange(user.id),
      listSessions(user.id, token),
      twoFactorEnabled(user.id),
      buyer.mayManage ? openPlanRequests(buyer.holderId) : [],
    ]);
  const free = sub.plan.monthlyCents === 0;
  const params = new URL(request.url).searchParams;
  const emailWords = EMAIL_WORDS[user.role];
  return {
    title: t("title"),
    email: user.email,
    role: user.role,
    profile: { fullName: user.fullName ?? "", companyName: user.companyName ?? "" },
    emailAddress: {
      current: user.email,
      verified: user.emailVerified,
      pending: pending?.email ?? null,
      pendingSince: pending?.sentAt ?? null,
    },
    hasPassword: user.hasPassword,
    // What a new email address asks for: the password or a provider sign-in, and a code (step-up.ts).
    confirmEmail: await identityCheckView(request, user, "/account#email"),
    twoFactorOn,
    sessions: sessions.map((session) => sessionView(session, now(), t, locale)),
    constraints: {
      names: getZodConstraint(namesSchemaFor(user.role)),
      email: getZodConstraint(EmailChangeSchema),
      password: getZodConstraint(PasswordChangeSchema),
    },
    planName: sub.plan.name,
    billing: t(
      sub.plan.contactSales
        ? "plan.custom"
        : free
          ? "plan.free"
          : sub.billing === "annual"
            ? "plan.annual"
            : "plan.monthly",
    ),
    trial: sub.trialEndsAt
      ? sub.trialOver
        ? t("plan.trialEnded", { date: formatDate(sub.trialEndsAt, locale) })
        : t("plan.trialLeft", { count: sub.trialDaysLeft ?? 0, date: formatDate(sub.trialEndsAt, locale) })
      : null,
    trialOver: sub.trialOver,
    // A paid plan named by the sign-up link is the plan to upgrade to, not the plan they are on.
    picked: sub.intendedPlan ? t("plan.picked", { picked: sub.intendedPlan.name, plan: sub.plan.name }) : null,
    usage: planUsage(sub.plan, { activeJobs, applicationsReceived, applicationsSent }).map((line) =>
      usageLine(line, t),
    ),
    pricingUrl: upgradeUrl(sub.audience),
    salesEmail: salesEmail(),
    // Without Stripe nobody can pay here: the page says who changes plans instead.
    onlinePayments: onlinePayments(),
    // Paying through Stripe: period, next charge, card, invoices, and who may change it.
    stripe: overview,
    mayManagePlan: buyer.mayManage,
    // A paid plan named at sign-up, offered as the one button to buy (online payments only).
    upgradeTo:
      sub.intendedPlan && !overview.subscribed ? { id: sub.intendedPlan.id, name: sub.intendedPlan.name } : null,
    alreadySubscribed: params.get("billing") === "already",
    // Without online payment: the plans asked for and not set up yet, and what happens next.
    requests: requests.map((r) => ({
      planId: r.planId,
      text: requestedNote(findPlan(user.role, r.planId)?.name ?? r.planId, r.billing, r.requestedAt),
    })),
    justRequested: params.get("plan") === "requested",
    company: employer
      ? {
          name: user.companyName || user.email,
          logo: user.companyLogo,
        }
      : null,
    photo: employer
      ? null
      : {
          name: user.fullName || user.email,
          url: user.avatarUrl,
        },
    language: {
      chosen: isLanguage(user.language) ? user.language : null,
      browser: await requestLanguage(request),
    },
    emails: {
      on: user.emailNotifications,
      label: t(emailWords.label),
      hint: t(emailWords.hint),
      digest: employer
        ? {
            on: (await contactFor(user.id))?.waitingDigest ?? true,
            label: t("notifications.digestLabel"),
            hint: t("notifications.digestHint"),
          }
        : null,
    },
  };
}

export async function accountAction(args: ActionFunctionArgs) {
  const user = await requireUser(args.request);
  if (mediaType(args.request) === "multipart/form-data") return imageAction(args, user);
  return settingsAction(args, user);
}

// ---------------------------------------------------------------------------------------------
// The multipart forms: an employer's logo, a candidate's photo, and the email setting

// An employer's image is the company logo, a candidate's is their photo: each role has one field.
const IMAGE = {
  employer: {
    field: "logo",
    maxBytes: MAX_LOGO_BYTES,
    tooBig: `The logo must be ${inMegabytes(MAX_LOGO_BYTES)} MB or smaller. Choose a smaller image.`,
  },
  // Photos come from phones, so they may be bigger.
  candidate: {
    field: "photo",
    maxBytes: MAX_PHOTO_BYTES,
    tooBig: `The photo must be ${inMegabytes(MAX_PHOTO_BYTES)} MB or smaller. Choose a smaller image.`,
  },
} as const;
const NO_FILE = "Choose a PNG, JPEG or WebP image to upload.";

/** A refused image form: its message (a module's English) in the page's language. */
function refusedImage(language: Language, message: string, status: number, headers?: HeadersInit) {
  return data({ imageErrors: [translateMessage(language, message)] }, { status, headers });
}

async function imageAction({ request, context }: ActionFunctionArgs, user: Account) {
  const language = await languageFor(request, user);
  const imageError = (message: string, status: number) => refusedImage(language, message, status);
  const image = IMAGE[user.role];
  // Every multipart form on this page is read by one reader: the intent and any file.
  const upload = await readFileUpload(request, { field: image.field, maxFileBytes: image.maxBytes });
  if (upload.status === "too-big") return imageError(image.tooBig, 413);
  if (upload.status === "unreadable") {
    logger.warn({ err: upload.error, reqId: context.requestId }, "account form could not be read");
    return imageError("The upload did not arrive complete. Please try again.", 400);
  }
  if (upload.status === "invalid") return imageError(upload.message, 400);
  const intent = upload.form.get("intent");
  const file = upload.file?.bytes.byteLength ? upload.file.bytes : null;

  if (intent === "email-notifications") {
    const on = upload.form.get("emailNotifications") === "on";
    await setEmailNotifications(user.id, on);
    return accountRedirect({ place: "emails", text: EMAIL_SETTING[user.role][on ? "on" : "off"] });
  }
  if (intent === "language") {
    try {
      await setLanguage(user.id, upload.form.get("language") ?? "");
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return data({ languageErrors: [translateMessage(language, error.message)] }, { status: 400 });
    }
    return accountRedirect({ place: "language", text: "Your language is saved." });
  }
  if (user.role === "employer" && intent === "waiting-digest") {
    const on = upload.form.get("waitingDigest") === "on";
    await setWaitingDigest(user.id, on);
    return accountRedirect({ place: "emails", text: DIGEST_SETTING[on ? "on" : "off"] });
  }
  // Logo intents are for employers, photo intents for candidates; anything else is answered as if
  // there were nothing here to post to.
  if (user.role === "employer" && intent === "remove") {
    await removeCompanyLogo(user.id);
    return accountRedirect({ place: "logo", text: "Your company logo is removed." });
  }
  if (user.role === "employer" && intent === "upload") {
    return saveImage(file, (bytes) => updateCompanyLogo(user.id, bytes), LOGO_UPDATED, language);
  }
  if (user.role === "candidate" && intent === "remove-photo") {
    await removeAvatar(user.id);
    return accountRedirect({ place: "photo", text: "Your photo is removed." });
  }
  if (user.role === "candidate" && intent === "upload-photo") {
    return saveImage(file, (bytes) => updateAvatar(user.id, bytes), PHOTO_UPDATED, language);
  }
  throw new Response("Not found", { status: 404 });
}

async function saveImage(
  file: Buffer | null,
  save: (bytes: Buffer) => Promise<unknown>,
  done: AccountNotice,
  language: Language,
) {
  const imageError = (message: string, status: number, headers?: HeadersInit) =>
    refusedImage(language, message, status, headers);
  if (!file) return imageError(NO_FILE, 400);
  try {
    await save(file);
  } catch (error) {
    if (error instanceof ImageError) return imageError(error.message, 400);
    if (error instanceof QuotaExceededError) return imageError(error.message, 429, retryAfter(error));
    throw error;
  }
  return accountRedirect(done);
}
