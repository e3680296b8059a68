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

// Component classes (app/app.css), one per link: every page carries these links twice.
const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-current" : "nav-other");

export function SiteHeader({ user, theme }: { user: HeaderUser | null; theme: "light" | "dark" | null }) {
  return (
    // Component classes (app/app.css): the header is on every page. Its bar is relative: the phone
    // menu's panel spans the header's width below it, never off the screen.
    <header className="site-header">
      <div>
        <Link to="/" className="site-logo">
          <span aria-hidden>H</span>
          {/* Signed out, below 360 px the mark alone leaves room for the menu, theme and Start Free Trial. */}
          <span className={user ? undefined : "max-[359px]:sr-only"}>Hirewise</span>
        </Link>
        <nav aria-label="Main" className="site-nav">
          {linksFor(user).map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <MobileMenu user={user} />
        <ThemeToggle theme={theme} />
        {user ? (
          <UserMenu user={user} />
        ) : (
          <div className="site-account">
            <Link to="/auth?mode=signin" className="site-sign-in">
              Sign In
            </Link>
            <Link to="/auth?mode=signup&role=employer" className="site-trial">
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
    <details ref={ref} id="main-menu">
      <summary>
        <svg aria-hidden viewBox="0 0 24 24" className="icon">
          <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">Menu</span>
      </summary>
      <nav aria-label="Main">
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
      <summary className="flex max-w-48 cursor-pointer list-none items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-label hover:bg-shade [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden
          className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-bold dark:bg-brand-900"
        >
          {user.name.charAt(0).toUpperCase()}
        </span>
        <span className="hidden truncate sm:inline">{user.name}</span>
        <span className="sr-only sm:hidden">{user.name}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-surface p-2 shadow-lg">
        {/* A long address wraps (at any character) rather than being cut. */}
        <p className="px-3 py-2 text-xs break-all text-muted">{user.email}</p>
        <Link to="/account" className="block rounded-lg px-3 py-2 text-sm hover:bg-shade">
          Account
        </Link>
        <Form method="post" action="/signout">
          <button type="submit" className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-shade">
            Sign Out
          </button>
        </Form>
      </div>
    </details>
  );
}
