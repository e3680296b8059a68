// Where a person's traces remain: every column of every table in the database (all schemas, pg-boss
// included) that can hold text, JSON or an id, searched for each value, and every file under a
// storage folder whose path or bytes hold one. Generic on purpose: a table added later is searched
// without being named here.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { em } from "../../lib/db.ts";

const SEARCHABLE = [
  "text",
  "character varying",
  "character",
  "json",
  "jsonb",
  "uuid",
  "ARRAY",
  "USER-DEFINED",
  "tsvector",
  "bytea",
];

/** "schema.table.column holds <value>" for each place a value (compared without case) is found. */
export async function findInDatabase(values: string[]): Promise<string[]> {
  const needles = values.filter(Boolean).map((v) => v.toLowerCase());
  const columns = await em().execute<{ table_schema: string; table_name: string; column_name: string }[]>(
    `select c.table_schema, c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg_toast%'
        and t.table_type = 'BASE TABLE' and c.data_type = any(?::text[])
      order by 1, 2, 3`,
    [`{${SEARCHABLE.map((t) => `"${t}"`).join(",")}}`],
  );
  expectSomeTables(columns.map((c) => `${c.table_schema}.${c.table_name}`));
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const column = `"${column_name.replace(/"/g, '""')}"`;
    const table = `"${table_schema.replace(/"/g, '""')}"."${table_name.replace(/"/g, '""')}"`;
    for (const needle of needles) {
      const rows = await em().execute<{ n: number }[]>(
        `select count(*)::int as n from ${table} where strpos(lower(${column}::text), ?) > 0`,
        [needle],
      );
      if (rows[0]!.n > 0)
        found.push(`${table_schema}.${table_name}.${column_name} holds ${needle} (${rows[0]!.n} rows)`);
    }
  }
  return found;
}

function expectSomeTables(tables: string[]) {
  // A scan that saw no tables would pass for the wrong reason.
  for (const must of ["public.users", "public.applications", "public.sent_emails", "pgboss.job_common"]) {
    if (!tables.includes(must)) throw new Error(`the scan did not see ${must}: ${[...new Set(tables)].join(", ")}`);
  }
}

/** The files under `root` whose path or contents hold one of the values (compared without case). */
export async function findInFolder(root: string, values: string[]): Promise<string[]> {
  const needles = values.filter(Boolean).map((v) => v.toLowerCase());
  const found: string[] = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const haystack = `${path.relative(root, full)}\n${(await readFile(full)).toString("latin1")}`.toLowerCase();
        for (const needle of needles)
          if (haystack.includes(needle)) found.push(`${path.relative(root, full)} holds ${needle}`);
      }
    }
  }
  await walk(root);
  return found;
}

/** Every file under `root` (hidden bookkeeping folders included), as paths relative to it. */
export async function filesUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(root, full));
    }
  }
  await walk(root);
  return out.sort();
}
