// /jobs/{id}/apply: Apply Now on the public search's cards. A short link (the page carries 20 of
// them) that sends a visitor to sign up as a candidate and then to the job's application; someone
// already signed in goes straight there. A plain redirect: it works without JavaScript.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { currentUser } from "#modules/identity/index.server.ts";
import { applyPath, signUpThen } from "#app/job-links.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const path = applyPath(params.id ?? "");
  return redirect((await currentUser(request)) ? path : signUpThen(path));
}
