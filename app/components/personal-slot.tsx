// The personal part of a shared page (docs/decisions/059-signed-in-pages-with-personal-holes.md):
// a search card's Save and Apply/Applied. Rendered as usual, except when the server renders a
// page's shared copy: then the slot records how to render itself (for `render(mark)` later, with
// the viewer's mark) and brackets its default markup with two markers, where the viewer's markup
// goes. The slot adds no element of its own, so the card's markup is the same either way. Its
// content must start and end with an element (or be empty): React separates adjacent text nodes
// with a comment, which a marker would change.
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
