// /employer/jobs/{id}/applications/{applicationId}/notes: adds, edits (own) and deletes (own) a team
// note, then goes back to the application page. A refused post (an empty or too long note) shows this
// small page with the message beside the field and the text as typed; GET shows the same form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { rootLanguage, translator } from "#locales/index.ts";
import { feedbackPageLoader, notesAction } from "#app/application-feedback.server.ts";
import { NoteForm } from "#app/components/application-notes.tsx";
import { Card } from "#app/components/job-bits.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: translator(rootLanguage(matches), "review")("feedback.noteTitle") },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => feedbackPageLoader(request, params);

export const action = ({ request, params, context }: ActionFunctionArgs) => notesAction(request, params, context);

export default function NotePage() {
  const { jobTitle, paths, editing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("review");
  const noteId = result?.intent === "edit" && result.noteId ? result.noteId : (editing?.id ?? undefined);
  const body = result?.body ?? editing?.body ?? "";
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <Link to={`${paths.page}#notes`} className={`${smallTextLink} w-fit`}>
        {t("feedback.back")}
      </Link>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">{noteId ? t("feedback.editNote") : t("feedback.addNote")}</h1>
        <p className="mt-1 text-muted">{t("feedback.notePageOn", { title: jobTitle })}</p>
        <div className="mt-4">
          <NoteForm
            action={paths.notes}
            noteId={noteId}
            defaultBody={body}
            error={result?.errors.body}
            cancelTo={`${paths.page}#notes`}
          />
        </div>
      </Card>
    </section>
  );
}
