// Words a page's HTML says that its loader data leaves out, so they go out once: the search
// results' titles, places and excerpts (issue 19: the list was sent twice, as HTML and as data).
// For a page request, the loader puts them in the load context (server.ts makes a map for pages,
// none for `.data` answers, which carry them); entry.server.tsx hands the map to the render
// through this context. In the browser there is no map: a card reads its words back from the HTML
// as React hydrates it (result-card.tsx).
import { createContext } from "react";
import type { CardText } from "./result-card.tsx";

export type PageText = Map<string, CardText>;

export const PageTextContext = createContext<PageText | null>(null);
