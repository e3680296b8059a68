// /employer/team: the company's members and their roles, invitations, the jobs interviewers are
// assigned to, the company's name and time zone, and its career page (owners). Owners manage the team; owners and recruiters
// assign interviewers; everyone sees who is in it. Works without JavaScript: every change is a form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { teamAction, teamLoader, type TeamActionAnswer } from "#app/team-page.server.ts";
import { ErrorBox, Field, FormError, SelectField, SubmitButton } from "#app/components/forms.tsx";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { Card } from "#app/components/job-bits.tsx";
import { CareerSettings } from "./career-settings.tsx";
import { SalaryRangeSetting } from "./salary-range-setting.tsx";
import { DefaultScorecardLink } from "./scorecard-link.tsx";
import { ScorecardBlindnessSetting } from "./scorecard-blindness-setting.tsx";
import { RetentionSetting } from "./retention-setting.tsx";

export const meta: MetaFunction = () => [{ title: "Team · Hirewise" }];

export { headers } from "#app/quotas.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => teamLoader(request);
export const action = ({ request }: ActionFunctionArgs) => teamAction(request);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type MemberRow = Data["members"][number];

const button = "rounded-lg border border-field px-3 py-2 text-sm font-semibold hover:bg-tint";

export default function TeamPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<TeamActionAnswer>();
  const generalError = answer && !Object.keys(answer.fieldErrors).length ? answer.error : null;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">Team</h1>
        <p className="mt-1 text-body">
          {page.company.name} · you're {page.members.find((m) => m.isYou)?.roleLabel.toLowerCase() ?? "a member"}
        </p>
      </div>
      <FlashNotice />
      {generalError ? <FormError message={generalError} /> : null}
      {page.removing ? (
        <RemoveConfirmation name={page.removing.name} userId={page.removing.userId} company={page.company.name} />
      ) : null}

      <Card>
        <h2 className="text-lg font-semibold">Members ({page.members.length})</h2>
        <ul className="mt-4 divide-y divide-line">
          {page.members.map((m) => (
            <MemberItem key={m.userId} member={m} page={page} answer={answer} />
          ))}
        </ul>
      </Card>

      {page.you.templates ? (
        <p className="text-sm">
          <Link to="/employer/templates" className="font-semibold text-brand hover:underline">
            Message templates
          </Link>
          <span className="text-muted"> — texts your team reuses in messages and rejection emails.</span>
        </p>
      ) : null}
      {page.you.manageTeam ? <Invitations page={page} answer={answer} /> : null}
      {page.you.manageTeam ? <CompanySettings page={page} answer={answer} /> : null}
      {page.you.manageTeam ? <SalaryRangeSetting on={page.company.requireSalaryRange} /> : null}
      <DefaultScorecardLink mayEdit={page.you.manageTeam} />
      {page.you.manageTeam ? <ScorecardBlindnessSetting on={page.company.blindScorecards} /> : null}
      {page.you.manageTeam ? (
        <RetentionSetting
          months={page.company.retentionMonths}
          errors={answer?.intent === "retention" ? answer.fieldErrors.retention_months : undefined}
        />
      ) : null}
      {page.career ? (
        <CareerSettings career={page.career} answer={answer?.intent === "career" ? answer : undefined} />
      ) : null}
      {!page.you.manageTeam ? <p className="text-sm text-body">Owners invite colleagues and change roles.</p> : null}
    </div>
  );
}

function RemoveConfirmation({ name, userId, company }: { name: string; userId: string; company: string }) {
  return (
    <Card className="border-danger-line">
      <h2 className="text-lg font-semibold">Remove {name}?</h2>
      <p className="mt-1 text-label">
        They lose access to {company}'s jobs and applicants at once. Their jobs and notes stay with the company.
      </p>
      <Form method="post" action="/employer/team" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="member" value={userId} />
        <SubmitButton pendingLabel="Removing…" variant="destructive">
          Remove {name}
        </SubmitButton>
        <Link to="/employer/team" className={button}>
          Cancel
        </Link>
      </Form>
    </Card>
  );
}

