// /talent-pool/{signed token}: the link in the email a candidate gets 30 days before a company's
// retention period anonymises their application (decision 089). Works signed out: the signed token
// is the authority. GET shows what would be kept and a button (mail scanners fetch links and must
// not keep anyone); POST keeps the candidate's closed applications to that company for another period.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { keepInTalentPool, talentPoolOffer } from "#modules/applications/index.server.ts";
import { Card } from "#app/components/job-bits.tsx";
import { SubmitButton } from "#app/components/forms.tsx";
import { LinkNotValid } from "#app/components/link-not-valid.tsx";

export const meta: MetaFunction = () => [
  { title: "Stay in the talent pool · Hirewise" },
  { name: "robots", content: "noindex" },
];

const INVALID =
  "This link is not valid, or the application it was for has already been removed. Open the link from the email again.";

export async function loader({ params }: LoaderFunctionArgs) {
  const offer = await talentPoolOffer(params.token ?? "");
  if (!offer) throw data({ message: INVALID }, { status: 404 });
  return offer;
}

export async function action({ params }: ActionFunctionArgs) {
  const kept = await keepInTalentPool(params.token ?? "");
  if (!kept) throw data({ message: INVALID }, { status: 404 });
  return kept;
}

export default function TalentPool() {
  const offer = useLoaderData<typeof loader>();
  const kept = useActionData<typeof action>();
  const jobs = offer.jobTitles.join(", ");
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">
          {kept ? `You're in ${offer.companyName}'s talent pool` : `Stay in ${offer.companyName}'s talent pool?`}
        </h1>
        {kept ? (
          <p className="mt-3 text-soft" role="status">
            {offer.companyName} keeps your application{offer.jobTitles.length === 1 ? "" : "s"} ({jobs}) until{" "}
            {kept.until}. We&apos;ll email you again before then.
          </p>
        ) : (
          <>
            <p className="mt-3 text-soft">
              {offer.due
                ? `On ${offer.due} your application${offer.jobTitles.length === 1 ? "" : "s"} (${jobs}) will be anonymised: your answers, resume, messages and the team's notes about you are removed.`
                : `Your application${offer.jobTitles.length === 1 ? "" : "s"} to ${offer.companyName} will be anonymised some time after the job closes.`}{" "}
              Staying keeps them for another {offer.months} months, so {offer.companyName} can consider you for future
              roles.
            </p>
            <Form method="post" className="mt-5">
              <SubmitButton pendingLabel="Saving…">Keep me in the talent pool</SubmitButton>
            </Form>
          </>
        )}
        <p className="mt-6 text-sm text-muted">
          To do nothing, close this page. Your Hirewise account is not affected either way.
        </p>
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  return <LinkNotValid message={INVALID} />;
}
