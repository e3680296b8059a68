// The notes and rating routes (…/applications/{applicationId}/notes and …/rating): read the post,
// call one applications function, and go back to the application page (#notes) with what was done.
// A refused post answers 400 with the message beside its field and the text as typed: the fetcher
// on the application page shows it there, and without JavaScript the route's own small page does.
// Anyone who may not review the application gets 404, before anything in the post is looked at.
import { data, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "#app/team.server.ts";
import { employerJob, type Member } from "#modules/hiring/index.server.ts";
import {
  addNote,
  applicationNotes,
  applicationRatings,
  averageLabel,
  checkReviewer,
  deleteNote,
  editNote,
  ownNote,
  rateApplication,
  type ApplicationError,
} from "#modules/applications/index.server.ts";
import { readTextForm, refuseForm, UNSTORABLE_FIELD, UNSTORABLE_FORM } from "#lib/forms.ts";
import { respondToModuleError, withModuleErrors } from "#app/module-errors.server.ts";
import {
  feedbackPaths,
  type FeedbackActionData,
  type NoteItem,
  type RatingsView,
} from "#app/components/application-notes.tsx";
import { redirectWithNotice } from "./flash.server.ts";
import { pageLanguage } from "./i18n.server.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translateMessage, translator, type Language } from "#locales/index.ts";

type Params = LoaderFunctionArgs["params"];

const NOT_FOUND = "The application you're looking for could not be found.";

const ids = (params: Params) => ({ jobId: params.id ?? "", applicationId: params.applicationId ?? "" });

/** What the small page needs: the job's title, where to go back, and the member's rating and note being edited. */
export async function feedbackPageLoader(request: Request, params: Params) {
  const { member } = await requireMember(request);
  const { jobId, applicationId } = ids(params);
  const editId = new URL(request.url).searchParams.get("edit") ?? "";
  return withModuleErrors(
    async () => {
      await checkReviewer(member, applicationId, { jobId });
      const [job, ratings, editing] = await Promise.all([
        employerJob(member, jobId),
        applicationRatings(member, applicationId, { jobId }),
        editId ? ownNote(member, applicationId, editId, { jobId }) : null,
      ]);
      return { jobTitle: job.title, paths: feedbackPaths(jobId, applicationId), myRating: ratings.mine, editing };
    },
    { notFound: NOT_FOUND },
  );
}

/** "Average 4.5 from 2 ratings" as the module says it, or in `language` with its own decimal comma. */
function averageIn(language: Language, average: number | null, count: number): string {
  if (language === DEFAULT_LANGUAGE) return averageLabel(average, count);
  const t = translator(language, "messages");
  if (average === null || !count) return t("reviewNoRatings");
  const n = average.toLocaleString(INTL_LOCALES[language], { maximumFractionDigits: 1 });
  return count === 1 ? t("reviewAverageOne", { n }) : t("reviewAverage", { n, count });
}

/** The notes and ratings as the application page shows them (its loader calls this), in `language`. */
export async function applicationFeedback(
  member: Member,
  applicationId: string,
  jobId: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ notes: NoteItem[]; ratings: RatingsView }> {
  const [notes, ratings] = await Promise.all([
    applicationNotes(member, applicationId, { jobId }),
    applicationRatings(member, applicationId, { jobId }),
  ]);
  return {
    notes: notes.map((n) => ({
      id: n.id,
      authorName: n.authorName,
      mine: n.mine,
      body: n.body,
      createdAt: n.createdAt,
      when: n.when,
      edited: n.editedAt !== null,
    })),
    ratings: {
      ratings: ratings.ratings,
      averageText: averageIn(language, ratings.average, ratings.count),
      mine: ratings.mine,
    },
  };
}

type Say = (message: string) => string;

/** The page's language for the post's refusals (the notices are translated where they are read). */
const sayFor = async (request: Request, context: AppLoadContext | undefined): Promise<Say> => {
  const language = await pageLanguage(request, context);
  return (message) => translateMessage(language, message);
};

const refused = (answer: Omit<FeedbackActionData, "errors">, say: Say) => (error: ApplicationError, status: number) =>
  data<FeedbackActionData>(
    {
      ...answer,
      errors: Object.keys(error.fieldErrors).length
        ? Object.fromEntries(Object.entries(error.fieldErrors).map(([name, message]) => [name, say(message)]))
        : { [answer.form === "note" ? "body" : "stars"]: say(error.message) },
    },
    { status },
  );

export async function notesAction(request: Request, params: Params, context?: AppLoadContext) {
  const { member } = await requireMember(request);
  const say = await sayFor(request, context);
  const { jobId, applicationId } = ids(params);
  await withModuleErrors(() => checkReviewer(member, applicationId, { jobId }), { notFound: NOT_FOUND });
  const { form, unstorable } = await readTextForm(request);
  if (unstorable.some((name) => name !== "body")) refuseForm(400, UNSTORABLE_FORM);
  const intent = String(form.get("intent") ?? "");
  const noteId = String(form.get("noteId") ?? "");
  const body = String(form.get("body") ?? "");
  const answer = { form: "note" as const, intent, noteId, body };
  if (unstorable.includes("body"))
    return data<FeedbackActionData>({ ...answer, errors: { body: say(UNSTORABLE_FIELD) } }, { status: 400 });
  const back = (text: string) => backToNotes(jobId, applicationId, text);
  try {
    if (intent === "add") {
      await addNote(member, applicationId, body, { jobId });
      return back("Your note is added.");
    }
    if (intent === "edit") {
      await editNote(member, applicationId, noteId, body, { jobId });
      return back("Your note is saved.");
    }
    if (intent === "delete") {
      await deleteNote(member, applicationId, noteId, { jobId });
      return back("Your note is deleted.");
    }
  } catch (error) {
    return respondToModuleError(error, {
      notFound: say("That note could not be found."),
      refused: refused(answer, say),
    });
  }
  return refuseForm(400, say("Choose Add note, Save note or Delete."));
}

/** Back to the application's notes, with what was done said there. */
const backToNotes = (jobId: string, applicationId: string, text: string) =>
  redirectWithNotice(`${feedbackPaths(jobId, applicationId).page}#notes`, { kind: "success", text, place: "notes" });

export async function ratingAction(request: Request, params: Params, context?: AppLoadContext) {
  const { member } = await requireMember(request);
  const say = await sayFor(request, context);
  const { jobId, applicationId } = ids(params);
  await withModuleErrors(() => checkReviewer(member, applicationId, { jobId }), { notFound: NOT_FOUND });
  const { form, unstorable } = await readTextForm(request);
  if (unstorable.some((name) => name !== "reason")) refuseForm(400, UNSTORABLE_FORM);
  const stars = String(form.get("stars") ?? "");
  const reason = String(form.get("reason") ?? "");
  const answer = { form: "rating" as const, stars, reason };
  if (unstorable.includes("reason"))
    return data<FeedbackActionData>({ ...answer, errors: { reason: say(UNSTORABLE_FIELD) } }, { status: 400 });
  try {
    await rateApplication(member, applicationId, { stars, reason }, { jobId });
  } catch (error) {
    return respondToModuleError(error, { notFound: NOT_FOUND, refused: refused(answer, say) });
  }
  return backToNotes(jobId, applicationId, "Your rating is saved.");
}
