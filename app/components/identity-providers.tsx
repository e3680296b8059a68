// "Continue with {provider}" on /auth, and the page that explains a sign-in with a provider that
// did not work. The controls are plain GET links, not forms: the edge's CSP (form-action 'self')
// would block a form whose answer redirects to the provider, and a Remix <Link> would fetch the
// redirect as data instead of following it.
import { buttonClass } from "#app/components/ui/button.tsx";
import { cardClass } from "#app/components/ui/card.tsx";
import { useTranslation } from "react-i18next";

export function ProviderLinks({
  providers,
  redirectTo,
  plan,
}: {
  providers: { id: string; label: string }[];
  redirectTo?: string;
  plan?: string;
}) {
  const { t } = useTranslation("auth");
  if (!providers.length) return null;
  const params = new URLSearchParams();
  if (redirectTo) params.set("redirect", redirectTo);
  if (plan) params.set("plan", plan);
  const query = params.size ? `?${params}` : "";
  return (
    <div className="grid gap-3">
      {providers.map((p) => (
        <a
          key={p.id}
          href={`/auth/oidc/${p.id}${query}`}
          className={buttonClass({ variant: "secondary", size: "lg", className: "shadow-sm" })}
        >
          {t("continueWith", { provider: p.label })}
        </a>
      ))}
      <p className="flex items-center gap-3 text-sm text-faint before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        {t("orEmail")}
      </p>
    </div>
  );
}

/** A sign-in with a provider that stopped: what happened, and where to go from here. */
export function ProblemPage({ title, message, linking }: { title: string; message: string; linking: boolean }) {
  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className={`grid gap-4 ${cardClass}`}>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p role="alert" className="text-label">
          {message}
        </p>
        <a href={linking ? "/account/sign-in-methods" : "/auth"} className="font-semibold text-brand hover:underline">
          {linking ? "Back to sign-in methods" : "Back to sign in"}
        </a>
      </div>
    </section>
  );
}
