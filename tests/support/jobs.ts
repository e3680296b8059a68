// Test data: a published board job with complete defaults, changed field by field.
import {
  emptyWizardForm,
  memberFor,
  publishDraft,
  startDraft,
  type WizardForm,
} from "../../modules/hiring/index.server.ts";

/** A complete post wizard form (Austin, onsite, full-time software) with `form` on top. */
export function testJobForm(form: Partial<WizardForm> = {}): WizardForm {
  return {
    ...emptyWizardForm("Acme"),
    title: "Engineer",
    location: "Austin, TX, United States",
    location_type: "onsite",
    employment_type: "FULLTIME",
    category: "Software Engineering",
    requirements: "Experience shipping software.",
    description: "A role on our team.",
    ...form,
  };
}

/**
 * Publishes a job for `employerId` (Austin, onsite, full-time software) with `form` on top, and
 * the company logo's address when given; returns its id.
 */
export async function publishTestJob(
  employerId: string,
  form: Partial<WizardForm> = {},
  companyLogo: string | null = null,
): Promise<string> {
  const member = await memberFor(employerId);
  const id = await startDraft(member, testJobForm(form));
  await publishDraft(member, id, companyLogo);
  return id;
}
