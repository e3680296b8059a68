// /feeds/indeed.xml: every open board job in Indeed's XML format (modules/feeds/indeed.ts), streamed
// as it is read, a page of jobs at a time. Public and cacheable by a CDN (s-maxage, as the board's
// pages) with a strong ETag and Last-Modified taken from the jobs themselves, so a revalidation
// costs one query and a 304; any publish, edit, close or expiry changes both.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { indeedFeed, indeedFeedVersion } from "#modules/feeds/index.server.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { PUBLIC_CACHE_CONTROL, readFromReplica } from "#lib/http/edge-cache/index.ts";
import { now } from "#lib/clock.ts";

const matches = (header: string | null, etag: string) =>
  Boolean(header) && header!.split(",").some((tag) => [etag, "*"].includes(tag.trim().replace(/^W\//, "")));

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin();
  const at = now();
  const version = await readFromReplica(() => indeedFeedVersion(origin, at));
  const headers = {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": PUBLIC_CACHE_CONTROL,
    ETag: version.etag,
    "Last-Modified": version.lastModified.toUTCString(),
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  const ifModifiedSince = Date.parse(request.headers.get("if-modified-since") ?? "");
  // If-None-Match decides when sent (RFC 9110 §13.2.2); a job deleted outright changes only the ETag.
  if (ifNoneMatch ? matches(ifNoneMatch, version.etag) : ifModifiedSince >= version.lastModified.getTime()) {
    return new Response(null, { status: 304, headers });
  }
  const pieces = indeedFeed({ origin, at, version, read: readFromReplica });
  const encoder = new TextEncoder();
  // Pulled piece by piece: the next page of jobs is read only when the client has taken the last.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return new Response(body, { status: 200, headers });
}
