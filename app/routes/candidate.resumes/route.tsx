// /candidate/resumes (My Resumes): every resume the candidate uploaded or generated, with where each
// was sent; upload, rename, set as default, delete. Every form works without JavaScript.
import { ResumeFileInput } from "#app/components/resume-file-input.tsx";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { resumeLibraryAction, resumeLibraryLoader, type LibraryActionData } from "./resume-library.server.ts";
import { ErrorBox, FieldErrors, IntentButton } from "#app/components/forms.tsx";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { Card, StatusBadge } from "#app/components/job-bits.tsx";
import { labelClass, controlClass } from "#app/components/ui/field.tsx";

export { headers } from "#app/quotas.server.ts";
export const meta: MetaFunction = () => [{ title: "My Resumes · Hirewise" }];

export const loader = ({ request }: LoaderFunctionArgs) => resumeLibraryLoader(request);
export const action = ({ request }: ActionFunctionArgs) => resumeLibraryAction(request);

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function MyResumes() {
  const page = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as LibraryActionData | undefined;
  return (
    <section className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">My Resumes</h1>
        <p className="mt-2 text-muted">
          Keep up to {page.max} resumes here and pick one when you apply. Your default resume is chosen for you on every
          new application.
        </p>
      </div>
      <FlashNotice />
      <ErrorBox errors={posted?.formError ? [posted.formError] : undefined} />
      <UploadCard full={page.full} max={page.max} error={posted?.uploadError ?? null} />
      {page.resumes.length === 0 ? (
        <Card className="text-center">
          <h2 className="text-xl font-semibold">No resumes yet</h2>
          <p className="mt-2 text-muted">Upload a PDF above, or add one while you apply to a job.</p>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Your resumes">
          {page.resumes.map((resume) => (
            <li key={resume.id}>
              <ResumeCard
                resume={resume}
                maxName={page.maxName}
                rename={posted?.rename?.resumeId === resume.id ? posted.rename : null}
              />
            </li>
          ))}
        </ul>
      )}
      <p className="rounded-lg bg-tint p-4 text-sm text-soft" role="note">
        A resume you sent with an application stays readable by that employer until you withdraw the application (or
        delete your account). Deleting it here removes it from your library at once; the file is erased when no employer
        holds it any more.
        {page.held
          ? ` ${page.held === 1 ? "One resume you deleted is" : `${page.held} resumes you deleted are`} still held by employers with your applications.`
          : ""}
      </p>
    </section>
  );
}

function UploadCard({ full, max, error }: { full: boolean; max: number; error: string | null }) {
  const errorId = error ? "resume-error" : undefined;
  return (
    <Card>
      <h2 className="text-lg font-semibold">Upload a resume</h2>
      {full ? (
        <p className="mt-2 text-sm text-soft">
          Your library is full ({max} resumes). Delete one you no longer need to upload another.
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3" noValidate>
        <label htmlFor="resume" className={labelClass}>
          Your resume (PDF)
        </label>
        <ResumeFileInput errorId={errorId} className="min-w-0" />
        <FieldErrors id={errorId} errors={error ? [error] : undefined} />
        <IntentButton intent="upload" variant="primary" className="w-fit" pendingLabel="Uploading...">
          Upload
        </IntentButton>
      </Form>
    </Card>
  );
}

function ResumeCard({
  resume,
  maxName,
  rename,
}: {
  resume: Loaded["resumes"][number];
  maxName: number;
  rename: LibraryActionData["rename"] | null;
}) {
  const nameId = `name-${resume.id}`;
  const errorId = rename ? `${nameId}-error` : undefined;
  return (
    <Card>
      <article aria-label={resume.name} className="grid gap-3">
        <div className="flex flex-wrap items-start gap-3">
          <span
            aria-hidden
            className="grid size-10 shrink-0 place-items-center rounded-lg bg-danger-tint text-xs font-bold text-danger"
          >
            PDF
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="flex flex-wrap items-center gap-2 font-semibold">
              <a
                href={`/resumes/${resume.id}`}
                target="_blank"
                rel="noopener noreferrer"
                className="[overflow-wrap:anywhere] hover:underline"
              >
                {resume.name}
              </a>
              {resume.isDefault ? (
                <span className="rounded-full bg-brand-tint px-2 py-0.5 text-xs font-semibold text-brand-ink">
                  Default
                </span>
              ) : null}
            </h2>
            <p className="text-sm text-muted">
              {resume.sizeKb} KB · Added {resume.uploaded}
              {resume.unreadable ? " · We couldn't read its text, so it isn't used to match you to jobs" : ""}
            </p>
          </div>
        </div>
        <div className="text-sm">
          <h3 className="font-medium">Sent with</h3>
          {resume.sentWith.length ? (
            <ul className="mt-1 grid gap-1">
              {resume.sentWith.map((use) => (
                <li key={use.applicationId} className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/candidate/applications/${use.applicationId}`}
                    className="font-medium text-brand hover:underline"
                  >
                    {use.jobTitle}
                  </Link>
                  <span className="text-muted">at {use.companyName}</span>
                  <StatusBadge status={use.status} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-muted">Not sent with an application yet.</p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-2 border-t border-subtle pt-3">
          <details className="min-w-0 flex-1 basis-60" open={Boolean(rename)}>
            <summary className="w-fit cursor-pointer rounded-lg px-2 py-2 text-sm font-semibold text-brand">
              Rename
            </summary>
            <Form method="post" className="mt-2 flex flex-wrap items-start gap-2" noValidate>
              <input type="hidden" name="resumeId" value={resume.id} />
              <div className="min-w-0 flex-1 basis-48">
                <label htmlFor={nameId} className="sr-only">
                  New name for {resume.name}
                </label>
                <input
                  id={nameId}
                  name="name"
                  defaultValue={rename?.name ?? resume.name}
                  maxLength={maxName}
                  aria-invalid={errorId ? true : undefined}
                  aria-describedby={errorId}
                  className={controlClass(Boolean(errorId))}
                />
                <FieldErrors id={errorId} errors={rename ? [rename.error] : undefined} />
              </div>
              <IntentButton intent="rename" pendingLabel="Saving...">
                Save name
              </IntentButton>
            </Form>
          </details>
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="resumeId" value={resume.id} />
            {resume.isDefault ? null : (
              <IntentButton intent="default" pendingLabel="Saving..." aria-label={`Set ${resume.name} as default`}>
                Set as default
              </IntentButton>
            )}
            <IntentButton
              intent="delete"
              variant="danger"
              pendingLabel="Deleting..."
              aria-label={`Delete ${resume.name}`}
            >
              Delete
            </IntentButton>
          </Form>
        </div>
      </article>
    </Card>
  );
}
