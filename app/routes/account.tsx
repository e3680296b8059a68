// /account: the signed-in account's plan, trial and usage against its plan's limits, the company
// logo (employers) or photo (candidates), and whether to get the application emails. Plan changes
// are made by our team. Every form here works without JavaScript: a multipart POST with an intent,
// then a redirect with a confirmation.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { removeAvatar, requireUser, setEmailNotifications, updateAvatar } from "#modules/identity/index.ts";
import { getSubscription, planUsage, SALES_EMAIL, upgradeUrl } from "#modules/billing-plans/index.ts";
import { countActiveJobs, removeCompanyLogo, updateCompanyLogo } from "#modules/hiring/index.ts";
import { countApplicationsReceived, countApplicationsSent } from "#modules/applications/index.ts";
import { formatDate } from "#lib/dates.ts";
import { ImageError } from "#lib/images.ts";
import { logger } from "#lib/logger.ts";
import { readFileUpload } from "#lib/uploads.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { CompanyLogo, EmailSettings, Photo } from "#app/components/account-settings.tsx";

export const meta: MetaFunction = () => [{ title: "Account · Hirewise" }];
export { headers } from "#app/quotas.server.ts";

const LOGO_MESSAGES: Record<string, string> = {
  updated: "Your company logo is updated. It now shows on all your job posts.",
  removed: "Your company logo is removed.",
};

const PHOTO_MESSAGES: Record<string, string> = {
  updated: "Your photo is updated. Employers see it with your applications.",
  removed: "Your photo is removed.",
};

