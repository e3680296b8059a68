// /employer/scorecard: the company's default scorecard (issue 34 item 1), the attributes each new
// job's scorecard starts from. Owners edit it in one form (a cleared row is dropped); the team
// reads it. Works without JavaScript: Save is a plain POST, and a refusal keeps every row typed.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import { companyScorecard, saveCompanyScorecard } from "#modules/hiring/index.server.ts";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { respondToModuleError } from "#app/module-errors.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { attributeRowsOf } from "#app/scorecard-rows.server.ts";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { CompanyAttributesForm, type AttributesAnswer } from "#app/components/scorecard-attributes-form.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { SCORECARD_GROUP_LABELS } from "#modules/hiring/browser.ts";
import { smallTextLink } from "#app/components/ui/styles.ts";

export const meta: MetaFunction = () => [{ title: "Default scorecard · Hirewise" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  return { scorecard: await companyScorecard(member) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const { form, unstorable } = await readTextForm(request);
  const rows = attributeRowsOf(form);
  const answer = (errors: Record<string, string[]>, status = 400) =>
    data<AttributesAnswer>({ rows, errors }, { status });
  if (unstorable.length) return answer(Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_FIELD]])));
  try {
    await saveCompanyScorecard(member, rows);
  } catch (error) {
    return respondToModuleError(error, {
      notFound: "That page could not be found.",
      refused: (refusal, status) =>
        answer(
          Object.keys(refusal.fieldErrors).length
            ? (refusal.fieldErrors as Record<string, string[]>)
            : { rows: [refusal.message] },
          status,
        ),
    });
  }
  return redirectWithNotice("/employer/scorecard", "The default scorecard is saved. New jobs start from it.");
}

export default function CompanyScorecardPage() {
  const { scorecard } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6" aria-labelledby="page-heading">
      <div>
        <Link to="/employer/team" className={smallTextLink}>
          ← Team
        </Link>
        <h1 id="page-heading" className="mt-2 text-2xl font-bold">
          Default scorecard
        </h1>
      </div>
      <FlashNotice />
      {scorecard.mayEdit ? (
        <CompanyAttributesForm scorecard={scorecard} answer={answer && "rows" in answer ? answer : null} />
      ) : (
        <Card as="section" aria-label="Default scorecard">
          <p className="text-muted">Each new job&apos;s scorecard starts from these. Owners change them.</p>
          <ul className="mt-4 grid gap-3">
            {scorecard.attributes.map((a) => (
              <li key={a.name}>
                <p className="font-medium [overflow-wrap:anywhere]">
                  {a.name} <Badge>{SCORECARD_GROUP_LABELS[a.group]}</Badge>
                </p>
                <p className="text-sm text-soft">{a.guidance}</p>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
