// Moving focus to what just changed on the page, so keyboard and screen-reader users start from the
// new content rather than from the button they pressed.
import { useEffect, useRef, type RefObject } from "react";

/**
 * Focuses `ref`'s element (and scrolls it into view) when `key` changes while the page is open: a
 * new wizard step, a reply, an AI result landing (`block`: where it is scrolled to). A null or undefined key means nothing to show. A
 * page's first render never moves focus (a plain GET keeps the browser's own place), unless
 * `onMount`: for a component that appears with the reply it announces.
 */
export function useFocusOnChange(
  ref: RefObject<HTMLElement | null>,
  key: unknown,
  {
    onMount = false,
    select = false,
    block = "center",
  }: { onMount?: boolean; select?: boolean; block?: ScrollLogicalPosition } = {},
) {
  const seen = useRef(onMount ? undefined : key);
  useEffect(() => {
    if (key === seen.current) return;
    seen.current = key;
    const element = ref.current;
    if (key === null || key === undefined || !element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block });
    if (select && element instanceof HTMLInputElement) element.select();
  }, [key, ref, select, block]);
}

/**
 * When `key` changes to a value (a refused submission's answer), focuses the first field marked
 * aria-invalid in the box's form (else on the page), keeping the box in view; with none, the box.
 */
export function useFocusFirstInvalid(box: RefObject<HTMLElement | null>, key: unknown) {
  const seen = useRef<unknown>(undefined);
  useEffect(() => {
    if (key === seen.current) return;
    seen.current = key;
    const element = box.current;
    if (key === null || key === undefined || !element) return;
    const scope: ParentNode = element.closest("form") ?? document;
    const field = scope.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) {
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: "center" });
      return;
    }
    element.scrollIntoView({ block: "nearest" });
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "nearest" });
  }, [key, box]);
}
