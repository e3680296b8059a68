import { Writable } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nFor, isLanguage } from "#locales/index.ts";
import { logger } from "#lib/logger.ts";
import { NonceContext } from "./components/nonce.ts";
import { PageTextContext, type PageText } from "./components/page-text.ts";
import { SharedRenderContext } from "./components/personal-slot.tsx";
import { requestLanguage } from "./i18n.server.ts";

// The web process boots its runtime through this build (see server.ts), so the app and the
// runtime share one copy of every module.
export { boot } from "../boot.ts";
// The edge cache (app/edge-cache.server.ts), from this build for the same reason: its caches, the
// board's listener and the replica's monitor are the ones the app's loaders use.
export { edgeCache } from "./edge-cache.server.ts";

const ABORT_DELAY = 5_000;

/**
 * The page's bytes in one buffer, without NUL bytes, handed to `done` once React has written them
 * all. One buffer: React's stream is hundreds of 2 KiB chunks, and each went on its own through
 * the web stream, the response and the compressor. No NULs: React 18's Node renderer
 * (writeStringChunk) fills 2,048-byte views with TextEncoder.encodeInto; when a multi-byte
 * character doesn't fit the view's last one or two bytes, it sends the whole view, unused zero
 * bytes included. So a page with non-ASCII text ("·", names in other scripts) got stray NULs where
 * its characters crossed a view's end, in the markup and in the loader data's script (where they
 * corrupt a string or the JSON). UTF-8 has a zero byte only for NUL itself, which no page carries
 * on purpose (forms refuse it, decision 023, and JSON escapes it), so dropping every zero byte
 * gives the bytes React meant.
 */
const wholePage = (done: (body: Uint8Array) => void) => {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, next) {
      chunks.push(chunk);
      next();
    },
    final(next) {
      const page = Buffer.concat(chunks);
      done(page.includes(0) ? page.filter((byte) => byte !== 0) : page);
      next();
    },
  });
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    requestId: string;
    clientIp: string;
    cspNonce: string;
    /**
     * What a page request's HTML says and its loader data leaves out (the search results' faces:
     * words, logo, badges; app/components/page-text.ts); absent for `.data` answers, which carry them.
     */
    pageText?: PageText;
  }
}

/** The request's path and query, as the request log line shows them. */
const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/**
 * A loader's or action's exception, to the log operators read: one JSON line with the request id
 * (the X-Request-Id the response carries) and the URL. A browser that went away is no fault of
 * ours and is not logged. Refusals a route answers (404, 403, 409) are responses, not errors, and
 * never get here.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs): void {
  if (request.signal.aborted) return;
  // Remix wraps some of its own errors (a 405, a missing action) in an error response.
  const cause =
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  logger.error(
    { err: cause, reqId: context?.requestId, method: request.method, url: pathOf(request) },
    "request failed",
  );
}

// Pages are rendered completely before sending (no out-of-order streaming): every page must be
// whole without JavaScript, and none of ours defers data.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
  // The root loader chose the page's language (app/i18n.server.ts); when it failed, the request's.
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { locale?: unknown } | undefined;
  const language = isLanguage(rootData?.locale) ? rootData.locale : await requestLanguage(request);
  const i18n = i18nFor(language);
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    // The abort timer's callback holds React's render (the whole tree, the loader data and the
    // response) until it fires. It is cleared as soon as the render settles, one way or the
    // other, so a page is garbage once it is sent instead of 5 s later: under load those 5 s of
    // finished renders were hundreds of megabytes.
    let settled = false;
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      settled = true;
      clearTimeout(abortTimer);
      abortTimer = undefined;
    };
    try {
      const { pipe, abort } = renderToPipeableStream(
        <I18nextProvider i18n={i18n}>
          <NonceContext.Provider value={nonce}>
            <PageTextContext.Provider value={loadContext?.pageText ?? null}>
              {/* A shared render (decision 059) collects its personal slots. */}
              <SharedRenderContext.Provider value={loadContext?.sharedRender?.holes ?? null}>
                <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
              </SharedRenderContext.Provider>
            </PageTextContext.Provider>
          </NonceContext.Provider>
        </I18nextProvider>,
        {
          nonce,
          onAllReady() {
            settle();
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            // A page without a chosen language is in the one Accept-Language prefers.
            responseHeaders.append("Vary", "Accept-Language");
            pipe(
              wholePage((body) =>
                resolve(
                  new Response(body as Uint8Array<ArrayBuffer>, {
                    headers: responseHeaders,
                    status: failed ? 500 : responseStatusCode,
                  }),
                ),
              ),
            );
          },
          onShellError(error: unknown) {
            settle();
            reject(error);
          },
          onError(error: unknown) {
            // Not the end of the render: React goes on to onAllReady (the boundary renders on the
            // client) or onShellError, which settle it.
            failed = true;
            if (!request.signal.aborted)
              logger.error(
                { err: error, reqId: loadContext?.requestId, method: request.method, url: pathOf(request) },
                "page render failed",
              );
          },
        },
      );
      // Never armed after the render has already settled (a timer nothing would clear).
      if (!settled) abortTimer = setTimeout(abort, ABORT_DELAY);
    } catch (error) {
      settle();
      reject(error);
    }
  });
}
