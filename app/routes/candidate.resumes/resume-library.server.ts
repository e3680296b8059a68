// /candidate/resumes: the library's loader and action. Uploads post as multipart (streamed to a
// temporary file, checked and read in a child process like the apply wizard's); rename, default and
// delete are plain forms with an intent. Rules live in the applications module.
import { data, redirect } from "@remix-run/node";
import { requireRole } from "#modules/identity/index.server.ts";
import {
  addToLibrary,
  countResumeUpload,
  deleteResume,
  heldDeletedResumes,
  MAX_RESUME_NAME,
  renameResume,
  resumeLibrary,
  setDefaultResume,
  STATUS_LABELS,
  type ApplicationError,
} from "#modules/applications/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { checkPdf } from "#lib/pdf.ts";
import { mediaType, readTextForm } from "#lib/forms.ts";
import { readResumeUpload, type DiskUpload } from "#lib/uploads.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { respondToModuleError } from "#app/module-errors.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";

// What deleting a resume did: erased it, or kept it for the applications it went with.
const DELETED = {
  erased: "The resume is deleted.",
  kept: "The resume is gone from your library. Employers you sent it to can still read it with your application until you withdraw that application; then it is erased.",
};

export async function resumeLibraryLoader(request: Request) {
  const user = await requireRole(request, "candidate");
  const [library, held] = await Promise.all([resumeLibrary(user.id), heldDeletedResumes(user.id)]);
  return {
    max: library.max,
    full: library.full,
    held,
    maxName: MAX_RESUME_NAME,
    resumes: library.resumes.map((r) => ({
      id: r.id,
      name: r.name,
      sizeKb: r.sizeKb,
      uploaded: formatDate(r.uploadedAt),
      isDefault: r.isDefault,
      unreadable: r.textStatus === "unreadable",
      sentWith: r.sentWith.map((s) => ({ ...s, statusLabel: STATUS_LABELS[s.status] })),
    })),
  };
}

export interface LibraryActionData {
  uploadError?: string;
  rename?: { resumeId: string; name: string; error: string };
  formError?: string;
}

async function readLibraryForm(request: Request): Promise<DiskUpload> {
  if (mediaType(request) === "multipart/form-data") return readResumeUpload(request);
  const { form, unstorable } = await readTextForm(request);
  if (unstorable.includes("name")) {
    return { status: "invalid", message: "The name contained characters we can't store. Please type it again." };
  }
  return { status: "ok", form, file: null, cleanup: async () => undefined };
}

const back = (notice: string) => redirectWithNotice("/candidate/resumes", notice);

export async function resumeLibraryAction(request: Request) {
  const user = await requireRole(request, "candidate");
  const upload = await readLibraryForm(request);
  if (upload.status !== "ok") {
    const status = upload.status === "too-big" ? 413 : upload.status === "failed" ? 500 : 400;
    return data<LibraryActionData>({ uploadError: upload.message }, { status });
  }
  const { form } = upload;
  const intent = String(form.get("intent") ?? "");
  const resumeId = String(form.get("resumeId") ?? "");
  try {
    if (intent === "upload") {
      if (!upload.file)
        return data<LibraryActionData>({ uploadError: "Choose a PDF file to upload." }, { status: 400 });
      await countResumeUpload(user.id);
      const checked = await checkPdf(upload.file.path);
      if (!checked.ok) return data<LibraryActionData>({ uploadError: checked.message }, { status: 400 });
      await addToLibrary(user.id, upload.file, checked.text);
      return back("Your resume is in your library.");
    }
    if (intent === "rename") {
      const name = String(form.get("name") ?? "");
      try {
        await renameResume(user.id, resumeId, name);
      } catch (error) {
        // The name comes back as typed, with the message beside it.
        if ((error as ApplicationError).code === "invalid")
          return data<LibraryActionData>(
            { rename: { resumeId, name, error: (error as Error).message } },
            { status: 400 },
          );
        throw error;
      }
      return back("The resume is renamed.");
    }
    if (intent === "default") {
      await setDefaultResume(user.id, resumeId);
      return back("That resume is now your default: the apply form picks it first.");
    }
    if (intent === "delete") return back(DELETED[await deleteResume(user.id, resumeId)]);
    return redirect("/candidate/resumes");
  } catch (error) {
    if (error instanceof QuotaExceededError)
      return data<LibraryActionData>({ uploadError: error.message }, { status: 429, headers: retryAfter(error) });
    return respondToModuleError(error, {
      notFound: "That resume could not be found.",
      refused: (refusal, status) =>
        data<LibraryActionData>(
          intent === "upload" ? { uploadError: refusal.message } : { formError: refusal.message },
          { status },
        ),
    });
  } finally {
    await upload.cleanup();
  }
}
