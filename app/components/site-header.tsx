import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ThemeToggle } from "./theme-toggle.tsx";

export interface HeaderUser {
  name: string;
  email: string;
  role: "candidate" | "employer";
}

const linksFor = (user: HeaderUser | null) =>
  !user
    ? [
        { to: "/jobs", label: "nav.jobs" },
        { to: "/how-it-works", label: "nav.howItWorks" },
        { to: "/about", label: "nav.about" },
        { to: "/pricing", label: "nav.pricing" },
      ]
    : user.role === "employer"
      ? [
          { to: "/employer/dashboard", label: "nav.dashboard" },
          { to: "/employer/jobs/new", label: "nav.postJob" },
          { to: "/employer/team", label: "nav.team" },
        ]
      : [
          { to: "/candidate/jobs", label: "nav.browseJobs" },
          { to: "/candidate/applications", label: "nav.myApplications" },
          { to: "/candidate/profile", label: "nav.myProfile" },
          { to: "/candidate/saved", label: "nav.saved" },
          { to: "/candidate/alerts", label: "nav.alerts" },
          { to: "/candidate/resumes", label: "nav.myResumes" },
        ];

// Labels are catalogue keys (common namespace), translated where the links render.
// Component classes (app/app.css), one per link: every page carries these links twice.
const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-current" : "nav-other");

export function SiteHeader({ user, theme }: { user: HeaderUser | null; theme: "light" | "dark" | null }) {
  const { t } = useTranslation();
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
        <nav aria-label={t("nav.main")} className="site-nav">
          {linksFor(user).map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {t(link.label)}
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
              {t("nav.signIn")}
            </Link>
            <Link to="/auth?mode=signup&role=employer" className="site-trial">
              {t("nav.startTrial")}
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
  const links = user ? linksFor(user) : [...linksFor(null), { to: "/auth?mode=signin", label: "nav.signIn" }];
  const ref = useDismissable();
  const { t } = useTranslation();
  return (
    <details ref={ref} id="main-menu">
      <summary>
        <svg aria-hidden viewBox="0 0 24 24" className="icon">
          <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">{t("menu")}</span>
      </summary>
      <nav aria-label={t("nav.main")}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} className={navLinkClass}>
            {t(link.label)}
          </NavLink>
        ))}
      </nav>
    </details>
  );
}

// A details element: opens and closes without JavaScript.
function UserMenu({ user }: { user: HeaderUser }) {
  const ref = useDismissable();
  const { t } = useTranslation();
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
          {t("nav.account")}
        </Link>
        <Form method="post" action="/signout">
          <button type="submit" className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-shade">
            {t("nav.signOut")}
          </button>
        </Form>
      </div>
    </details>
  );
}
