// /employer/jobs/{id}/applications/{applicationId}/notes: adds, edits (own) and deletes (own) a team
// note, then goes back to the application page. A refused post (an empty or too long note) shows this
// small page with the message beside the field and the text as typed; GET shows the same form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { feedbackPageLoader, notesAction } from "#app/application-feedback.server.ts";
import { NoteForm } from "#app/components/application-notes.tsx";
import { Card } from "#app/components/job-bits.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";

export const meta: MetaFunction = () => [{ title: "Team note · Hirewise" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => feedbackPageLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => notesAction(request, params);

export default function NotePage() {
  const { jobTitle, paths, editing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const noteId = result?.intent === "edit" && result.noteId ? result.noteId : (editing?.id ?? undefined);
  const body = result?.body ?? editing?.body ?? "";
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <Link to={`${paths.page}#notes`} className={`${smallTextLink} w-fit`}>
        ← Back to the application
      </Link>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">{noteId ? "Edit your note" : "Add a note"}</h1>
        <p className="mt-1 text-muted">On an applicant for {jobTitle}.</p>
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
