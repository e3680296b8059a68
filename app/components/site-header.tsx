import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ThemeToggle } from "./theme-toggle.tsx";

export interface HeaderUser {
  name: string;
  email: string;
  role: "candidate" | "employer";
}

const linksFor = (user: HeaderUser | null) =>
  !user
    ? [
        { to: "/jobs", label: "Jobs" },
        { to: "/how-it-works", label: "How It Works" },
        { to: "/about", label: "About" },
        { to: "/pricing", label: "Pricing" },
      ]
    : user.role === "employer"
      ? [
          { to: "/employer/dashboard", label: "Dashboard" },
          { to: "/employer/jobs/new", label: "Post Job" },
          { to: "/employer/team", label: "Team" },
        ]
      : [
          { to: "/candidate/jobs", label: "Browse Jobs" },
          { to: "/candidate/applications", label: "My Applications" },
          { to: "/candidate/profile", label: "My Profile" },
          { to: "/candidate/saved", label: "Saved" },
          { to: "/candidate/alerts", label: "Alerts" },
          { to: "/candidate/resumes", label: "My Resumes" },
        ];

// Component classes (app/app.css): every page carries these links twice.
const navLinkClass = ({ isActive }: { isActive: boolean }) => `nav-link ${isActive ? "nav-link-current" : "nav-link-other"}`;

export function SiteHeader({ user, theme }: { user: HeaderUser | null; theme: "light" | "dark" | null }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      {/* relative: the phone menu's panel spans the header's width below it, never off the screen. */}
      <div className="relative mx-auto flex max-w-6xl items-center gap-1 px-4 py-3 sm:gap-2 sm:px-6">
        <Link to="/" className="mr-1 flex shrink-0 items-center gap-2 text-lg font-bold sm:mr-2 tracking-tight text-slate-900 dark:text-white">
          <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">H</span>
          {/* Signed out, below 360 px the mark alone leaves room for the menu, theme and Start Free Trial. */}
          <span className={user ? undefined : "max-[359px]:sr-only"}>Hirewise</span>
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

/**
 * A details menu opens and closes without JavaScript (and a new page starts with it closed); with
 * JavaScript it also closes on Escape (focus back on its button), a click outside and navigation.
 */
function useDismissable() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);
  return ref;
}

// Below the sm breakpoint the links fold into a details element: it opens without JavaScript.
function MobileMenu({ user }: { user: HeaderUser | null }) {
  const links = user ? linksFor(user) : [...linksFor(null), { to: "/auth?mode=signin", label: "Sign In" }];
  const ref = useDismissable();
  return (
    <details ref={ref} id="main-menu" className="sm:hidden">
      <summary className="flex cursor-pointer list-none items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">Menu</span>
      </summary>
      <nav
        aria-label="Main"
        className="absolute inset-x-4 top-full z-40 mt-1 grid gap-1 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
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
  const ref = useDismissable();
  return (
    <details ref={ref} id="user-menu" className="relative">
      <summary className="flex max-w-48 cursor-pointer list-none items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <span aria-hidden className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
          {user.name.charAt(0).toUpperCase()}
        </span>
        <span className="hidden truncate sm:inline">{user.name}</span>
        <span className="sr-only sm:hidden">{user.name}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {/* A long address wraps (at any character) rather than being cut. */}
        <p className="px-3 py-2 text-xs break-all text-slate-600 dark:text-slate-400">{user.email}</p>
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
