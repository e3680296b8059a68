// With JavaScript, a wizard button's answer can remount the form (the server's copy changed: a
// benefit added, a first draft made) while a fast typist goes on typing. What was typed after the
// press is put back into the new fields, and an Add pressed with Enter meanwhile is pressed again
// once the answer is in, so nothing typed during the round trip is lost.
import { useNavigation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent } from "react";

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
  const deferred = useRef<string | null>(null);
  // A question moved or removed: its fields' names now belong to other questions.
  const reordered = useRef(false);
  const idle = useNavigation().state === "idle";

  useLayoutEffect(() => {
    const element = form.current;
    if (!element || !sent.current) return;
    for (const [name, value] of typed.current) {
      const field = element.elements.namedItem(name);
      if (reordered.current && name.startsWith("questions[")) continue;
      if (isField(field) && field.type !== "hidden" && sent.current.get(name) !== value) setState(field, value);
    }
  }, [formKey]);

  useEffect(() => {
    if (!idle || !deferred.current) return;
    const button = form.current?.querySelector<HTMLButtonElement>(`button[name="intent"][value="${deferred.current}"]`);
    deferred.current = null;
    button?.click();
  }, [idle, formKey]);

  return {
    ref: form,
    onInput(event: FormEvent<HTMLFormElement>) {
      const field = event.target;
      if (isField(field) && field.name) typed.current.set(field.name, stateOf(field));
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      // Another button pressed (Next) before a deferred Add went: that post carries the typed
      // benefit (the server adds it with the step), and a late Add would cancel it on the way.
      deferred.current = null;
      const fields = [...event.currentTarget.elements].filter(isField).filter((f) => f.name);
      sent.current = new Map(fields.map((f) => [f.name, stateOf(f)]));
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
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
