// A quota used up (lib/quotas.ts), as the web answers it: 429 with Retry-After, and a message that
// says when to try again. Pages show the message in their form, keeping what was typed; routes
// that render no page (downloads) answer a small page of their own.
import type { HeadersFunction } from "@remix-run/node";
import { QuotaExceededError } from "#lib/quotas.ts";

export { QuotaExceededError };

/** The Retry-After header for a refused request. */
export const retryAfter = (error: QuotaExceededError): Record<string, string> => ({
  "Retry-After": String(error.retryAfterSeconds),
});

/**
 * A route's `headers` export for pages that may answer 429: Remix sends the headers an action or
 * loader gave (other than cookies) only through this export, for pages and `.data` alike.
 */
export const headers: HeadersFunction = ({ parentHeaders, actionHeaders, loaderHeaders, errorHeaders }) => {
  const merged = new Headers(parentHeaders);
  const retry =
    errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retry) merged.set("Retry-After", retry);
  return merged;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `work`'s result; past a quota, a thrown 429 page with Retry-After, the message and a link back
 * (for resource routes, which have no page of their own to show it in).
 */
export async function orQuotaPage<T>(work: Promise<T>, back: { href: string; label: string }): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error;
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Try again later · Hirewise</title></head>
<body><main><h1>Try again later</h1><p>${escapeHtml(error.message)}</p><p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p></main></body></html>`;
    throw new Response(html, {
      status: 429,
      headers: {
        ...retryAfter(error),
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
}
