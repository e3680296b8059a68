import { RuleTester } from "eslint";
import path from "node:path";
import { describe, it } from "vitest";
import rule from "../../eslint-rules/module-boundaries.ts";

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: "module" } });
const at = (file: string) => path.join(process.cwd(), file);

tester.run("module-boundaries", rule, {
  valid: [
    { code: `import { signUp } from "#modules/identity/index.server.ts";`, filename: at("app/routes/auth.tsx") },
    { code: `import { signUp } from "../../modules/identity/index.server.ts";`, filename: at("app/routes/auth.tsx") },
    { code: `import { formatSalary } from "#modules/hiring/browser.ts";`, filename: at("app/components/job-bits.tsx") },
    { code: `import { User } from "./entities.ts";`, filename: at("modules/identity/accounts.ts") },
    { code: `import { plans } from "../billing-plans/index.server.ts";`, filename: at("modules/identity/accounts.ts") },
    { code: `import { z } from "zod";`, filename: at("modules/identity/schemas.ts") },
    { code: `import { now } from "../../lib/clock.ts";`, filename: at("modules/identity/sessions.ts") },
    { code: `export * from "./vocabulary.ts";`, filename: at("modules/hiring/schemas.ts") },
  ],
  invalid: [
    {
      code: `import { x } from "../modules/identity";`,
      filename: at("cli/users.ts"),
      errors: [{ messageId: "private" }],
    },
    {
      code: `export * from "./vocabulary.ts";`,
      filename: at("modules/hiring/browser.ts"),
      errors: [{ messageId: "exportAll" }],
    },
    {
      code: `import { User } from "#modules/identity/entities.ts";`,
      filename: at("app/routes/auth.tsx"),
      errors: [{ messageId: "private" }],
    },
    {
      code: `import { User } from "../../modules/identity/entities.ts";`,
      filename: at("app/routes/auth.tsx"),
      errors: [{ messageId: "private" }],
    },
    {
      code: `import { Subscription } from "../billing-plans/entities.ts";`,
      filename: at("modules/identity/accounts.ts"),
      errors: [{ messageId: "private" }],
    },
    {
      code: `export { hashPassword } from "../modules/identity/passwords.ts";`,
      filename: at("jobs/queues.ts"),
      errors: [{ messageId: "private" }],
    },
    {
      code: `const m = await import("../modules/identity/sessions.ts");`,
      filename: at("cli/users.ts"),
      errors: [{ messageId: "private" }],
    },
    {
      code: `import { Field } from "../../app/components/forms.tsx";`,
      filename: at("modules/identity/profile.ts"),
      errors: [{ messageId: "layer" }],
    },
    {
      code: `import { origin } from "#app/site-origin.server.ts";`,
      filename: at("modules/hiring/drafts.ts"),
      errors: [{ messageId: "layer" }],
    },
    {
      code: `import { signUp } from "../modules/identity/index.server.ts";`,
      filename: at("lib/mail.ts"),
      errors: [{ messageId: "layer" }],
    },
    {
      code: `export * from "./vocabulary.ts";`,
      filename: at("modules/hiring/index.server.ts"),
      errors: [{ messageId: "exportAll" }],
    },
  ],
});
