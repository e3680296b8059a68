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
          className="flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-center font-semibold text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {`Continue with ${p.label}`}
        </a>
      ))}
      <p className="flex items-center gap-3 text-sm text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:text-slate-400 dark:before:bg-slate-700 dark:after:bg-slate-700">
        or use your email
      </p>
    </div>
  );
}

/** A sign-in with a provider that stopped: what happened, and where to go from here. */
export function ProblemPage({ title, message, linking }: { title: string; message: string; linking: boolean }) {
  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p role="alert" className="text-slate-700 dark:text-slate-200">
          {message}
        </p>
        <a
          href={linking ? "/account/sign-in-methods" : "/auth"}
          className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          {linking ? "Back to sign-in methods" : "Back to sign in"}
        </a>
      </div>
    </section>
  );
}
