// What a page's HTML says that its loader data leaves out, so it goes out once: each search
// result's face (title, place, excerpt, logo, badges; issue 19: the list was sent twice, as HTML
// and as data). For a page request, the loader puts the faces in the load context (server.ts makes
// a map for pages, none for `.data` answers, which carry them); entry.server.tsx hands the map to
// the render through this context. In the browser there is no map: a card reads its face back from
// the HTML as React hydrates it (result-card.tsx).
import { createContext } from "react";
import type { CardFace } from "./result-card.tsx";

export type PageText = Map<string, CardFace>;

export const PageTextContext = createContext<PageText | null>(null);
