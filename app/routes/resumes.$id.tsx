// /resumes/{id}: a resume, for the candidate who uploaded it and the employers of the jobs it was
// sent to; everyone else gets 404, as if it did not exist. ?download=1 saves it instead of showing it.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "#modules/identity/index.server.ts";
import { readableResume } from "#modules/applications/index.server.ts";
import { storedPdfResponse } from "#lib/http-files.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const resume = await readableResume({ id: user.id, role: user.role }, params.id ?? "");
  const download = new URL(request.url).searchParams.get("download") === "1";
  const response =
    resume &&
    (await storedPdfResponse(resume.storageKey, {
      filename: resume.name,
      disposition: download ? "attachment" : "inline",
    }));
  if (!response) throw data({ message: "Not found" }, { status: 404 });
  return response;
}
