import { Form, Link, NavLink } from "@remix-run/react";
import { ThemeToggle } from "./theme-toggle.tsx";

export interface HeaderUser {
  name: string;
  email: string;
  role: "candidate" | "employer";
}

const linksFor = (user: HeaderUser | null) =>
  !user
    ? [
        { to: "/how-it-works", label: "How It Works" },
        { to: "/about", label: "About" },
        { to: "/pricing", label: "Pricing" },
      ]
    : user.role === "employer"
      ? [
          { to: "/employer/dashboard", label: "Dashboard" },
          { to: "/employer/jobs/new", label: "Post Job" },
        ]
      : [
          { to: "/candidate/jobs", label: "Browse Jobs" },
          { to: "/candidate/applications", label: "My Applications" },
        ];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
  }`;

export function SiteHeader({ user, theme }: { user: HeaderUser | null; theme: "light" | "dark" | null }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-4 py-3 sm:gap-2 sm:px-6">
        <Link to="/" className="mr-1 flex items-center gap-2 text-lg font-bold sm:mr-2 tracking-tight text-slate-900 dark:text-white">
          <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">H</span>
          Hirewise
        </Link>
        <nav aria-label="Main" className="hidden min-w-0 flex-1 items-center gap-1 sm:flex">
          {linksFor(user).map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex-1 sm:hidden" />
        <MobileMenu user={user} />
        <ThemeToggle theme={theme} />
        {user ? (
          <UserMenu user={user} />
        ) : (
          <div className="flex items-center gap-1">
            <Link to="/auth?mode=signin" className="hidden rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:inline-block dark:text-slate-300 dark:hover:bg-slate-800">
              Sign In
            </Link>
            <Link
              to="/auth?mode=signup&role=employer"
              className="whitespace-nowrap rounded-lg bg-brand-600 px-2.5 py-2 text-sm font-semibold text-white hover:bg-brand-700 sm:px-3"
            >
              Start Free Trial
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}

// Below the sm breakpoint the links fold into a details element: it opens without JavaScript.
function MobileMenu({ user }: { user: HeaderUser | null }) {
  const links = user ? linksFor(user) : [...linksFor(null), { to: "/auth?mode=signin", label: "Sign In" }];
  return (
    <details className="relative sm:hidden">
      <summary className="flex cursor-pointer list-none items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">Menu</span>
      </summary>
      <nav
        aria-label="Main"
        className="absolute right-0 z-40 mt-2 grid w-56 gap-1 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} className={navLinkClass}>
            {link.label}
          </NavLink>
        ))}
      </nav>
    </details>
  );
}

// A details element: opens and closes without JavaScript.
function UserMenu({ user }: { user: HeaderUser }) {
  return (
    <details id="user-menu" className="relative">
      <summary className="flex max-w-48 cursor-pointer list-none items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <span aria-hidden className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
          {user.name.charAt(0).toUpperCase()}
        </span>
        <span className="hidden truncate sm:inline">{user.name}</span>
        <span className="sr-only sm:hidden">{user.name}</span>
      </summary>
      <div className="absolute right-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <p className="truncate px-3 py-2 text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
        <Link to="/account" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
          Account
        </Link>
        <Form method="post" action="/signout">
          <button type="submit" className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            Sign Out
          </button>
        </Form>
      </div>
    </details>
  );
}
