import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { LANGUAGES, translateMessage, type Language } from "#locales/index.ts";
import { needsEmailVerification } from "#modules/identity/index.server.ts";
import { viewerOf } from "./viewer.server.ts";
import stylesheet from "./app.css?url";
import { useNonce } from "./components/nonce.ts";
import { SiteHeader } from "./components/site-header.tsx";
import { EmailVerificationBanner } from "./components/email-verification-banner.tsx";
import { pagePersonalValues, PersonalValuesScript } from "./components/personal-slot.tsx";
import { chosenTheme, systemTheme } from "./theme.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { takeNotice } from "./flash.server.ts";
import { languageFor } from "./i18n.server.ts";
import { switchLanguageHref } from "./components/language-links.ts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Hirewise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The signed-in account, or the stand-in of a signed-in page's shared copy (decision 059).
  const [user, theme, flash] = await Promise.all([
    viewerOf(request, context),
    chosenTheme(request),
    takeNotice(request),
  ]);
  const locale = await languageFor(request, user);
  const page = {
    locale,
    user: user
      ? {
          name: user.fullName ?? user.email,
          email: user.email,
          role: user.role,
          needsVerification: needsEmailVerification(user),
          // A shared copy's name and email are the stand-in's: the page carries the viewer's (personal-slot.tsx).
          ...(context?.sharedRender ? { onPage: true as const } : {}),
        }
      : null,
    theme,
    systemTheme: systemTheme(request),
    // The notice a write redirected here with (<FlashNotice />), read once: the cookie is cleared.
    notice: flash.notice ? { ...flash.notice, text: translateMessage(locale, flash.notice.text) } : null,
  };
  return data(page, flash.setCookie ? { headers: { "Set-Cookie": flash.setCookie } } : undefined);
}

type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>;
type RootUser = NonNullable<RootData["user"]>;

/** The header's account: in the browser, a shared copy's values are the ones its page carries. */
function shownUser(user: RootUser | null): RootUser | null {
  const page = user && "onPage" in user ? pagePersonalValues() : null;
  return page ? { ...user!, name: page.name, email: page.email } : user;
}

// Adds the dark class before first paint when the visitor has not chosen and the system is dark.
const systemThemeScript = `if(document.documentElement.dataset.theme==="system"&&matchMedia("(prefers-color-scheme: dark)").matches)document.documentElement.classList.add("dark")`;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const user = shownUser(data?.user ?? null);
  const theme = data?.theme ?? null;
  const effective = theme ?? data?.systemTheme ?? null;
  const locale: Language = data?.locale ?? "en";
  // The browser's instance follows the page (an account's new setting, a revalidation).
  useChangeLanguage(locale);
  const { t } = useTranslation();
  return (
    <html lang={locale} className={effective === "dark" ? "dark" : undefined} data-theme={effective ?? "system"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: systemThemeScript }} />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {t("skipLink")}
        </a>
        <SiteHeader user={user} theme={effective} />
        <EmailVerificationBanner user={user} />
        {data?.user && "onPage" in data.user ? <PersonalValuesScript /> : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {/* The site's frame is styled by component classes (app/app.css): it is on every page. */}
        <footer className="site-footer">
          <div>
            <p>{`© ${new Date().getUTCFullYear()} Hirewise`}</p>
            <nav aria-label={t("nav.footer")}>
              <Link to="/jobs">{t("nav.jobs")}</Link>
              <Link to="/how-it-works">{t("nav.howItWorks")}</Link>
              <Link to="/pricing">{t("nav.pricing")}</Link>
              <Link to="/about">{t("nav.about")}</Link>
            </nav>
            <LanguageSwitcher current={locale} />
          </div>
        </footer>
        <DocumentMarks />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Marks the document once React has hydrated, and with the address it shows once each page (or
 * error page) is on screen (the URL changes before a navigation's render commits): scripts and
 * tests can tell enhanced pages apart and know when the page they asked for is the one they see.
 */
function DocumentMarks() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    document.documentElement.dataset.location = pathname + search;
  }, [pathname, search]);
  return null;
}

/**
 * Plain links, so the switch works without JavaScript: /language sets the cookie and comes back
 * here. Each names its language in that language.
 */
function LanguageSwitcher({ current }: { current: Language }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={t("language.label")} className="site-languages">
      {LANGUAGES.map((language) =>
        language === current ? (
          <span key={language} aria-current="true">
            {t(`language.${language}`)}
          </span>
        ) : (
          <a key={language} lang={language} href={switchLanguageHref(language, pathname + search)}>
            {t(`language.${language}`)}
          </a>
        ),
      )}
    </nav>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { heading, message } = describeError(error, t);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-3 text-muted">{message}</p>
      <ButtonLink to="/" size="lg" className="mt-6">
        {t("errors.backHome")}
      </ButtonLink>
    </section>
  );
}

/** What the error page says: a refused request (4xx) carries its own message; anything else is ours. */
function describeError(error: unknown, t: TFunction): { heading: string; message: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { heading: t("errors.notFoundTitle"), message: t("errors.notFoundMessage") };
  }
  // A refusal's own message is the module's, in English: not translated yet (decision 090).
  const refusal =
    isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 ? messageOf(error.data) : null;
  if (refusal) return { heading: t("errors.refusedTitle"), message: refusal };
  return { heading: t("errors.failedTitle"), message: t("errors.failedMessage") };
}

function messageOf(data: unknown): string | null {
  if (typeof data === "string" && data.trim()) return data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return null;
}
