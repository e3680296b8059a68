// A personal slot's markup for one viewer (decision 059), rendered on its own: the slot's content
// uses the router (links, a fetcher's form), so it renders inside a static data router of one
// route. Links and forms in a slot name absolute paths, so the router's location does not show.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nFor, type Language } from "#locales/index.ts";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";

const SLOT_ROUTE = { id: "slot", path: "*" };
let routerState: ReturnType<typeof routerContext> | undefined;

async function routerContext() {
  const context = await createStaticHandler([SLOT_ROUTE]).query(new Request("http://slot.invalid/"));
  if (context instanceof Response) throw new Error("the slot's static router answered a response");
  return context;
}

/**
 * `node` as React renders it inside a page in `language` (renderToString keeps the text separators
 * a page has).
 */
export async function slotMarkup(node: ReactNode, language: Language): Promise<string> {
  const context = await (routerState ??= routerContext());
  const router = createStaticRouter([{ ...SLOT_ROUTE, element: node }], context);
  return renderToString(
    <I18nextProvider i18n={i18nFor(language)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}
