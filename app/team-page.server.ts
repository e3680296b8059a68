// /employer/team's loader and action: the members, invitations, interviewer assignments and the
// company's settings. Every change is a POST with an intent; the module decides who may do what
// (a member who may not answers 404), and refusals come back beside their field.
import { data, redirect } from "@remix-run/node";
import {
  assignJobs,
  changeMemberRole,
  inviteMember,
  invitationsBlocked,
  may,
  pendingInvitations,
  removeMember,
  revokeInvitation,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  MEMBER_ROLES,
  teamOverview,
  timeZones,
  updateCompany,
  setSalaryRangeRule,
  setBlindScorecards,
  blindScorecards,
  retentionMonths,
  setRetentionMonths,
  updateCareerPage,
  careerSettings,
  HiringError,
} from "#modules/hiring/index.server.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { formatDate } from "#lib/dates.ts";
import { readTextForm } from "#lib/forms.ts";
import { isModuleError, moduleErrorStatus, respondToModuleError } from "#app/module-errors.server.ts";
import { requireMember } from "#app/team.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";

export const TEAM_PATH = "/employer/team";
/** What the team page says to someone who just joined through an invitation. */
export const JOINED_NOTICE = "Welcome to the team. You now see the jobs your role allows.";

export async function teamLoader(request: Request) {
  const { member } = await requireMember(request);
  const params = new URL(request.url).searchParams;
  const [team, invitations, inviteBlocked, career, blind, retention] = await Promise.all([
    teamOverview(member),
    pendingInvitations(member),
    may(member, "manage-team") ? invitationsBlocked(member) : null,
    may(member, "manage-team") ? careerSettings(member) : null,
    blindScorecards(member.companyId),
    retentionMonths(member.companyId),
  ]);
  const removing = team.members.find((m) => m.userId === params.get("remove"));
  return {
    you: {
      role: member.role,
      manageTeam: may(member, "manage-team"),
      assign: may(member, "manage-jobs"),
      templates: may(member, "decide"),
    },
    // Why invitations can't be sent yet (an unconfirmed address), shown above the invitation form.
    inviteBlocked,
    company: { ...team.company, blindScorecards: blind, retentionMonths: retention },
    // The career page's settings (owners), and the origin its address and embed snippets use.
    career: career ? { ...career, origin: siteOrigin() } : null,
    timeZones: may(member, "manage-team") ? timeZones() : [],
    roles: MEMBER_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r], description: ROLE_DESCRIPTIONS[r] })),
    members: team.members.map((m) => ({ ...m, roleLabel: ROLE_LABELS[m.role], joined: formatDate(m.joinedAt) })),
    jobs: team.jobs,
    invitations: invitations.map((i) => ({ ...i, roleLabel: ROLE_LABELS[i.role], expires: formatDate(i.expiresAt) })),
    // "Remove" without JavaScript: ?remove={userId} shows the confirmation.
    removing: removing && may(member, "manage-team") ? { userId: removing.userId, name: removing.name } : null,
  };
}

export type TeamActionAnswer = {
  intent: string;
  target: string | null;
  error: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
};

export async function teamAction(request: Request) {
  const { member } = await requireMember(request);
  const { form, unstorable } = await readTextForm(request);
  // Cut well past every field's limit, so a field too long is refused beside it, not shortened.
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 5000);
  const intent = text("intent");
  const target = text("member") || text("invitation") || null;
  const values = {
    email: text("email"),
    role: text("role"),
    name: text("name"),
    timeZone: text("timeZone"),
    slug: text("slug"),
    about: text("about"),
    website: text("website"),
  };
  const refused = (error: string, fieldErrors: Record<string, string[]>, status: number) =>
    data<TeamActionAnswer>({ intent, target, error, fieldErrors, values }, { status });
  if (unstorable.length) {
    return refused(
      "Please check the form.",
      Object.fromEntries(
        unstorable.map((f) => [f, ["This field contained characters we can't store. Please check it."]]),
      ),
      400,
    );
  }
  const done = (notice: string) => redirectWithNotice(TEAM_PATH, notice);
  try {
    switch (intent) {
      case "invite":
        await inviteMember(member, { email: values.email, role: values.role });
        return done("Invitation sent. The link works for 7 days.");
      case "revoke":
        await revokeInvitation(member, text("invitation"));
        return done("Invitation revoked: its link no longer works.");
      case "role":
        await changeMemberRole(member, text("member"), values.role);
        return done("Role changed.");
      case "remove":
        await removeMember(member, text("member"));
        // Leaving the company yourself: the dashboard, now of a company of your own.
        return text("member") === member.userId
          ? redirect("/employer/dashboard")
          : done("Member removed. Their jobs and notes stay with the company.");
      case "assign":
        await assignJobs(member, text("member"), form.getAll("jobs").map(String));
        return done("Assignments saved.");
      case "company":
        await updateCompany(member, { name: values.name, timeZone: values.timeZone });
        return done("Company settings saved.");
      case "salary-range": {
        const on = form.get("require_salary_range") === "on";
        await setSalaryRangeRule(member, on);
        return done(
          on
            ? "Saved: every job now needs a salary range to be published."
            : "Saved: a salary range is optional again.",
        );
      }
      case "blind-scorecards": {
        const on = form.get("blind_scorecards") === "on";
        await setBlindScorecards(member, on);
        return done(
          on
            ? "Saved: members see the others' scorecards once they have submitted their own."
            : "Saved: members see the submitted scorecards at once.",
        );
      }
      case "retention": {
        const months = await setRetentionMonths(member, text("retention_months"));
        return done(
          `Saved: applications of candidates you didn't hire are anonymised ${months} months after their job closes.`,
        );
      }
      case "career": {
        const { slug } = await updateCareerPage(member, values);
        return done(`Career page saved: it is at /companies/${slug}.`);
      }
      default:
        return refused("Choose what to do.", {}, 400);
    }
  } catch (error) {
    if (error instanceof QuotaExceededError) {
      return data<TeamActionAnswer>(
        { intent, target, error: "No invitation was sent.", fieldErrors: { email: [error.message] }, values },
        { status: 429, headers: retryAfter(error) },
      );
    }
    if (isModuleError(error) && error.code !== "not-found") {
      const fieldErrors = error instanceof HiringError ? error.fieldErrors : {};
      return refused(error.message, fieldErrors, moduleErrorStatus(error));
    }
    return respondToModuleError(error, { notFound: "That member or invitation could not be found." });
  }
}
