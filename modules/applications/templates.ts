// A company's message templates (decision 072): a name and a text with placeholders, kept per
// company and usable anywhere the employer writes to a candidate (a message, the rejection email).
// Owners and recruiters keep them and use them; interviewers are refused (forbidden). A placeholder
// is `{{name}}`, spaces inside allowed; any name but the four below is refused, naming it. Filling
// one in gives plain text: whoever shows it escapes it as any other text.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { config } from "../../lib/config.ts";
import { isUuid, jobCards, may, type Member } from "../hiring/index.server.ts";
import { publicProfiles } from "../identity/index.server.ts";
import { ApplicationError } from "./errors.ts";
import { applicationOfMember } from "./review.ts";
import type { Application } from "./entities.ts";

export const MAX_TEMPLATE_NAME = 100;
export const MAX_TEMPLATE_BODY = 5000;
/** Enough for any team's set; keeps the pickers short. */
export const MAX_TEMPLATES = 100;

export const PLACEHOLDERS = ["candidate_first_name", "job_title", "company", "interview_link"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const USE_THESE = "Use {{candidate_first_name}}, {{job_title}}, {{company}} or {{interview_link}}.";

export const TEMPLATES_ONLY_FOR_DECIDERS = "Only owners and recruiters keep and use message templates.";
export const TEMPLATE_NOT_FOUND = "The template you're looking for could not be found.";

const isPlaceholder = (name: string): name is Placeholder => (PLACEHOLDERS as readonly string[]).includes(name);

/** The names in `{{…}}` that are not placeholders, each once, in the order they appear. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  return [...new Set(names.filter((name) => !isPlaceholder(name)))];
}

/** The sentence refusing a text's unknown placeholders, or null when it has none. */
export function unknownPlaceholderMessage(text: string): string | null {
  const unknown = unknownPlaceholders(text).map((name) => `{{${name}}}`);
  if (!unknown.length) return null;
  return unknown.length === 1
    ? `Unknown placeholder ${unknown[0]}. ${USE_THESE}`
    : `Unknown placeholders ${unknown.join(", ")}. ${USE_THESE}`;
}

/** The text with each placeholder replaced by its value (unknown ones are refused before this). */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));
}

const noNul = (text: string) => !text.includes("\0");

export const templateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please name the template.")
    .max(MAX_TEMPLATE_NAME, `A template's name can be up to ${MAX_TEMPLATE_NAME} characters.`)
    .refine(noNul, "The name contained characters we can't store."),
  body: z
    .string()
    .trim()
    .min(1, "Please write the template's text.")
    .max(
      MAX_TEMPLATE_BODY,
      `A template can be up to ${MAX_TEMPLATE_BODY.toLocaleString("en-US")} characters. Please shorten it.`,
    )
    .refine(noNul, "The text contained characters we can't store.")
    .superRefine((body, ctx) => {
      const message = unknownPlaceholderMessage(body);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
});

export interface TemplateView {
  id: string;
  name: string;
  body: string;
}

function requireDecider(member: Member): void {
  if (!may(member, "decide")) throw new ApplicationError("forbidden", TEMPLATES_ONLY_FOR_DECIDERS);
}

function parseTemplate(input: unknown): { name: string; body: string } {
  const parsed = templateSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  throw new ApplicationError("invalid", parsed.error.issues[0]!.message, { fieldErrors });
}

/** The company's templates by name. Throws forbidden for an interviewer. */
export async function listTemplates(member: Member): Promise<TemplateView[]> {
  requireDecider(member);
  return em().execute<TemplateView[]>(
    `select id, name, body from message_templates where company_id = ? order by lower(name), created_at, id`,
    [member.companyId],
  );
}

/** One of the company's templates; another company's (or a missing one) is not found. */
export async function findTemplate(member: Member, templateId: string): Promise<TemplateView> {
  requireDecider(member);
  const [row] = isUuid(templateId)
    ? await em().execute<TemplateView[]>(
        `select id, name, body from message_templates where id = ? and company_id = ?`,
        [templateId, member.companyId],
      )
    : [];
  if (!row) throw new ApplicationError("not-found", TEMPLATE_NOT_FOUND);
  return row;
}