// The application emails, in each role's words.
const EMAIL_SETTING = {
  candidate: {
    label: "Email me about my applications",
    hint: "An email when an employer shortlists you, or decides not to move forward.",
    on: "Saved. We'll email you when the status of an application changes.",
    off: "Saved. We won't email you about your applications; you can still follow them on My Applications.",
  },
  employer: {
    label: "Email me when someone applies",
    hint: "An email for each new application to your jobs.",
    on: "Saved. We'll email you when someone applies to one of your jobs.",
    off: "Saved. We won't email you about new applications; they still show on your dashboard.",
  },
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const employer = user.role === "employer";
  const [sub, activeJobs, applicationsReceived, applicationsSent] = await Promise.all([
    getSubscription(user.id, user.role),
    employer ? countActiveJobs(user.id) : 0,
    employer ? countApplicationsReceived(user.id) : 0,
    employer ? 0 : countApplicationsSent(user.id),
  ]);
  const free = sub.plan.monthlyCents === 0;
  const params = new URL(request.url).searchParams;
  const emailSetting = EMAIL_SETTING[user.role];
  const emailsSaved = params.get("emails");
  return {
    email: user.email,
    role: user.role,
    planName: sub.plan.name,
    billing: sub.plan.contactSales ? "Custom terms" : free ? "Free, no billing" : sub.billing === "annual" ? "Annual" : "Monthly",
    trial: sub.trialEndsAt
      ? sub.trialOver
        ? `Your free trial ended on ${formatDate(sub.trialEndsAt)}.`
        : `${sub.trialDaysLeft} ${sub.trialDaysLeft === 1 ? "day" : "days"} left in your free trial (ends ${formatDate(sub.trialEndsAt)}).`
      : null,
    trialOver: sub.trialOver,
    // A paid plan named by the sign-up link is the plan to upgrade to, not the plan they are on.
    picked: sub.intendedPlan ? `You picked ${sub.intendedPlan.name} when you signed up. You're on the ${sub.plan.name} until your plan is upgraded.` : null,
    usage: planUsage(sub.plan, { activeJobs, applicationsReceived, applicationsSent }),
    pricingUrl: upgradeUrl(sub.audience),
    salesEmail: SALES_EMAIL,
    company: employer
      ? {
          name: user.companyName || user.email,
          logo: user.companyLogo,
          message: LOGO_MESSAGES[params.get("logo") ?? ""] ?? null,
        }
      : null,
    photo: employer
      ? null
      : {
          name: user.fullName || user.email,
          url: user.avatarUrl,
          message: PHOTO_MESSAGES[params.get("photo") ?? ""] ?? null,
        },
    emails: {
      on: user.emailNotifications,
      label: emailSetting.label,
      hint: emailSetting.hint,
      message: emailsSaved === "on" || emailsSaved === "off" ? emailSetting[emailsSaved] : null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The forms: an employer's logo, a candidate's photo, and the email setting

// An employer's image is the company logo, a candidate's is their photo: each role has one field.
const IMAGE = {
  employer: { field: "logo", maxBytes: 2 * 1024 * 1024, tooBig: "The logo must be 2 MB or smaller. Choose a smaller image." },
  // Photos come from phones, so they may be bigger.
  candidate: { field: "photo", maxBytes: 5 * 1024 * 1024, tooBig: "The photo must be 5 MB or smaller. Choose a smaller image." },
} as const;
const NO_FILE = "Choose a PNG, JPEG or WebP image to upload.";

function imageError(message: string, status: number) {
  return data({ imageErrors: [message] }, { status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const image = IMAGE[user.role];

  // Every form on this page posts multipart, so one reader takes the intent and any file.
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
    return redirect(`/account?emails=${on ? "on" : "off"}`);
  }
  // Logo intents are for employers, photo intents for candidates; anything else is answered as if
  // there were nothing here to post to.
  if (user.role === "employer" && intent === "remove") {
    await removeCompanyLogo(user.id);
    return redirect("/account?logo=removed");
  }
  if (user.role === "employer" && intent === "upload") {
    return saveImage(file, (bytes) => updateCompanyLogo(user.id, bytes), "/account?logo=updated");
  }
  if (user.role === "candidate" && intent === "remove-photo") {
    await removeAvatar(user.id);
    return redirect("/account?photo=removed");
  }
  if (user.role === "candidate" && intent === "upload-photo") {
    return saveImage(file, (bytes) => updateAvatar(user.id, bytes), "/account?photo=updated");
  }
  throw new Response("Not found", { status: 404 });
}

async function saveImage(file: Buffer | null, save: (bytes: Buffer) => Promise<unknown>, done: string) {
  if (!file) return imageError(NO_FILE, 400);
  try {
    await save(file);
  } catch (error) {
    if (error instanceof ImageError) return imageError(error.message, 400);
    if (error instanceof QuotaExceededError) return data({ imageErrors: [error.message] }, { status: 429, headers: retryAfter(error) });
    throw error;
  }
  return redirect(done);
}

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Signed in as {data.email} ({data.role === "employer" ? "employer" : "job seeker"}).
        </p>
      </div>

      {data.company ? <CompanyLogo {...data.company} errors={actionData?.imageErrors} /> : null}
      {data.photo ? <Photo {...data.photo} errors={actionData?.imageErrors} /> : null}
      <EmailSettings {...data.emails} />

      <section
        aria-labelledby="plan-heading"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="plan-heading" className="text-lg font-semibold">
          Your plan
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Plan</dt>
            <dd className="font-semibold">{data.planName}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Billing period</dt>
            <dd className="font-semibold">{data.billing}</dd>
          </div>
        </dl>
        {data.trial ? (
          <p
            className={`rounded-lg border px-4 py-3 text-sm ${
              data.trialOver
                ? "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
                : "border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-slate-800 dark:text-brand-100"
            }`}
          >
            {data.trial}
            {data.trialOver ? " Upgrade your plan to keep using every feature." : null}
          </p>
        ) : null}
        {data.picked ? (
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {data.picked}{" "}
            <a href={`mailto:${data.salesEmail}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
              Email us to upgrade
            </a>
          </p>
        ) : null}
      </section>

      <section
        aria-labelledby="usage-heading"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="usage-heading" className="text-lg font-semibold">
          Usage
        </h2>
        <dl className="grid gap-3">
          {data.usage.map((line) => (
            <div key={line.key} className="flex items-baseline justify-between gap-4 border-b border-slate-100 pb-3 last:border-0 last:pb-0 dark:border-slate-800">
              <dt className="text-slate-700 dark:text-slate-200">{line.label}</dt>
              <dd className="font-semibold tabular-nums">{line.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="change-heading" className="grid gap-3">
        <h2 id="change-heading" className="text-lg font-semibold">
          Change your plan
        </h2>
        <p className="text-slate-600 dark:text-slate-400">
          Plan changes are made by our team and take effect immediately. Email{" "}
          <a href={`mailto:${data.salesEmail}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            {data.salesEmail}
          </a>{" "}
          to upgrade or switch your billing period.
        </p>
        <Link
          to={data.pricingUrl}
          className="inline-flex w-fit items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Compare plans
        </Link>
      </section>
    </section>
  );
}
