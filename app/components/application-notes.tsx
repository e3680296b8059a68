// The team's notes and ratings on an application (decision 051). Every form posts to its own
// route (…/notes, …/rating), which redirects back here: with JavaScript off that is the whole
// round trip, and a refused post answers with a small page of its own holding the form, the message
// beside the field and the text as typed. With JavaScript the forms post through a fetcher, so a
// message appears right here and the text stays in the field. Editing a note is ?edit={noteId}.
import { smallTextLink } from "#app/components/ui/styles.ts";
import { Button, ButtonLink, type ButtonVariant } from "#app/components/ui/button.tsx";
import { Link, useFetcher, useSearchParams } from "@remix-run/react";
import { usePageNotice } from "#app/components/ui/notice.tsx";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "#locales/index.ts";
import { FieldErrors } from "./forms.tsx";
import { Card } from "./job-bits.tsx";
import { labelClass, controlClass } from "#app/components/ui/field.tsx";

export const MAX_NOTE_CHARS = 5000;
export const MAX_REASON_CHARS = 300;

export interface NoteItem {
  id: string;
  authorName: string;
  mine: boolean;
  body: string;
  createdAt: string;
  when: string;
  edited: boolean;
}

export interface RatingItem {
  raterName: string;
  mine: boolean;
  stars: number;
  reason: string;
  when: string;
}

export interface RatingsView {
  ratings: RatingItem[];
  averageText: string;
  mine: { stars: number; reason: string } | null;
}

/** What the notes and rating routes answer a refused post with. */
export interface FeedbackActionData {
  form: "note" | "rating";
  intent?: string;
  noteId?: string;
  body?: string;
  stars?: string;
  reason?: string;
  errors: Record<string, string>;
}

export const feedbackPaths = (jobId: string, applicationId: string) => {
  const page = `/employer/jobs/${jobId}/applications/${applicationId}`;
  return { page, notes: `${page}/notes`, rating: `${page}/rating` };
};

/** A submit button locked and relabelled while its fetcher is busy. */
function BusyButton({
  busy,
  variant = "primary",
  children,
  busyLabel,
  ...props
}: {
  busy: boolean;
  variant?: ButtonVariant;
  busyLabel: string;
  children: ReactNode;
} & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button type="submit" {...props} variant={variant} disabled={busy} aria-disabled={busy || undefined}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/** A note's text area with its Save button: adding (no noteId) or editing one's own note. */
export function NoteForm({
  action,
  noteId,
  defaultBody,
  error,
  cancelTo,
}: {
  action: string;
  noteId?: string;
  defaultBody: string;
  error?: string;
  cancelTo?: string;
}) {
  const fetcher = useFetcher<FeedbackActionData>();
  const { t, i18n } = useTranslation("review");
  const busy = fetcher.state !== "idle";
  // A message from this form's own last post (JavaScript on) or from the page's (JavaScript off).
  const mineAnswered = fetcher.data?.form === "note" ? fetcher.data : null;
  const message = mineAnswered ? mineAnswered.errors.body : error;
  const id = noteId ? `note-body-${noteId}` : "note-body-new";
  const errorId = message ? `${id}-error` : undefined;
  return (
    <fetcher.Form method="post" action={action} className="grid gap-2">
      <input type="hidden" name="intent" value={noteId ? "edit" : "add"} />
      {noteId ? <input type="hidden" name="noteId" value={noteId} /> : null}
      <label htmlFor={id} className="text-sm font-medium text-label">
        {noteId ? t("feedback.editNote") : t("feedback.addNote")}
      </label>
      <textarea
        id={id}
        name="body"
        rows={noteId ? 5 : 3}
        defaultValue={defaultBody}
        maxLength={MAX_NOTE_CHARS}
        required
        aria-invalid={message ? true : undefined}
        aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(" ")}
        placeholder={noteId ? undefined : t("feedback.placeholder")}
        className={controlClass(Boolean(message))}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t("feedback.noteHint", { max: MAX_NOTE_CHARS.toLocaleString(intlLocale(i18n.language)) })}
      </p>
      <FieldErrors id={errorId} errors={message ? [message] : undefined} />
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton busy={busy} busyLabel={t("feedback.saving")}>
          {noteId ? t("feedback.saveNote") : t("feedback.addNoteButton")}
        </BusyButton>
        {cancelTo ? (
          <Link to={cancelTo} className={smallTextLink}>
            {t("feedback.cancel")}
          </Link>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

function DeleteNoteButton({ action, noteId }: { action: string; noteId: string }) {
  const fetcher = useFetcher<FeedbackActionData>();
  const { t } = useTranslation("review");
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="noteId" value={noteId} />
      <BusyButton
        busy={fetcher.state !== "idle"}
        variant="danger"
        busyLabel={t("feedback.deleting")}
        aria-label={t("feedback.deleteLabel")}
      >
        {t("feedback.delete")}
      </BusyButton>
    </fetcher.Form>
  );
}

/** The member's rating: 1 to 5 (radio buttons) and an optional reason. */
export function RatingForm({
  action,
  defaults,
  errors = {},
}: {
  action: string;
  defaults: { stars: string; reason: string };
  errors?: Record<string, string>;
}) {
  const fetcher = useFetcher<FeedbackActionData>();
  const { t } = useTranslation("review");
  const busy = fetcher.state !== "idle";
  const shown = fetcher.data?.form === "rating" ? fetcher.data.errors : errors;
  const starsError = shown.stars ? "rating-stars-error" : undefined;
  const reasonError = shown.reason ? "rating-reason-error" : undefined;
  return (
    <fetcher.Form method="post" action={action} className="grid gap-3">
      <fieldset aria-describedby={starsError}>
        <legend className="text-sm font-medium text-label">{t("feedback.ratingLegend")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="inline-flex min-w-11 cursor-pointer items-center justify-center gap-1.5 rounded-lg border border-field px-3 py-2 text-sm font-semibold has-[:checked]:border-brand-600 has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:has-[:checked]:border-brand-500 dark:has-[:focus-visible]:outline-brand-300"
            >
              <input
                type="radio"
                name="stars"
                value={n}
                defaultChecked={defaults.stars === String(n)}
                required
                className="sr-only"
              />
              <span aria-hidden>★</span>
              {n}
            </label>
          ))}
        </div>
        <FieldErrors id={starsError} errors={shown.stars ? [shown.stars] : undefined} />
      </fieldset>
      <div>
        <label htmlFor="rating-reason" className={labelClass}>
          {t("feedback.why")} <span className="font-normal text-muted">{t("feedback.optional")}</span>
        </label>
        <input
          id="rating-reason"
          name="reason"
          type="text"
          defaultValue={defaults.reason}
          maxLength={MAX_REASON_CHARS}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError}
          className={`mt-1 ${controlClass(Boolean(reasonError))}`}
        />
        <FieldErrors id={reasonError} errors={shown.reason ? [shown.reason] : undefined} />
      </div>
      <div>
        <BusyButton busy={busy} busyLabel={t("feedback.saving")}>
          {t("feedback.saveRating")}
        </BusyButton>
      </div>
    </fetcher.Form>
  );
}

