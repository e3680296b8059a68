// Plugs the modules into each other's hooks (docs/ARCHITECTURE.md, "Modules"): account data for the
// export and deletion, application counts, plan lapses, trial reminders' contacts, board changes, job pages' changes (feeds).
// A module exposes a hook where importing the other would point the dependency the wrong way, so
// nothing registers by being imported: boot() calls this, and so does anything that runs modules
// without boot (the tests' runtimes, tests/support/wiring.ts). Safe to call again.
import { wireAi } from "./modules/ai/index.server.ts";
import { wireApplications } from "./modules/applications/index.server.ts";
import { wireFeeds } from "./modules/feeds/index.server.ts";
import { wireHiring } from "./modules/hiring/index.server.ts";
import { wireIdentity } from "./modules/identity/index.server.ts";
import { wireInterviews } from "./modules/interviews/index.server.ts";
import { wireProfiles } from "./modules/profiles/index.server.ts";
import { wireSaved } from "./modules/saved/index.server.ts";

let wired = false;

export function wireModules(): void {
  if (wired) return;
  wired = true;
  wireIdentity();
  wireHiring();
  wireApplications();
  wireInterviews();
  wireAi();
  wireProfiles();
  wireSaved();
  wireFeeds();
}
