// The personal parts of a page served from a shared copy (lib/http/edge-cache/README.md): a search
// card's Save and Apply/Applied (a slot), and the viewer's own values (name, email, marks). In the
// shared render a slot records how to render itself and brackets its default markup with markers,
// adding no element (its content must start and end with an element: React puts a comment between
// adjacent text nodes). The server then writes the viewer's markup into the slots and their values
// into one JSON element, which the browser reads to hydrate the same markup; the framework's
// hydration data stays the stand-in's.
import { createContext, useContext, type ReactNode } from "react";
import type { JobMark } from "./save-job.tsx";

export interface PersonalHole {
  /** The card's key ("board:{id}", "{provider}:{id}"): whose mark fills it. */
  id: string;
  render(mark: JobMark | undefined): ReactNode;
}

/** Set only while the server renders a shared copy: the slots of that copy, in document order. */
export const SharedRenderContext = createContext<PersonalHole[] | null>(null);

/** The markers around a slot's default markup in a shared copy (private-use characters: never in content). */
export const HOLE_START = '<template data-hole="\uE010"></template>';
export const HOLE_END = '<template data-hole="\uE011"></template>';
/** What the shared copy's JSON element holds until the server writes the viewer's values there. */
export const PERSONAL_SENTINEL = "\uE006";
const PERSONAL_ID = "personal-values";

/** The viewer's values a page from a shared copy carries in its JSON element. */
export interface PersonalValues {
  name: string;
  email: string;
  marks: Record<string, JobMark>;
}

let onPage: { text: string; values: PersonalValues } | null | undefined;

/** In the browser, the values the page arrived with (read once, before React changes anything); null on the server. */
export function pagePersonalValues(): PersonalValues | null {
  if (typeof document === "undefined") return null;
  if (onPage === undefined) {
    const text = document.getElementById(PERSONAL_ID)?.textContent;
    onPage = text ? { text, values: JSON.parse(text) as PersonalValues } : null;
  }
  return onPage?.values ?? null;
}

/** The JSON element: the sentinel in the shared render, the same text again in the browser (so hydration matches). */
export function PersonalValuesScript() {
  const shared = useContext(SharedRenderContext);
  pagePersonalValues();
  const text = shared ? PERSONAL_SENTINEL : (onPage?.text ?? "");
  return <script type="application/json" id={PERSONAL_ID} dangerouslySetInnerHTML={{ __html: text }} />;
}

export function PersonalSlot({ id, mark, render }: PersonalHole & { mark: JobMark | undefined }) {
  const holes = useContext(SharedRenderContext);
  if (!holes) return <>{render(mark)}</>;
  holes.push({ id, render });
  return (
    <>
      <template data-hole={"\uE010"} />
      {render(mark)}
      <template data-hole={"\uE011"} />
    </>
  );
}
