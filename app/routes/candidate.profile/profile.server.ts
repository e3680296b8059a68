// /candidate/profile's loader and action. Every form on the page posts here with an `intent`:
// "save-about", "save-skills", or "<verb>:<section>" (add, save, up, down, remove) with the
// entry's `id`. A refused form comes back with what was typed and the messages beside its fields;
// anything else redirects back to the section it was posted from.
import { data, redirect } from "@remix-run/node";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { requireRole } from "#modules/identity/index.server.ts";
import {
  addEntry,
  getProfile,
  isSection,
  moveEntry,
  profileChecklist,
  type ProfileError,
  removeEntry,
  saveAbout,
  saveSkills,
  updateEntry,
  type ProfileFieldErrors,
  type ProfileFormValues,
  type SectionName,
} from "#modules/profiles/index.server.ts";
import { respondToModuleError } from "#app/module-errors.server.ts";

export const PROFILE_PATH = "/candidate/profile";

/** The answer to a refused form: which form it was, what was typed, and the messages. */
export interface ProfileFormAnswer {
  /** "about", "skills", "add:<section>" or "<section>:<id>". */
  formKey: string;
  values: ProfileFormValues;
  errors: ProfileFieldErrors;
}

export async function profileLoader(request: Request) {
  const user = await requireRole(request, "candidate");
  const profile = await getProfile(user.id);
  const saved = new URL(request.url).searchParams.get("saved");
  return { profile, checklist: profileChecklist(profile), saved: saved && /^[a-z]{1,20}$/.test(saved) ? saved : null };
}

type Action =
  | { kind: "about" | "skills" }
  | { kind: "add"; section: SectionName }
  | { kind: "save" | "up" | "down" | "remove"; section: SectionName; id: string };

function actionOf(intent: string, id: string): Action | null {
  if (intent === "save-about") return { kind: "about" };
  if (intent === "save-skills") return { kind: "skills" };
  const [verb, section] = intent.split(":");
  if (!isSection(section)) return null;
  if (verb === "add") return { kind: "add", section };
  if ((verb === "save" || verb === "up" || verb === "down" || verb === "remove") && id)
    return { kind: verb, section, id };
  return null;
}

function formKeyOf(action: Action): string {
  if (!("section" in action)) return action.kind;
  return "id" in action ? `${action.section}:${action.id}` : `add:${action.section}`;
}

const anchorOf = (action: Action) => ("section" in action ? action.section : action.kind);

export async function profileAction(request: Request) {
  const user = await requireRole(request, "candidate");
  const { form, unstorable } = await readTextForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const action = actionOf(text("intent"), text("id").slice(0, 64));
  if (!action)
    throw data({ message: "This form is out of date. Please reload the page and try again." }, { status: 400 });
  const values: ProfileFormValues = {};
  for (const [name, value] of form)
    if (typeof value === "string" && name !== "intent" && name !== "id") values[name] = value;
  const formKey = formKeyOf(action);

  if (unstorable.length) {
    const errors = Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_FIELD]]));
    return data<ProfileFormAnswer>({ formKey, values, errors }, { status: 400 });
  }
  try {
    switch (action.kind) {
      case "about":
        await saveAbout(user.id, values);
        break;
      case "skills":
        await saveSkills(user.id, values);
        break;
      case "add":
        await addEntry(user.id, action.section, values);
        break;
      case "save":
        await updateEntry(user.id, action.section, action.id, values);
        break;
      case "up":
      case "down":
        await moveEntry(user.id, action.section, action.id, action.kind);
        break;
      case "remove":
        await removeEntry(user.id, action.section, action.id);
        break;
    }
  } catch (error) {
    return respondToModuleError(error, {
      notFound: "That entry is not in your profile. It may have been removed already.",
      refused: (refusal: ProfileError, status) =>
        data<ProfileFormAnswer>({ formKey, values, errors: refusal.fieldErrors }, { status }),
    });
  }
  return redirect(`${PROFILE_PATH}?saved=${anchorOf(action)}#${anchorOf(action)}`);
}
