// Row locks go through lockForUpdate() in lib/db.ts: a lock mode spelled out elsewhere (above all
// as a number, where 4 means FOR UPDATE SKIP LOCKED) is a lint error.
import { ESLint } from "eslint";
import { expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function messages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.message);
}

it("refuses a lock mode outside lib/db.ts, as a number or by name", async () => {
  const numbered = `import { em } from "../../lib/db.ts";\nexport const f = () => em().findOne("Job", { id: "x" }, { lockMode: 4 });\n`;
  const named = `import { em } from "../../lib/db.ts";\nimport { LockMode } from "@mikro-orm/postgresql";\nexport const f = () => em().findOne("Job", { id: "x" }, { lockMode: LockMode.PESSIMISTIC_WRITE });\n`;
  for (const code of [numbered, named]) {
    expect(await messages(code, "modules/hiring/example.ts")).toContain(
      "Lock a row with lockForUpdate() from lib/db.ts.",
    );
  }
});

it("allows lib/db.ts, where lockForUpdate() names the mode", async () => {
  const code = `import { LockMode } from "@mikro-orm/postgresql";\nexport const options = { lockMode: LockMode.PESSIMISTIC_WRITE };\n`;
  expect(await messages(code, "lib/db.ts")).toEqual([]);
});
