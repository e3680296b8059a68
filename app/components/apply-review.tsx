// The apply wizard's last step (Review) and, for a visitor applying before an account (decision
// 080), their name and email beside it, the way to apply from an account instead, and the notice
// once the application is held.
import { Link } from "@remix-run/react";
import { Card } from "#app/components/job-bits.tsx";
import { textLink } from "#app/components/ui/styles.ts";
import { applyPath, signUpThen } from "#app/job-links.ts";
import { Field } from "#app/components/forms.tsx";
import { AnswerFeedbackPanel } from "./answer-feedback.tsx";
import type { StepProps } from "./apply-wizard.tsx";
import type { ApplyView, GuestView } from "#app/apply-view.ts";

/** Submitted: the application waits for the emailed link. */
export function HeldNotice({ email }: { email: string }) {
  return (
    <Card className="border-ok-line" role="status">
      <h2 className="text-lg font-semibold">Check your email</h2>
      <p className="mt-2 text-label wrap-anywhere">
        Your application is waiting for you to confirm it: open the link we emailed to <strong>{email}</strong>.
      </p>
      <p className="mt-2 text-sm text-soft">
        The link makes your job seeker account and sends your answers and resume. Nothing reaches the employer before
        that. The link works for 7 days.
      </p>
    </Card>
  );
}

/** A visitor's name and email: the account the link makes, and where it is sent. */
function GuestDetails({ guest }: { guest: GuestView }) {
  return (
    <fieldset className="mt-6 grid gap-4 border-t border-line pt-4">
      <legend className="sr-only">Your details</legend>
      <h3 className="font-semibold">Your details</h3>
      <p className="-mt-2 text-sm text-soft">
        We email you a link to confirm your address; opening it sends the application and makes your job seeker account
        (you can set a password there, or later).
      </p>
      <Field
        label="Full name"
        errors={guest.errors.full_name ? [guest.errors.full_name] : undefined}
        inputProps={{ id: "full_name", name: "full_name", defaultValue: guest.fullName, autoComplete: "name" }}
      />
      <Field
        label="Email"
        errors={guest.errors.email ? [guest.errors.email] : undefined}
        inputProps={{
          id: "email",
          name: "email",
          type: "email",
          defaultValue: guest.email,
          autoComplete: "email",
        }}
      />
    </fieldset>
  );
}

function NextSteps({ view }: { view: ApplyView }) {
  const { job } = view;
  if (view.external) {
    return (
      <div className="mt-6 grid gap-2 rounded-lg bg-tint p-3 text-sm text-soft" role="note">
        <h3 className="font-semibold">What happens next</h3>
        <p>
          {job.companyName} takes applications on their own site, not on Hirewise. We save what you prepared here and
          open their application page in a new tab: copy your answers and upload your resume there.
        </p>
        <p>
          My Applications lists it as "Applied on company site" with the link; {job.companyName} replies to you
          directly, not through Hirewise.
        </p>
      </div>
    );
  }
  return (
    <div className="mt-6 grid gap-2 rounded-lg bg-tint p-3 text-sm text-soft" role="note">
      <h3 className="font-semibold">What happens next</h3>
      <p>
        {view.guest
          ? `${job.companyName} sees your answers and resume on Hirewise once you open the link we email you.`
          : `${job.companyName} sees your answers and resume on Hirewise as soon as you submit.`}{" "}
        AI helps the hiring team read applications by summarising how your answers and resume match the job. People make
        every decision.
      </p>
      <p>
        We email you a confirmation, and again when they shortlist you or decide not to go ahead (unless you turned
        application emails off in your account). Follow it, re-read what you sent or withdraw it on My Applications
        until they decide.
      </p>
    </div>
  );
}

export function ReviewStep({ view, headingRef }: StepProps) {
  const { job, questions, answered, resume } = view;
  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        Review your application
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Job</dt>
          <dd className="font-medium">
            {job.title} at {job.companyName}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Screening questions</dt>
          <dd className="font-medium">
            {answered} of {questions.length} questions completed
          </dd>
        </div>
        <div>
          <dt className="text-muted">Resume</dt>
          <dd className="font-medium wrap-anywhere">
            {resume ? `${resume.name} (${resume.sizeKb} KB)` : "No resume uploaded"}
          </dd>
        </div>
      </dl>
      {view.guest ? <GuestDetails guest={view.guest} /> : null}
      <NextSteps view={view} />
      {view.feedback ? <AnswerFeedbackPanel feedback={view.feedback} /> : null}
    </Card>
  );
}

/** A visitor may apply from an account instead: signing in (or up) leads to the candidate's wizard. */
export function AccountChoice({ jobId }: { jobId: string }) {
  const then = applyPath(jobId);
  return (
    <p className="text-sm text-muted">
      No account needed: we email you a link to confirm. Have one?{" "}
      <Link to={`/auth?mode=signin&redirect=${encodeURIComponent(then)}`} className={textLink}>
        Sign in
      </Link>{" "}
      to apply with it, or{" "}
      <Link to={signUpThen(then)} className={textLink}>
        create an account
      </Link>{" "}
      first.
    </p>
  );
}
