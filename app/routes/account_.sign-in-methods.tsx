// /account/sign-in-methods: the providers connected to the account (with the date), Connect for
// the configured ones it is not connected to, and Unlink, which is refused for the last way in.
// Works without JavaScript: Connect is a GET link to the provider, Unlink a POST with an intent.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountError, isIdentityProvider, providerLabel, requireUser, signInMethods, unlinkProvider } from "#modules/identity/index.server.ts";
import { ErrorBox, Notice } from "#app/components/forms.tsx";
import { formatDate } from "#lib/dates.ts";
import { readTextForm } from "#lib/forms.ts";

export const meta: MetaFunction = () => [{ title: "Sign-in methods · Hirewise" }];

function notice(params: URLSearchParams): string | null {
  const connected = params.get("connected");
  if (connected && isIdentityProvider(connected)) return `${providerLabel(connected)} is connected. You can now sign in with it.`;
  const unlinked = params.get("unlinked");
  if (unlinked && isIdentityProvider(unlinked)) return `${providerLabel(unlinked)} is unlinked. You can no longer sign in with it.`;
  if (unlinked) return "The provider is unlinked.";
  return null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const methods = await signInMethods(user.id);
  return {
    ...methods,
    links: methods.links.map((l) => ({ ...l, connectedOn: formatDate(l.createdAt) })),
    notice: notice(new URL(request.url).searchParams),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { form } = await readTextForm(request);
  if (form.get("intent") !== "unlink") return data({ error: "Unknown action." }, { status: 400 });
  try {
    const provider = await unlinkProvider(user.id, String(form.get("link") ?? ""));
    if (provider === null) throw new Response("Not found", { status: 404 });
    return redirect(`/account/sign-in-methods?unlinked=${encodeURIComponent(provider)}`);
  } catch (error) {
    if (error instanceof AccountError) return data({ error: error.message }, { status: 400 });
    throw error;
  }
}

const card = "grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900";

export default function SignInMethods() {
  const methods = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div>
        <Link to="/account" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          ← Account
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Sign-in methods</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {methods.hasPassword
            ? "You can sign in with your email and password, or with a connected provider."
            : "Your account has no password: you sign in with a connected provider."}
        </p>
      </div>
      {methods.notice ? <Notice>{methods.notice}</Notice> : null}
      <ErrorBox errors={actionData?.error ? [actionData.error] : undefined} />

      <section aria-labelledby="connected-heading" className={card}>
        <h2 id="connected-heading" className="text-lg font-semibold">
          Connected providers
        </h2>
        {methods.links.length ? (
          <ul className="grid gap-3">
            {methods.links.map((link) => (
              <li key={link.id} className="flex items-center justify-between gap-3 border-b border-slate-100 pb-3 last:border-0 last:pb-0 dark:border-slate-800">
                <div className="min-w-0">
                  <p className="font-semibold">{link.label}</p>
                  <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
                    {link.email ? `${link.email} · ` : ""}connected {link.connectedOn}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="link" value={link.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="unlink"
                    aria-label={`Unlink ${link.label}`}
                    className="shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
                  >
                    Unlink
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600 dark:text-slate-400">No provider is connected.</p>
        )}
      </section>

      {methods.available.length ? (
        <section aria-labelledby="connect-heading" className={card}>
          <h2 id="connect-heading" className="text-lg font-semibold">
            Connect a provider
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Connect one to sign in with it next time.</p>
          <div className="flex flex-wrap gap-3">
            {methods.available.map((p) => (
              // A GET link, not a form: the answer redirects to the provider (see identity-providers.tsx).
              <a
                key={p.id}
                href={`/auth/oidc/${p.id}?intent=link`}
                className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {`Connect ${p.label}`}
              </a>
            ))}
          </div>
        </section>
      ) : null}
    </section>
  );
}
