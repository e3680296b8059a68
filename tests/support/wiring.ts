// Vitest's setup file (vitest.config.ts): each test file's modules are plugged into each other's
// hooks as boot() plugs them, since the tests' runtimes (runtime.ts, app-server.ts, and the files
// that open their own ORM) do not go through boot. In a hook, not at import: a file sets its
// environment first (vi.hoisted), and the modules read the configuration as they load.
import { readFile } from "node:fs/promises";
import { beforeAll, expect } from "vitest";

// A file outside modules/ that imports only lib/ code and packages never runs a module's code
// (lib/ imports no module), so it skips the wiring and the seconds its imports take.
const REACHES_MODULES =
  /from "(?:#(?:modules|app)\/|[^"]*\/(?:modules|app|support|cli|db|jobs)\/|[^"]*\/(?:boot|wiring)\.ts")/;

beforeAll(async () => {
  const file = expect.getState().testPath ?? "";
  if (file && !file.includes("/modules/") && !REACHES_MODULES.test(await readFile(file, "utf8"))) return;
  const { wireModules } = await import("../../wiring.ts");
  wireModules();
});
