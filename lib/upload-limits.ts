// How large an upload may be, defined once: the readers enforce these and the pages quote them.
// Plain numbers only, so components can import this file into the browser bundle.
export const MiB = 1024 * 1024;

/** Resumes (PDF), uploaded or made by the CV maker. */
export const MAX_RESUME_BYTES = 10 * MiB;
/** An employer's company logo. */
export const MAX_LOGO_BYTES = 2 * MiB;
/** A candidate's photo. */
export const MAX_PHOTO_BYTES = 5 * MiB;

/** "10" for 10 MiB: how the pages and messages write a limit (in MB). */
export const inMegabytes = (bytes: number): string => String(Math.floor(bytes / MiB));
