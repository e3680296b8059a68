// Bounded request bodies. Actions read `request.formData()` whole, so a body the edge lets through
// is a body held in memory: every body must declare its length (Content-Length) and stay under
// MAX_FORM_BYTES. The one exception is a multipart post to a route that takes a file, where
// lib/uploads.ts streams the file and applies its own caps.
import type { RequestHandler } from "express";
import { refuse } from "./refusal.ts";

/**
 * The largest form we send, encoded at its worst (every character of every field at its maximum
 * length, three UTF-8 bytes each, percent-encoded): the apply step with 25 answers of 5,000
 * characters is 1.13 MB (126 KB in plain ASCII). 2 MiB leaves room; see decision 020.
 */
export const MAX_FORM_BYTES = 2 * 1024 * 1024;

/** Past this a refused body is not read at all: the connection closes after the answer. */
const DISCARD_UP_TO_BYTES = 256 * 1024 * 1024;

/** Routes that take a file as a multipart post, with or without the `.data` suffix of the app's own fetches. */
const UPLOAD_ROUTES = [
  /^\/account(\.data)?$/,
  /^\/candidate\/jobs\/[^/]+\/apply(\.data)?$/,
  /^\/candidate\/resumes(\.data)?$/,
];

const isMultipart = (type: string | undefined) => /^multipart\/form-data\b/i.test(type ?? "");

export function boundedBodies(maxBytes = MAX_FORM_BYTES): RequestHandler {
  const MiB = 1024 * 1024;
  const limit = maxBytes >= MiB ? `${+(maxBytes / MiB).toFixed(1)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return (req, res, next) => {
    const declared = req.get("content-length");
    const chunked = req.get("transfer-encoding") !== undefined;
    if (!chunked && (declared === undefined || Number(declared) === 0)) return next();
    if (isMultipart(req.get("content-type")) && UPLOAD_ROUTES.some((route) => route.test(req.path))) return next();
    // Node reads exactly Content-Length bytes, so a declared length is a bound; a chunked body is not.
    if (chunked && declared === undefined) {
      return refuse(req, res, 411, "Length required", "Please send the form again from the page.");
    }
    if (Number(declared) > maxBytes) {
      const tooLarge = () =>
        refuse(
          req,
          res,
          413,
          "This form is too large",
          `A form can hold up to ${limit}. Please go back, shorten what you wrote and send it again.`,
        );
      if (Number(declared) > DISCARD_UP_TO_BYTES) return tooLarge();
      // Read to its end and dropped (never held) before answering: answered while the client is
      // still sending, Node closes the connection and the client can lose the answer to a reset.
      req.on("end", tooLarge);
      req.on("error", () => {});
      req.resume();
      return;
    }
    next();
  };
}