/** Saves a new template; returns its id. Throws forbidden, or invalid with `fieldErrors` name/body. */
export async function createTemplate(member: Member, input: unknown): Promise<string> {
  requireDecider(member);
  const { name, body } = parseTemplate(input);
  const [{ n }] = await em().execute<{ n: string }[]>(
    `select count(*) as n from message_templates where company_id = ?`,
    [member.companyId],
  );
  if (Number(n) >= MAX_TEMPLATES)
    throw new ApplicationError("invalid", `A company can keep up to ${MAX_TEMPLATES} templates. Delete one first.`);
  const id = randomUUID();
  await em().execute(
    `insert into message_templates (id, company_id, name, body, created_at, updated_at) values (?, ?, ?, ?, ?, ?)`,
    [id, member.companyId, name, body, now(), now()],
  );
  return id;
}

/** Changes a template's name and text; throws as createTemplate does, or not found. */
export async function updateTemplate(member: Member, templateId: string, input: unknown): Promise<void> {
  await findTemplate(member, templateId);
  const { name, body } = parseTemplate(input);
  await em().execute(
    `update message_templates set name = ?, body = ?, updated_at = ? where id = ? and company_id = ?`,
    [name, body, now(), templateId, member.companyId],
  );
}

/** Deletes a template (what was sent with it stays as it was sent). */
export async function deleteTemplate(member: Member, templateId: string): Promise<void> {
  await findTemplate(member, templateId);
  await em().execute(`delete from message_templates where id = ? and company_id = ?`, [templateId, member.companyId]);
}

/** Whether the text has any `{{…}}` to fill in. */
export const hasPlaceholders = (text: string): boolean => new RegExp(PLACEHOLDER.source).test(text);

type Addressed = Pick<Application, "id" | "candidateId" | "jobId">;

/**
 * The placeholders' values for applications the member's company holds, by application id: the
 * candidate's first name ("there" without one), the job's title and company as the candidate reads
 * them, and the candidate's interview page as the interview link. Two reads, however many.
 */
export async function placeholderValuesFor(
  member: Member,
  applications: readonly Addressed[],
): Promise<Map<string, PlaceholderValues>> {
  const [people, jobs] = await Promise.all([
    publicProfiles(applications.flatMap((a) => (a.candidateId ? [a.candidateId] : []))),
    jobCards(applications.map((a) => a.jobId)),
  ]);
  return new Map(
    applications.map((application) => {
      const job = jobs.get(application.jobId);
      const fullName = people.get(application.candidateId ?? "")?.fullName?.trim() ?? "";
      const values: PlaceholderValues = {
        candidate_first_name: fullName.split(/\s+/)[0] || "there",
        job_title: job?.title ?? "",
        company: job?.companyName ?? member.companyName,
        interview_link: new URL(`/candidate/applications/${application.id}/interview`, config().publicUrl).toString(),
      };
      return [application.id, values];
    }),
  );
}

/** The placeholders' values for one application the member may write on (not found otherwise). */
export async function placeholderValues(
  member: Member,
  applicationId: string,
  where: { jobId?: string } = {},
): Promise<PlaceholderValues> {
  const application = await applicationOfMember(member, applicationId, { jobId: where.jobId, need: "decide" });
  return (await placeholderValuesFor(member, [application])).get(application.id)!;
}

/**
 * `text` filled in for the application. Throws invalid with `fieldErrors.body` naming any unknown
 * placeholder, not found for an application the member can't decide on.
 */
export async function fillForApplication(
  member: Member,
  applicationId: string,
  text: string,
  where: { jobId?: string } = {},
): Promise<string> {
  const values = await placeholderValues(member, applicationId, where);
  const unknown = unknownPlaceholderMessage(text);
  if (unknown) throw new ApplicationError("invalid", unknown, { fieldErrors: { body: unknown } });
  return fillPlaceholders(text, values);
}

/** The company's template filled in for the application (the "Use template" button). */
export async function templateForApplication(
  member: Member,
  applicationId: string,
  templateId: string,
  where: { jobId?: string } = {},
): Promise<string> {
  const template = await findTemplate(member, templateId);
  return fillForApplication(member, applicationId, template.body, where);
}
