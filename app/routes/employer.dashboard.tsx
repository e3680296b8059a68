import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "#modules/identity/index.ts";
import { formatDate } from "#lib/dates.ts";

export const meta: MetaFunction = () => [{ title: "Dashboard · Hirewise" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "employer");
  return {
    name: user.fullName ?? user.email,
    companyName: user.companyName,
    memberSince: formatDate(user.createdAt),
  };
}

export default function EmployerDashboard() {
  const { name, companyName, memberSince } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Welcome, {name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {companyName ? `Hiring for ${companyName}. ` : ""}Member since {memberSince}.
      </p>
    </section>
  );
}