const starGlyphs = (stars: number) => "★".repeat(stars) + "☆".repeat(5 - stars);

/** The notes and ratings card on the application page. */
export function ApplicationFeedback({
  jobId,
  applicationId,
  notes,
  ratings,
}: {
  jobId: string;
  applicationId: string;
  notes: NoteItem[];
  ratings: RatingsView;
}) {
  const [search] = useSearchParams();
  const paths = feedbackPaths(jobId, applicationId);
  const editing = search.get("edit");
  const notice = usePageNotice();
  const done = notice?.place === "notes" ? notice.text : null;
  const { t } = useTranslation("review");
  return (
    <Card className="scroll-mt-6">
      <section id="notes" aria-labelledby="notes-title" className="grid gap-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="notes-title" className="text-lg font-semibold">
            {t("feedback.heading")}
          </h2>
          <p className="text-sm text-muted">{t("feedback.onlyCompany")}</p>
        </div>
        {done ? (
          <p role="status" className="rounded-lg border border-ok-line bg-ok-tint px-3 py-2 text-sm text-ok-fg">
            {done}
          </p>
        ) : null}

        <div className="grid gap-3">
          <h3 className="font-semibold">{t("feedback.ratings")}</h3>
          <p className="text-sm font-medium" data-testid="rating-average">
            {ratings.averageText}
          </p>
          {ratings.ratings.length ? (
            <ul className="grid gap-2">
              {ratings.ratings.map((r, i) => (
                <li key={i} className="rounded-lg border border-line px-3 py-2">
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-semibold">
                      {r.mine ? t("feedback.you", { name: r.raterName }) : r.raterName}
                    </span>
                    <span aria-hidden className="text-amber-600 dark:text-amber-300">
                      {starGlyphs(r.stars)}
                    </span>
                    <span className="font-medium">{t("feedback.ofFive", { stars: r.stars })}</span>
                    <span className="text-xs text-muted">{r.when}</span>
                  </p>
                  {r.reason ? <p className="mt-1 break-words text-sm text-soft">{r.reason}</p> : null}
                </li>
              ))}
            </ul>
          ) : null}
          <RatingForm
            action={paths.rating}
            defaults={{ stars: ratings.mine ? String(ratings.mine.stars) : "", reason: ratings.mine?.reason ?? "" }}
          />
        </div>

        <div className="grid gap-3">
          <h3 className="font-semibold">{t("feedback.notes")}</h3>
          {/* A new key after each added note empties the field. */}
          <NoteForm key={notes[0]?.id ?? "first"} action={paths.notes} defaultBody="" />
          {notes.length ? (
            <ol className="grid gap-3" aria-label={t("feedback.notesLabel")}>
              {notes.map((note) => (
                <li key={note.id} id={`note-${note.id}`} className="rounded-lg border border-line px-3 py-2">
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-semibold">
                      {note.mine ? t("feedback.you", { name: note.authorName }) : note.authorName}
                    </span>
                    <time dateTime={note.createdAt} className="text-xs text-muted">
                      {note.edited ? t("feedback.edited", { when: note.when }) : note.when}
                    </time>
                  </p>
                  {note.mine && editing === note.id ? (
                    <div className="mt-2">
                      <NoteForm
                        action={paths.notes}
                        noteId={note.id}
                        defaultBody={note.body}
                        cancelTo={`${paths.page}#note-${note.id}`}
                      />
                    </div>
                  ) : (
                    <>
                      <p className="mt-1 whitespace-pre-line break-words text-soft">{note.body}</p>
                      {note.mine ? (
                        <div className="mt-2 flex flex-wrap items-center gap-2">
                          <ButtonLink
                            to={`${paths.page}?edit=${note.id}#note-${note.id}`}
                            variant="secondary"
                            aria-label={t("feedback.editLabel")}
                          >
                            {t("feedback.edit")}
                          </ButtonLink>
                          <DeleteNoteButton action={paths.notes} noteId={note.id} />
                        </div>
                      ) : null}
                    </>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted">{t("feedback.noNotes")}</p>
          )}
        </div>
      </section>
    </Card>
  );
}
