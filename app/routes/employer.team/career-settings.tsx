// The team page's career page settings (owners): the page's address, about text and website, and
// the snippets that put the company's jobs on its own site (a framed list, or a script). Without
// JavaScript the snippets are read-only text areas to select and copy.
import { Form } from "@remix-run/react";
import { Field, SubmitButton, TextAreaField } from "#app/components/forms.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { labelClass } from "#app/components/ui/field.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";

export interface CareerSettingsData {
  slug: string;
  about: string;
  website: string;
  origin: string;
}

interface Answer {
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

export function CareerSettings({ career, answer }: { career: CareerSettingsData; answer: Answer | undefined }) {
  const page = `${career.origin}/companies/${career.slug}`;
  return (
    <Card as="section" aria-labelledby="career-heading">
      <h2 id="career-heading" className="text-lg font-semibold">
        Career page
      </h2>
      <p className="mt-1 text-sm text-body">
        Your open jobs on one public page:{" "}
        <a href={`/companies/${career.slug}`} className={`${smallTextLink} break-all`}>
          {page}
        </a>
      </p>
      <Form method="post" action="/employer/team" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="career" />
        <Field
          label="Page address"
          hint={`${career.origin}/companies/… · 3 to 60 lowercase letters, digits and hyphens. The old address keeps leading to the new one.`}
          errors={answer?.fieldErrors.slug}
          inputProps={{
            id: "career-slug",
            name: "slug",
            defaultValue: answer?.values.slug ?? career.slug,
            maxLength: 60,
            autoCapitalize: "none",
            spellCheck: false,
          }}
        />
        <TextAreaField
          id="career-about"
          name="about"
          label="About the company"
          hint="Plain text, up to 1,000 characters."
          rows={4}
          defaultValue={answer?.values.about ?? career.about}
          errors={answer?.fieldErrors.about}
        />
        <Field
          label="Website"
          errors={answer?.fieldErrors.website}
          inputProps={{
            id: "career-website",
            name: "website",
            type: "url",
            placeholder: "https://",
            defaultValue: answer?.values.website ?? career.website,
            maxLength: 300,
          }}
        />
        <SubmitButton pendingLabel="Saving…">Save career page</SubmitButton>
      </Form>
      <h3 className="mt-6 font-semibold">Your jobs on your own site</h3>
      <p className="mt-1 text-sm text-body">
        Copy one of these into your site's HTML. Both list your open jobs and stay up to date; each job opens here.
      </p>
      <Snippet
        id="embed-frame"
        label="A framed list (works without JavaScript)"
        code={`<iframe src="${page}/embed" title="Open jobs" style="width:100%;height:480px;border:0" loading="lazy"></iframe>`}
      />
      <Snippet
        id="embed-script"
        label="A script that writes the list into your page (style it with your own CSS)"
        code={`<div id="hirewise-jobs"></div>\n<script src="${career.origin}/hirewise-jobs.js" data-company="${career.slug}" async></script>`}
      />
      <p className="mt-3 text-sm text-body">
        The same jobs as data:{" "}
        <a href={`/companies/${career.slug}/jobs.json`} className={`${smallTextLink} break-all`}>
          {page}/jobs.json
        </a>
      </p>
    </Card>
  );
}

function Snippet({ id, label, code }: { id: string; label: string; code: string }) {
  return (
    <div className="mt-4">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={4}
        value={code}
        className="mt-1 w-full rounded-lg border border-field bg-tint p-3 font-mono text-xs text-ink"
      />
    </div>
  );
}
