// Several nodes started in the same second on an empty database: ten rounds of three web processes
// and three workers (`node jobs/worker.ts`), each round on a database of its own. Targets: all six
// start (web: /readyz 200; worker: its "worker process started" line), the migrations are applied
// once, and every process exits 0 on SIGTERM.
import type { Fault, FaultReport } from "./fault.ts";
import { startPostgres, startProcess, startWeb, temporaryDir, until, type AppProcess } from "./harness.ts";

const ROUNDS = 10;
const WEBS = 3;
const WORKERS = 3;

async function startWorker(databaseUrl: string, dataDir: string): Promise<AppProcess> {
  const worker = startProcess("worker", "jobs/worker.ts", {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
  });
  await until(async () => {
    if (worker.child.exitCode !== null)
      throw new Error(`worker exited ${worker.child.exitCode}: ${worker.output().slice(-2000)}`);
    return worker.output().includes("worker process started");
  }, 60_000);
  return worker;
}

async function run(): Promise<FaultReport> {
  const pg = await startPostgres();
  const data = await temporaryDir("hirewise-faults-startup-");
  let requests = 0;
  let failures = 0;
  const codes: (number | null)[] = [];
  const problems: string[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `hirewise_startup_${round}`;
      await pg.createDatabase(name);
      const url = pg.databaseUrl(name);
      const started = await Promise.allSettled([
        ...Array.from({ length: WEBS }, () => startWeb(url, data.dir)),
        ...Array.from({ length: WORKERS }, () => startWorker(url, data.dir)),
      ]);
      requests += started.length;
      for (const s of started) {
        if (s.status === "rejected") {
          failures++;
          problems.push(`round ${round}: ${String(s.reason).slice(0, 300)}`);
        }
      }
      const processes = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      codes.push(...(await Promise.all(processes.map((p) => p.stop()))));
      const [{ count }] = await pg.query<{ count: string }>(name, "select count(*) from mikro_orm_migrations");
      const [{ distinct }] = await pg.query<{ distinct: string }>(
        name,
        "select count(distinct name) as distinct from mikro_orm_migrations",
      );
      if (count !== distinct)
        problems.push(`round ${round}: migrations recorded ${count} times for ${distinct} migrations`);
    }
  } finally {
    await pg.stop();
    await data.remove();
  }
  const badExits = codes.filter((c) => c !== 0).length;
  if (badExits) problems.push(`${badExits} processes exited non-zero`);
  return {
    requests,
    failures,
    writesLost: 0,
    recoveryMs: 0,
    duplicateEmails: 0,
    exitCodes: `${codes.filter((c) => c === 0).length}/${ROUNDS * (WEBS + WORKERS)} exit 0`,
    ok: failures === 0 && problems.length === 0,
    detail: problems.join("; "),
  };
}

export const faults: Fault[] = [
  { name: `${WEBS} web + ${WORKERS} workers at once on an empty database x${ROUNDS}`, run },
];
