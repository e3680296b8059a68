// /employer/templates: the company's message templates (decision 072), kept by owners and
// recruiters (an interviewer gets 403). Each is a name and a text with placeholders, used on an
// application's messages and on the rejection email. Every change is a plain POST with an intent
// (create, save, delete) answered by a redirect with a notice; Edit is a link (?edit=id). A refused
// form re-renders with what was typed and the message beside the field.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import {
  ApplicationError,
  createTemplate,
  deleteTemplate,
  listTemplates,
  MAX_TEMPLATE_BODY,
  MAX_TEMPLATE_NAME,
  PLACEHOLDERS,
  updateTemplate,
} from "#modules/applications/index.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { ErrorBox, Field, IntentButton, TextAreaField } from "#app/components/forms.tsx";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { redirectWithNotice } from "#app/flash.server.ts";
import { Card } from "#app/components/job-bits.tsx";

export const meta: MetaFunction = () => [{ title: "Message templates · Hirewise" }];

const PLACEHOLDER_HINTS: Record<(typeof PLACEHOLDERS)[number], string> = {
  candidate_first_name: "the candidate's first name",
  job_title: "the job's title",
  company: "your company's name",
  interview_link: "the page where the candidate picks an interview time",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const templates = await withModuleErrors(() => listTemplates(member));
  const params = new URL(request.url).searchParams;
  return {
    templates,
    editing: templates.find((t) => t.id === params.get("edit")) ?? null,
    placeholders: PLACEHOLDERS.map((name) => ({ name, hint: PLACEHOLDER_HINTS[name] })),
    limits: { name: MAX_TEMPLATE_NAME, body: MAX_TEMPLATE_BODY },
  };
}

interface Refused {
  intent: string;
  templateId: string;
  name: string;
  body: string;
  error: string;
  fieldErrors: Record<string, string>;
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const { form, unstorable } = await readTextForm(request);
  const intent = String(form.get("intent") ?? "");
  const templateId = String(form.get("template") ?? "");
  const input = { name: String(form.get("name") ?? ""), body: String(form.get("body") ?? "") };
  const refused = (error: string, fieldErrors: Record<string, string>, status: number) =>
    data<Refused>({ intent, templateId, ...input, error, fieldErrors }, { status });
  // An interviewer is refused before anything they sent is looked at.
  await withModuleErrors(() => listTemplates(member));
  const unstorableField = unstorable.find((field) => field === "name" || field === "body");
  if (unstorableField) return refused(UNSTORABLE_FIELD, { [unstorableField]: UNSTORABLE_FIELD }, 400);
  return withModuleErrors(
    async () => {
      if (intent === "create") {
        await createTemplate(member, input);
        return redirectWithNotice("/employer/templates", "Template saved.");
      }
      if (intent === "save") {
        await updateTemplate(member, templateId, input);
        return redirectWithNotice("/employer/templates", "Template updated.");
      }
      if (intent === "delete") {
        await deleteTemplate(member, templateId);
        return redirectWithNotice("/employer/templates", "Template deleted.");
      }
      return refused("Choose Save or Delete.", {}, 400);
    },
    {
      refused: (error, status) =>
        refused(error.message, error instanceof ApplicationError ? error.fieldErrors : {}, status),
    },
  );
}

export default function TemplatesPage() {
  const { templates, editing, placeholders, limits } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusedHere = (intent: string, templateId = "") =>
    answer && answer.intent === intent && answer.templateId === templateId ? answer : null;
  const general = answer && !Object.keys(answer.fieldErrors).length ? answer.error : null;
  return (
    <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">Message templates</h1>
        <p className="mt-1 text-muted">
          Texts your team reuses in messages to candidates and in rejection emails. Placeholders are filled in for each
          application, and you see the result before anything is sent.
        </p>
      </div>
      <FlashNotice />
      {general ? <ErrorBox errors={[general]} /> : null}

      <Card>
        <h2 className="text-lg font-semibold">Placeholders</h2>
        <ul className="mt-2 grid gap-1 text-sm">
          {placeholders.map((p) => (
            <li key={p.name}>
              <code className="font-mono font-semibold">{`{{${p.name}}}`}</code>
              <span className="text-muted"> — {p.hint}</span>
            </li>
          ))}
        </ul>
      </Card>

      {editing ? (
        <TemplateForm
          key={editing.id}
          title={`Edit “${editing.name}”`}
          intent="save"
          templateId={editing.id}
          name={editing.name}
          body={editing.body}
          answer={refusedHere("save", editing.id)}
          limits={limits}
        />
      ) : null}

      <Card>
        <h2 className="text-lg font-semibold">Your templates ({templates.length})</h2>
        {templates.length ? (
          <ul className="mt-3 divide-y divide-line">
            {templates.map((t) => (
              <li key={t.id} className="py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold [overflow-wrap:anywhere]">{t.name}</h3>
                  <div className="flex gap-2">
                    <Link
                      to={`/employer/templates?edit=${t.id}`}
                      className="rounded-lg border border-field px-3 py-1.5 text-sm font-semibold hover:bg-tint"
                      aria-label={`Edit ${t.name}`}
                    >
                      Edit
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="template" value={t.id} />
                      <IntentButton intent="delete" variant="danger" aria-label={`Delete ${t.name}`}>
                        Delete
                      </IntentButton>
                    </Form>
                  </div>
                </div>
                <p className="mt-1 whitespace-pre-line break-words text-sm text-soft">{t.body}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted">No templates yet.</p>
        )}
      </Card>

      {/* A new key once a template lands empties the form (with JavaScript the page is not reloaded). */}
      <TemplateForm
        key={templates.map((t) => t.id).join()}
        title="New template"
        intent="create"
        name=""
        body=""
        answer={refusedHere("create")}
        limits={limits}
      />
    </main>
  );
}

function TemplateForm({
  title,
  intent,
  templateId,
  name,
  body,
  answer,
  limits,
}: {
  title: string;
  intent: "create" | "save";
  templateId?: string;
  name: string;
  body: string;
  answer: Refused | null;
  limits: { name: number; body: number };
}) {
  const prefix = intent === "create" ? "new-template" : "edit-template";
  return (
    <Card>
      <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">{title}</h2>
      <Form method="post" className="mt-3 grid gap-3">
        {templateId ? <input type="hidden" name="template" value={templateId} /> : null}
        <Field
          label="Name"
          errors={answer?.fieldErrors.name ? [answer.fieldErrors.name] : undefined}
          inputProps={{
            id: `${prefix}-name`,
            name: "name",
            defaultValue: answer?.name ?? name,
            maxLength: limits.name,
            required: true,
          }}
        />
        <TextAreaField
          id={`${prefix}-body`}
          name="body"
          label="Text"
          rows={6}
          defaultValue={answer?.body ?? body}
          errors={answer?.fieldErrors.body ? [answer.fieldErrors.body] : undefined}
          hint={`Plain text with placeholders such as {{candidate_first_name}}. Up to ${limits.body.toLocaleString("en-US")} characters.`}
        />
        <div className="flex flex-wrap gap-2">
          <IntentButton intent={intent} variant="primary" pendingLabel="Saving...">
            {intent === "create" ? "Save template" : "Save changes"}
          </IntentButton>
          {intent === "save" ? (
            <Link
              to="/employer/templates"
              className="rounded-lg border border-field px-4 py-2 text-sm font-semibold hover:bg-tint"
            >
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}
