// POST /billing/webhook: Stripe's events (decision 056). The body is read raw, as the signature is
// over its exact bytes; the edge lets this path through its origin check (lib/http/same-origin.ts:
// Stripe sends no Origin, and the signature is the authority) and caps it like every body (2 MiB,
// declared length); events are a few KB, so past 512 KB it is refused here. Bad signature or old
// timestamp: 400. Unknown event types or customers: 200, ignored and logged. Never a 500 for
// Stripe's input: anything else that fails is a bug of ours, and Stripe retries it.
import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveWebhook } from "#modules/billing-plans/index.server.ts";

const MAX_EVENT_BYTES = 512 * 1024;

export function loader() {
  return new Response("Not found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_EVENT_BYTES)
    return new Response("Too large", { status: 413 });
  const body = Buffer.from(await request.arrayBuffer());
  if (body.byteLength > MAX_EVENT_BYTES) return new Response("Too large", { status: 413 });
  const answer = await receiveWebhook(body, request.headers.get("stripe-signature"));
  return Response.json({ received: answer.status === 200, outcome: answer.message }, { status: answer.status });
}