function MemberItem({ member, page, answer }: { member: MemberRow; page: Data; answer: TeamActionAnswer | undefined }) {
  const mine = answer?.target === member.userId ? answer : undefined;
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {member.name}
            {member.isYou ? <span className="ml-2 text-sm font-normal text-faint">(you)</span> : null}
          </p>
          <p className="text-sm break-all text-body">{member.email}</p>
        </div>
        <p className="text-sm text-body">
          <span className="font-medium text-fg">{member.roleLabel}</span> · joined {member.joined}
        </p>
      </div>
      {page.you.manageTeam ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Form method="post" action="/employer/team" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="member" value={member.userId} />
            <SelectField
              id={`role-${member.userId}`}
              name="role"
              label={<span className="sr-only">Role of {member.name}</span>}
              defaultValue={member.role}
              options={page.roles.map((r) => [r.value, r.label] as const)}
              errors={mine?.intent === "role" ? mine.fieldErrors.role : undefined}
            />
            <button type="submit" className={button}>
              Change role
            </button>
          </Form>
          <Link
            to={`/employer/team?remove=${member.userId}`}
            className={`${button} text-danger`}
            aria-label={`Remove ${member.name}`}
          >
            {member.isYou ? "Leave" : "Remove"}
          </Link>
        </div>
      ) : null}
      {member.role === "interviewer" && page.you.assign ? <Assignments member={member} jobs={page.jobs} /> : null}
      {member.role === "interviewer" && !page.you.assign ? (
        <p className="mt-2 text-sm text-body">
          Assigned to {member.assignedJobIds.length} job{member.assignedJobIds.length === 1 ? "" : "s"}.
        </p>
      ) : null}
    </li>
  );
}

function Assignments({ member, jobs }: { member: MemberRow; jobs: Data["jobs"] }) {
  if (!jobs.length) return <p className="mt-2 text-sm text-body">Publish a job to assign {member.name} to it.</p>;
  return (
    <Form method="post" action="/employer/team" className="mt-3">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="member" value={member.userId} />
      <fieldset>
        <legend className="text-sm font-medium">Jobs {member.name} reviews</legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {jobs.map((job) => (
            <label key={job.id} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="jobs"
                value={job.id}
                defaultChecked={member.assignedJobIds.includes(job.id)}
                className="mt-1"
              />
              <span className="break-words">
                {job.title}
                {job.status !== "active" ? <span className="text-faint"> ({job.status})</span> : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={`${button} mt-2`}>
        Save assignments for {member.name}
      </button>
    </Form>
  );
}

function Invitations({ page, answer }: { page: Data; answer: TeamActionAnswer | undefined }) {
  const mine = answer?.intent === "invite" ? answer : undefined;
  return (
    <Card>
      <h2 className="text-lg font-semibold">Invite a colleague</h2>
      {page.inviteBlocked && !mine ? (
        <p className="mt-2 text-sm text-warn" id="invite-blocked">
          {page.inviteBlocked}
        </p>
      ) : null}
      <Form method="post" action="/employer/team" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="invite" />
        {/* A refusal without field messages is shown once, at the top of the page. */}
        {mine && Object.keys(mine.fieldErrors).length ? <ErrorBox errors={[mine.error]} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Email address"
            errors={mine?.fieldErrors.email}
            inputProps={{
              id: "invite-email",
              name: "email",
              type: "email",
              autoComplete: "off",
              defaultValue: mine?.values.email ?? "",
              required: true,
            }}
          />
          <SelectField
            id="invite-role"
            name="role"
            label="Role"
            defaultValue={mine?.values.role || "recruiter"}
            options={page.roles.map((r) => [r.value, r.label] as const)}
            errors={mine?.fieldErrors.role}
          />
        </div>
        <ul className="space-y-1 text-sm text-body">
          {page.roles.map((r) => (
            <li key={r.value}>
              <span className="font-medium text-fg">{r.label}:</span> {r.description}
            </li>
          ))}
        </ul>
        <SubmitButton pendingLabel="Sending…">Send invitation</SubmitButton>
      </Form>
      {page.invitations.length ? (
        <>
          <h3 className="mt-6 font-semibold">Invitations</h3>
          <ul className="mt-2 divide-y divide-line">
            {page.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {i.email} · {i.roleLabel} · {i.expired ? "expired" : `until ${i.expires}`}
                </span>
                <Form method="post" action="/employer/team">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitation" value={i.id} />
                  <button type="submit" className={button} aria-label={`Revoke the invitation for ${i.email}`}>
                    Revoke
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

function CompanySettings({ page, answer }: { page: Data; answer: TeamActionAnswer | undefined }) {
  const mine = answer?.intent === "company" ? answer : undefined;
  return (
    <Card>
      <h2 className="text-lg font-semibold">Company</h2>
      <Form method="post" action="/employer/team" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="company" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Company name"
            errors={mine?.fieldErrors.name}
            inputProps={{
              id: "company-name",
              name: "name",
              defaultValue: mine?.values.name ?? page.company.name,
              maxLength: 160,
            }}
          />
          <SelectField
            id="company-time-zone"
            name="timeZone"
            label="Time zone"
            hint="Dates in the applications CSV are written in it."
            defaultValue={mine?.values.timeZone || page.company.timeZone}
            options={page.timeZones.map((zone) => [zone, zone.replaceAll("_", " ")] as const)}
            errors={mine?.fieldErrors.timeZone}
          />
        </div>
        <SubmitButton pendingLabel="Saving…">Save company settings</SubmitButton>
      </Form>
    </Card>
  );
}
