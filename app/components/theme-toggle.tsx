// Light/dark switch. Without JavaScript it is a form that sets the theme cookie and comes back to
// this page; with JavaScript it switches at once and saves in the background.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

type Theme = "light" | "dark";

export function ThemeToggle({ theme }: { theme: Theme | null }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const { t } = useTranslation();
  // The server's guess when the visitor has not chosen: after hydration, read the real one.
  const [current, setCurrent] = useState<Theme>(theme ?? "light");
  useEffect(() => {
    setCurrent(document.documentElement.classList.contains("dark") ? "dark" : "light");
  }, [theme]);
  const next: Theme = current === "dark" ? "light" : "dark";

  return (
    <fetcher.Form
      method="post"
      action="/theme"
      onSubmit={(event) => {
        event.preventDefault();
        const root = document.documentElement;
        root.classList.toggle("dark", next === "dark");
        root.dataset.theme = next;
        setCurrent(next);
        fetcher.submit({ theme: next }, { method: "post", action: "/theme" });
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {/* Named by its title (a button without words takes its name from it): no aria-label repeating it. */}
      <button type="submit" className="theme-button" title={t(next === "dark" ? "theme.toDark" : "theme.toLight")}>
        {next === "dark" ? <MoonIcon /> : <SunIcon />}
      </button>
    </fetcher.Form>
  );
}

function MoonIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="icon">
      <path strokeLinecap="round" strokeLinejoin="round" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="icon">
      <circle cx="12" cy="12" r="4" />
      <path
        strokeLinecap="round"
        d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4m11.4-11.4 1.4-1.4"
      />
    </svg>
  );
}
