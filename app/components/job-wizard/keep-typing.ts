// With JavaScript, a wizard button's answer can remount the form (the server's copy changed: a
// benefit added, a first draft made) while a fast typist goes on typing. What was typed after the
// press is put back into the new fields, and a press made meanwhile (an Add with Enter, a button
// clicked before the page disabled it) is pressed again once the answer is in: one post at a time,
// so an older copy of the form can never be saved after a newer one. The field being typed in
// keeps the focus through the remount, so keystrokes never land elsewhere.
import { useNavigation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, type FocusEvent, type FormEvent, type KeyboardEvent } from "react";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (el: unknown): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
const stateOf = (field: Field) =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
    ? String(field.checked)
    : field.value;
function setState(field: Field, value: string): void {
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"))
    field.checked = value === "true";
  else field.value = value;
}

/** Props for the wizard's <Form>, and its ref; `formKey` is the key that remounts it. */
export function useTypingKept(formKey: string) {
  const form = useRef<HTMLFormElement>(null);
  // What the last press sent, and what was typed since (by field name).
  const sent = useRef<Map<string, string> | null>(null);
  const typed = useRef(new Map<string, string>());
  // The intent of a press made while another post was on its way, pressed again once it is in.
  const deferred = useRef<string | null>(null);
  // Set as a post leaves, before the page re-renders with its buttons disabled.
  const inFlight = useRef(false);
  // The field being typed in (by name), to focus again when a remount takes it away.
  const focused = useRef<string | null>(null);
  // A question moved or removed: its fields' names now belong to other questions.
  const reordered = useRef(false);
  const idle = useNavigation().state === "idle";

  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    refocus(element, focused.current);
    if (!sent.current) return;
    for (const [name, value] of typed.current) {
      const field = element.elements.namedItem(name);
      if (reordered.current && name.startsWith("questions[")) continue;
      if (isField(field) && field.type !== "hidden" && sent.current.get(name) !== value) setState(field, value);
    }
  }, [formKey]);

  useEffect(() => {
    if (!idle) return;
    inFlight.current = false;
    if (!deferred.current) return;
    const button = form.current?.querySelector<HTMLButtonElement>(`button[name="intent"][value="${deferred.current}"]`);
    deferred.current = null;
    button?.click();
  }, [idle, formKey]);

  return {
    ref: form,
    onFocus(event: FocusEvent<HTMLFormElement>) {
      focused.current = isField(event.target) && event.target.type !== "hidden" ? event.target.name || null : null;
    },
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const field: EventTarget = event.target;
      // Left for somewhere else (still on the page); a field removed by a remount is focused again.
      queueMicrotask(() => {
        if (isField(field) && field.isConnected && focused.current === field.name) focused.current = null;
      });
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      const field = event.target;
      if (isField(field) && field.name) typed.current.set(field.name, stateOf(field));
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (inFlight.current) {
        // A second post now would cancel the first on the way while the server still saves both.
        event.preventDefault();
        if (submitter instanceof HTMLButtonElement && submitter.name === "intent") deferred.current = submitter.value;
        return;
      }
      inFlight.current = true;
      // Another button pressed (Next) before a deferred Add went: that post carries the typed
      // benefit (the server adds it with the step), and a late Add would cancel it on the way.
      deferred.current = null;
      const fields = [...event.currentTarget.elements].filter(isField).filter((f) => f.name);
      sent.current = new Map(fields.map((f) => [f.name, stateOf(f)]));
      reordered.current =
        submitter instanceof HTMLButtonElement && /^(move-up|move-down|remove-question)/.test(submitter.value);
      typed.current = new Map();
    },
    /** Enter in the benefit box adds it; while an answer is on its way, once it is in. */
    onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
      const field = event.target;
      if (event.key !== "Enter" || !(field instanceof HTMLInputElement) || field.name !== "benefit") return;
      event.preventDefault();
      const add = event.currentTarget.querySelector<HTMLButtonElement>('button[name="intent"][value="add-benefit"]');
      if (add && !add.disabled) add.click();
      else deferred.current = "add-benefit";
    },
  };
}

/** The new form's field of that name gets the focus the remount took away (caret at the end). */
function refocus(element: HTMLFormElement, name: string | null): void {
  const active = document.activeElement;
  if (!name || (active && active !== document.body && active.isConnected)) return;
  const field = element.elements.namedItem(name);
  if (!isField(field)) return;
  field.focus({ preventScroll: true });
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    try {
      field.setSelectionRange(field.value.length, field.value.length);
    } catch {
      // Some input types (number, email) have no caret to place.
    }
  }
}

/** Whether a page may move the focus after an answer: nothing has it, or it is already within `area`. */
export function focusIsFree(area: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || (area?.contains(active) ?? false);
}
