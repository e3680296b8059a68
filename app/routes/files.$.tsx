// /files/<key>: stored files that anyone may see. Only company logos and candidates' photos are
// public (a photo's key carries 16 random hex digits, so it cannot be guessed from the account);
// other prefixes (resumes) answer 404 here even when the file exists, and get their own guarded routes.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isValidKey, storage } from "#lib/storage.ts";

const PUBLIC_PREFIXES = ["logos/", "avatars/"];

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!isValidKey(key) || !PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))) throw notFound();
  const file = await storage().get(key);
  if (!file) throw notFound();
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.byteLength),
      // Every upload gets a new key, so a stored file never changes under its address.
      "Cache-Control": "public, max-age=31536000, immutable",
      // X-Content-Type-Options: nosniff comes from helmet (server.ts) on every response; setting
      // it here too would send it twice ("nosniff, nosniff").
    },
  });
}
