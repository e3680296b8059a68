// The resume file field (PDF only) and its size hint, as the apply wizard and the resume library
// ask for it; the error beside it is the page's (FieldErrors with `errorId`).
import { inMegabytes, MAX_RESUME_BYTES } from "#lib/upload-limits.ts";

export function ResumeFileInput({
  errorId,
  inputKey,
  className = "",
  hintClassName = "",
  hint = (mb) => `PDF files only, max ${mb}MB`,
}: {
  errorId?: string;
  /** A new key gives a new, empty input (after a refused upload). */
  inputKey?: string;
  className?: string;
  hintClassName?: string;
  /** The size hint in the page's language (the wizard's is translated; the library's is English still). */
  hint?: (megabytes: string) => string;
}) {
  return (
    <>
      <input
        key={inputKey}
        id="resume"
        name="resume"
        type="file"
        accept="application/pdf,.pdf"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={["resume-hint", errorId].filter(Boolean).join(" ")}
        className={`block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-700 ${className}`}
      />
      <p id="resume-hint" className={`text-xs text-muted ${hintClassName}`}>
        {hint(inMegabytes(MAX_RESUME_BYTES))}
      </p>
    </>
  );
}
