// /account: the signed-in account's plan, trial and usage against its plan's limits, and for
// employers the company logo. Plan changes are made by our team; the logo form is the one write,
// and it works without JavaScript (a plain multipart POST, then a redirect).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { requireUser } from "#modules/identity/index.ts";
import { getSubscription, planUsage, SALES_EMAIL, upgradeUrl } from "#modules/billing-plans/index.ts";
import { countActiveJobs, removeCompanyLogo, updateCompanyLogo } from "#modules/hiring/index.ts";
import { formatDate } from "#lib/dates.ts";
import { ImageError } from "#lib/images.ts";
import { logger } from "#lib/logger.ts";
import { readFileUpload } from "#lib/uploads.ts";
import { Field, IntentButton } from "#app/components/forms.tsx";
import { CompanyMark } from "#app/components/job-bits.tsx";

export const meta: MetaFunction = () => [{ title: "Account · Hirewise" }];

const LOGO_MESSAGES: Record<string, string> = {
  updated: "Your company logo is updated. It now shows on all your job posts.",
  removed: "Your company logo is removed.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const employer = user.role === "employer";
  const [sub, activeJobs] = await Promise.all([getSubscription(user.id, user.role), employer ? countActiveJobs(user.id) : 0]);
  const free = sub.plan.monthlyCents === 0;
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
    // Applications don't exist yet; their module will pass real counts here.
    usage: planUsage(sub.plan, { activeJobs, applicationsReceived: 0, applicationsSent: 0 }),
    pricingUrl: upgradeUrl(sub.audience),
    salesEmail: SALES_EMAIL,
    company: employer
      ? {
          name: user.companyName || user.email,
          logo: user.companyLogo,
          message: LOGO_MESSAGES[new URL(request.url).searchParams.get("logo") ?? ""] ?? null,
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The logo upload

const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const TOO_BIG = "The logo must be 2 MB or smaller. Choose a smaller image.";
const NO_FILE = "Choose a PNG, JPEG or WebP image to upload.";

function logoError(message: string, status: number) {
  return data({ logoErrors: [message] }, { status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // Only employers have a logo; anyone else is answered as if there were nothing here to post to.
  if (user.role !== "employer") throw new Response("Not found", { status: 404 });

  const upload = await readFileUpload(request, { field: "logo", maxFileBytes: MAX_LOGO_BYTES });
  if (upload.status === "too-big") return logoError(TOO_BIG, 413);
  if (upload.status === "unreadable") {
    logger.warn({ err: upload.error, reqId: context.requestId }, "logo upload could not be read");
    return logoError("The upload did not arrive complete. Please try again.", 400);
  }
  if (upload.form.get("intent") === "remove") {
    await removeCompanyLogo(user.id);
    return redirect("/account?logo=removed");
  }
  if (!upload.file?.bytes.byteLength) return logoError(NO_FILE, 400);
  try {
    await updateCompanyLogo(user.id, upload.file.bytes);
  } catch (error) {
    if (error instanceof ImageError) return logoError(error.message, 400);
    throw error;
  }
  return redirect("/account?logo=updated");
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

      {data.company ? <CompanyLogo {...data.company} errors={actionData?.logoErrors} /> : null}

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

function CompanyLogo({ name, logo, message, errors }: { name: string; logo: string | null; message: string | null; errors?: string[] }) {
  // With JavaScript on, the page does not reload after a refused upload: move focus to the field
  // with the message, as autoFocus does on the reloaded page without JavaScript.
  useEffect(() => {
    if (errors?.length) document.getElementById("logo")?.focus();
  }, [errors]);
  return (
    <section
      aria-labelledby="logo-heading"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id="logo-heading" className="text-lg font-semibold">
          Company logo
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Shown on all your job posts.</p>
      </div>
      {message && !errors ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start gap-4">
        <CompanyMark name={name} logo={logo} size="size-20" />
        {/* A new logo remounts the form, which clears the file chosen for the previous one. */}
        <Form key={logo ?? "none"} method="post" encType="multipart/form-data" className="grid min-w-60 flex-1 gap-3">
          <Field
            label={logo ? "New logo" : "Logo"}
            hint="PNG, JPEG or WebP, up to 2 MB. We resize it to fit 256 × 256 pixels."
            errors={errors}
            inputProps={{
              id: "logo",
              name: "logo",
              type: "file",
              accept: "image/png,image/jpeg,image/webp",
              required: true,
              autoFocus: Boolean(errors?.length),
            }}
          />
          <div className="flex flex-wrap gap-2">
            <IntentButton intent="upload" variant="primary" pendingLabel="Uploading...">
              Upload logo
            </IntentButton>
          </div>
        </Form>
      </div>
      {logo ? (
        // Its own form, so removing does not trip the file field's "required".
        <Form method="post" encType="multipart/form-data">
          <IntentButton intent="remove" variant="danger" pendingLabel="Removing...">
            Remove logo
          </IntentButton>
        </Form>
      ) : null}
    </section>
  );
}
