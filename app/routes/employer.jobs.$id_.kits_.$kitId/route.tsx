// /employer/jobs/{id}/kits/new and /employer/jobs/{id}/kits/{kitId}: an owner or recruiter writes
// an interview kit (decision 087): its name, the attributes it covers, the questions to ask (one
// a line) and a prompt for the notes. "Generate questions" posts the whole form, asks the AI
// (counted against the member's AI generations) for questions from the job's description and the
// chosen attributes, and re-renders the form with them added below what was typed: nothing is
// saved until Save. Interviewers and anyone else: not found.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import {
  deleteInterviewKit,
  GENERATED_KIT_QUESTIONS,
  HiringError,
  jobInterviewKits,
  kitQuestionsSource,
  MAX_KIT_QUESTIONS,
  saveInterviewKit,
  splitKitQuestions,
  type Member,
} from "#modules/hiring/index.server.ts";
import { suggestInterviewQuestions } from "#modules/ai/index.server.ts";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { respondToModuleError, withModuleErrors } from "#app/module-errors.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { JobErrorBoundary } from "#app/components/job-bits.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";
import { KitForm, type KitAnswer, type KitValues } from "./kit-form.tsx";

export { headers } from "#app/quotas.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.kit ? data.values.name : "New interview kit"} · ${data?.jobTitle ?? "Job"} · Hirewise` },
];

const NOT_FOUND = "The interview kit you're looking for could not be found.";
const NOTES_PROMPT = "What did you hear that backs each rating? Quote the candidate where you can.";

/** The job's kits for an editor, and the one asked for ("new": none); anything else is not found. */
async function kitPage(member: Member, jobId: string, kitId: string) {
  return withModuleErrors(
    async () => {
      const page = await jobInterviewKits(member, jobId);
      if (!page.mayEdit) throw new HiringError("not-found", NOT_FOUND);
      const kit = kitId === "new" ? null : page.kits.find((k) => k.id === kitId);
      if (kit === undefined) throw new HiringError("not-found", NOT_FOUND);
      return { page, kit };
    },
    { notFound: NOT_FOUND },
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const { page, kit } = await kitPage(member, params.id ?? "", params.kitId ?? "");
  const values: KitValues = kit
    ? {
        name: kit.name,
        questions: kit.questions.join("\n\n"),
        attributeIds: kit.attributes.map((a) => a.id),
        notesPrompt: kit.notesPrompt,
      }
    : { name: "", questions: "", attributeIds: [], notesPrompt: NOTES_PROMPT };
  return {
    jobId: page.jobId,
    jobTitle: page.jobTitle,
    kit: kit ? { id: kit.id } : null,
    // Active attributes to choose, and any retired one the kit already covers.
    attributes: page.attributes.filter((a) => !a.retired || values.attributeIds.includes(a.id)),
    values,
  };
}

function readValues(form: FormData): KitValues {
  return {
    name: String(form.get("name") ?? ""),
    questions: String(form.get("questions") ?? ""),
    attributeIds: form.getAll("attribute").map(String),
    notesPrompt: String(form.get("notesPrompt") ?? ""),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const kitId = params.kitId ?? "";
  // Not found before anything in the post is looked at.
  await kitPage(member, jobId, kitId);
  const { form, unstorable } = await readTextForm(request);
  const values = readValues(form);
  const intent = String(form.get("intent") ?? "");
  const answer = (errors: Record<string, string[]>, status = 400, extra: Partial<KitAnswer> = {}, init?: HeadersInit) =>
    data<KitAnswer>({ values, errors, generated: null, ...extra }, { status, headers: init });
  if (unstorable.length) return answer(Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_FIELD]])));
  const back = `/employer/jobs/${jobId}/kits`;
  try {
    if (intent === "generate") {
      const existing = splitKitQuestions(values.questions);
      if (existing.length >= MAX_KIT_QUESTIONS)
        return answer({ generate: [`The kit holds ${MAX_KIT_QUESTIONS} questions already: remove some first.`] });
      const source = await kitQuestionsSource(member, jobId, values.attributeIds);
      const result = await suggestInterviewQuestions(member.userId, {
        ...source,
        existing,
        count: Math.min(GENERATED_KIT_QUESTIONS, MAX_KIT_QUESTIONS - existing.length),
      });
      const questions = [...existing, ...result.questions].slice(0, MAX_KIT_QUESTIONS);
      return data<KitAnswer>({
        values: { ...values, questions: questions.join("\n\n") },
        errors: {},
        generated: { count: questions.length - existing.length, source: result.source, error: result.error ?? null },
      });
    }
    if (intent === "delete" && kitId !== "new") {
      await deleteInterviewKit(member, jobId, kitId);
      return redirectWithNotice(back, "The interview kit is deleted.");
    }
    if (intent !== "save") return answer({ form: ["Choose Save, Generate questions or Delete."] });
    await saveInterviewKit(member, jobId, kitId === "new" ? null : kitId, {
      ...values,
      questions: splitKitQuestions(values.questions),
    });
    return redirectWithNotice(back, "The interview kit is saved.");
  } catch (error) {
    if (error instanceof QuotaExceededError) return answer({ generate: [error.message] }, 429, {}, retryAfter(error));
    return respondToModuleError(error, {
      notFound: NOT_FOUND,
      refused: (refusal, status) =>
        answer(
          Object.keys(refusal.fieldErrors).length
            ? (refusal.fieldErrors as Record<string, string[]>)
            : { form: [refusal.message] },
          status,
        ),
    });
  }
}

export default function InterviewKitPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <Link to={`/employer/jobs/${loaded.jobId}/kits`} className={`${smallTextLink} w-fit`}>
        ← Back to {loaded.jobTitle}&apos;s kits
      </Link>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {loaded.kit ? "Edit interview kit" : "New interview kit"}
      </h1>
      <KitForm
        attributes={loaded.attributes}
        values={answer?.values ?? loaded.values}
        answer={answer}
        existing={Boolean(loaded.kit)}
        cancelHref={`/employer/jobs/${loaded.jobId}/kits`}
      />
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
