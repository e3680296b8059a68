// "Continue with {provider}" on /auth, and the page that explains a sign-in with a provider that
// did not work. The controls are plain GET links, not forms: the edge's CSP (form-action 'self')
// would block a form whose answer redirects to the provider, and a Remix <Link> would fetch the
// redirect as data instead of following it.
export function ProviderLinks({
  providers,
  redirectTo,
  plan,
}: {
  providers: { id: string; label: string }[];
  redirectTo?: string;
  plan?: string;
}) {
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
          className="flex items-center justify-center rounded-lg border border-field bg-surface px-4 py-2.5 text-center font-semibold text-slate-800 shadow-sm hover:bg-tint dark:text-slate-100"
        >
          {`Continue with ${p.label}`}
        </a>
      ))}
      <p className="flex items-center gap-3 text-sm text-slate-500 before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line dark:text-slate-400">
        or use your email
      </p>
    </div>
  );
}

/** A sign-in with a provider that stopped: what happened, and where to go from here. */
export function ProblemPage({ title, message, linking }: { title: string; message: string; linking: boolean }) {
  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="grid gap-4 rounded-2xl border border-subtle bg-surface p-6 shadow-sm">
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
