// What the candidate's plan leaves them, as the job page and the apply wizard's first step say it
// (issue 17: limits before effort). At the limit, Apply Now goes to the plan page with the reason.
import type { ApplicationAllowance } from "#modules/applications/index.server.ts";

export interface AllowanceView {
  allowed: boolean;
  /** "2 of 3 applications left on your Free Trial." */
  text: string;
  /** Where Apply Now goes at the limit: the plan page, which says why. */
  planHref: string | null;
}

export function allowanceView(a: ApplicationAllowance): AllowanceView {
  if (!a.allowed)
    return {
      allowed: false,
      text: a.reason ?? "Your plan doesn't allow more applications.",
      planHref: planLimitHref(a.upgradeUrl),
    };
  const plural = (n: number) => `${n} application${n === 1 ? "" : "s"}`;
  return {
    allowed: true,
    text:
      a.remaining === null
        ? `Your ${a.planName} plan has no limit on applications.`
        : `${plural(a.remaining)} of ${a.limit} left on your ${a.planName}${a.planName.includes("Trial") ? "" : " plan"}.`,
    planHref: null,
  };
}

/** The plan page, saying why no more applications may be sent. */
export function planLimitHref(upgradeUrl: string | null): string {
  return `${upgradeUrl}&limit=applications`;
}
