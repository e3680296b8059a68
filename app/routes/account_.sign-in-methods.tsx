// /account/sign-in-methods: the providers connected to the account (with the date), Connect for
// the configured ones it is not connected to, and Unlink, which is refused for the last way in.
// Both ask again who you are first: one form holds the shared ConfirmIdentity part, and each
// Connect or Unlink button posts it with its own value. Connect answers with the redirect to the
// provider, so that form is sent as a document, with JavaScript or without.
import { smallTextLink } from "#app/components/ui/styles.ts";
import { randomUUID } from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  AccountError,
  isIdentityProvider,
  ProviderSignInError,
  providerLabel,
  requireUser,
  signInMethods,
  startProviderLink,
  TooManySignIns,
  unlinkProvider,
} from "#modules/identity/index.server.ts";
import { confirmationFrom, identityCheckView } from "#app/step-up.server.ts";
import { ConfirmIdentity } from "#app/components/confirm-identity.tsx";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { ErrorBox } from "#app/components/forms.tsx";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { redirectWithNotice } from "#app/flash.server.ts";
import { formatDate } from "#lib/dates.ts";
import { readTextForm } from "#lib/forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cardClass } from "#app/components/ui/card.tsx";

export const meta: MetaFunction = () => [{ title: "Sign-in methods · Hirewise" }];
export { headers } from "#app/quotas.server.ts";

const PATH = "/account/sign-in-methods";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const methods = await signInMethods(user.id);
  return {
    ...methods,
    links: methods.links.map((l) => ({ ...l, connectedOn: formatDate(l.createdAt) })),
    confirm: await identityCheckView(request, user, PATH),
  };
}

// `submission` differs on every answer, so the password and code inputs are remounted empty.
type Refusal = { error?: string; errors: { password?: string[]; code?: string[] }; submission: string };
const refuse = (answer: Omit<Refusal, "submission">, init: ResponseInit = { status: 400 }) =>
  data<Refusal>({ ...answer, submission: randomUUID() }, init);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { form, unstorable } = await readTextForm(request);
  if (unstorable.length)
    return refuse({
      errors: Object.fromEntries(
        unstorable.map((f) => [f, ["Enter it again: it contained characters we can't read."]]),
      ),
    });
  const unlink = form.get("unlink");
  const connect = form.get("connect");
  const proof = await confirmationFrom(request, form, context.clientIp);
  try {
    if (typeof unlink === "string") {
      const provider = await unlinkProvider(user.id, unlink, proof);
      if (provider === null) throw new Response("Not found", { status: 404 });
      return redirectWithNotice(
        PATH,
        isIdentityProvider(provider)
          ? `${providerLabel(provider)} is unlinked. You can no longer sign in with it.`
          : "The provider is unlinked.",
      );
    }
    if (typeof connect === "string" && isIdentityProvider(connect))
      return await startProviderLink(request, connect, proof);
  } catch (error) {
    if (error instanceof Response) throw error; // the redirect to the provider, or the 404
    if (error instanceof TooManySignIns)
      return refuse(
        { error: error.message, errors: {} },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    if (error instanceof QuotaExceededError)
      return refuse({ error: error.message, errors: {} }, { status: 429, headers: retryAfter(error) });
    if (error instanceof ProviderSignInError)
      return refuse(
        {
          error: `We could not reach ${providerLabel(String(connect))} just now. Try again in a few minutes.`,
          errors: {},
        },
        { status: 502 },
      );
    if (error instanceof AccountError) {
      return refuse(
        error.field === "password" || error.field === "code"
          ? { errors: { [error.field]: [error.message] } }
          : { error: error.message, errors: {} },
      );
    }
    throw error;
  }
  return refuse({ error: "Unknown action.", errors: {} });
}

const card = `grid gap-4 ${cardClass}`;

export default function SignInMethods() {
  const methods = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const anything = methods.links.length > 0 || methods.available.length > 0;
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div>
        <Link to="/account" className={smallTextLink}>
          ← Account
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Sign-in methods</h1>
        <p className="mt-2 text-muted">
          {methods.hasPassword
            ? "You can sign in with your email and password, or with a connected provider."
            : "Your account has no password: you sign in with a connected provider."}
        </p>
      </div>
      <FlashNotice />
      <ErrorBox errors={actionData?.error ? [actionData.error] : undefined} />

      {/* One form: the buttons below post it, each with its own value. */}
      <Form method="post" reloadDocument id="methods-form" className="contents">
        {anything ? (
          <section aria-labelledby="confirm-heading" className={card}>
            <h2 id="confirm-heading" className="text-lg font-semibold">
              Confirm it's you
            </h2>
            <p className="text-sm text-muted">Connecting or unlinking a provider asks for this first.</p>
            <ConfirmIdentity
              check={methods.confirm}
              idPrefix="methods"
              errors={actionData?.errors ?? {}}
              resetKey={actionData?.submission ?? "first"}
            />
          </section>
        ) : null}

        <section aria-labelledby="connected-heading" className={card}>
          <h2 id="connected-heading" className="text-lg font-semibold">
            Connected providers
          </h2>
          {methods.links.length ? (
            <ul className="grid gap-3">
              {methods.links.map((link) => (
                <li
                  key={link.id}
                  className="flex items-center justify-between gap-3 border-b border-hairline pb-3 last:border-0 last:pb-0"
                >
                  <div className="min-w-0">
                    <p className="font-semibold">{link.label}</p>
                    <p className="text-sm text-muted [overflow-wrap:anywhere]">
                      {link.email ? `${link.email} · ` : ""}connected {link.connectedOn}
                    </p>
                  </div>
                  <button
                    type="submit"
                    name="unlink"
                    value={link.id}
                    aria-label={`Unlink ${link.label}`}
                    className="shrink-0 rounded-lg border border-field px-3 py-1.5 text-sm font-semibold text-label hover:bg-tint"
                  >
                    Unlink
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">No provider is connected.</p>
          )}
        </section>

        {methods.available.length ? (
          <section aria-labelledby="connect-heading" className={card}>
            <h2 id="connect-heading" className="text-lg font-semibold">
              Connect a provider
            </h2>
            <p className="text-sm text-muted">Connect one to sign in with it next time.</p>
            <div className="flex flex-wrap gap-3">
              {methods.available.map((p) => (
                <Button
                  key={p.id}
                  type="submit"
                  name="connect"
                  value={p.id}
                  variant="secondary"
                  size="lg"
                  className="shadow-sm"
                >
                  {`Connect ${p.label}`}
                </Button>
              ))}
            </div>
          </section>
        ) : null}
      </Form>
    </section>
  );
}
