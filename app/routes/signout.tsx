import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutResponse } from "#modules/identity/index.server.ts";

// Signing out is a POST (a link could be prefetched or forged); it revokes the session row.
export function action({ request }: ActionFunctionArgs) {
  return signOutResponse(request, "/");
}

export function loader() {
  return redirect("/");
}
