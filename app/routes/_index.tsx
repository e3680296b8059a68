import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Hirewise · Hire on skills, not keywords" }];

export default function Landing() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Hire on skills, not keywords</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-400">
        Post a job with screening questions, review answers side by side, and shortlist the right people faster.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/auth?mode=signup&role=employer" className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Start Free Trial
        </Link>
        <Link to="/pricing" className="rounded-lg border border-slate-300 px-5 py-3 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900">
          See pricing
        </Link>
      </div>
    </section>
  );
}
