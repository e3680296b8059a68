import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./components/nonce.ts";

// The web process boots its runtime through this build (see server.ts), so the app and the
// runtime share one copy of every module.
export { boot } from "../boot.ts";

const ABORT_DELAY = 5_000;

declare module "@remix-run/node" {
  interface AppLoadContext {
    requestId: string;
    clientIp: string;
    cspNonce: string;
  }
}

// Pages are rendered completely before sending (no out-of-order streaming): every page must be
// whole without JavaScript, and none of ours defers data.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
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
        <NonceContext.Provider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceContext.Provider>,
        {
          nonce,
          onAllReady() {
            settle();
            const body = new PassThrough();
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: failed ? 500 : responseStatusCode,
              }),
            );
            pipe(body);
          },
          onShellError(error: unknown) {
            settle();
            reject(error);
          },
          onError(error: unknown) {
            // Not the end of the render: React goes on to onAllReady (the boundary renders on the
            // client) or onShellError, which settle it.
            failed = true;
            console.error(error);
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
