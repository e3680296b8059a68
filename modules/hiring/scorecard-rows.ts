// The rows of a scorecard's attributes form, checked alike for a job's scorecard and the company's
// default set: messages keyed `rows.{i}.{field}`, as the forms name their fields.
import { HiringError } from "./errors.ts";
import {
  MAX_ATTRIBUTE_GUIDANCE,
  MAX_ATTRIBUTE_NAME,
  MAX_ATTRIBUTES,
  MIN_ATTRIBUTES,
  SCORECARD_GROUPS,
} from "./scorecard-vocabulary.ts";

/** One row of the attributes form: an existing attribute (id) or a new one. */
export interface AttributeInput {
  id?: string;
  name: string;
  guidance: string;
  group: string;
}

export const invalid = (message: string, fieldErrors: Record<string, string> = {}) =>
  new HiringError("invalid", message, {
    fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, [v]])),
  });

/** Checks the rows; messages are keyed `rows.{i}.name` (or guidance, group), as the form names its fields. */
export function checkRows(rows: AttributeInput[]): (AttributeInput & { index: number })[] {
  const errors: Record<string, string> = {};
  const kept: (AttributeInput & { index: number })[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const name = row.name.trim();
    const guidance = row.guidance.trim();
    // A blank new row is the form's spare line, not an attribute.
    if (!row.id && !name && !guidance) return;
    if (!name) errors[`rows.${i}.name`] = "Name the attribute.";
    else if (name.length > MAX_ATTRIBUTE_NAME)
      errors[`rows.${i}.name`] = `A name can be up to ${MAX_ATTRIBUTE_NAME} characters.`;
    else if (seen.has(name.toLowerCase())) errors[`rows.${i}.name`] = "Another attribute has this name.";
    if (guidance.length > MAX_ATTRIBUTE_GUIDANCE)
      errors[`rows.${i}.guidance`] = `Say what good looks like in up to ${MAX_ATTRIBUTE_GUIDANCE} characters.`;
    if (!(SCORECARD_GROUPS as readonly string[]).includes(row.group)) errors[`rows.${i}.group`] = "Choose a group.";
    if ([name, guidance].some((t) => t.includes("\0")))
      errors[`rows.${i}.name`] ??= "The attribute contained characters we can't store.";
    seen.add(name.toLowerCase());
    kept.push({ id: row.id, name, guidance, group: row.group, index: i });
  });
  const first = Object.values(errors)[0];
  if (first) throw invalid(first, errors);
  return kept;
}

export const countMessage = `A scorecard has ${MIN_ATTRIBUTES} to ${MAX_ATTRIBUTES} attributes.`;
