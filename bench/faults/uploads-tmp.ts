// Uploads in a shared temporary folder: the image's steps replayed as an unprivileged user. A web
// process runs as `nobody` (as the image's `node` user would) beside the bench's own, on the same
// database, with a TMPDIR where root already left a `hirewise-uploads` folder. Every resume upload
// must be stored, the process's own folder must be private and gone after a clean exit, and the
// other user's folder untouched. Needs root to switch users (CI runs as root).
import { spawn } from "node:child_process";
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Fault, FaultReport } from "./fault.ts";
import { benchEnvironment, freePort, running, startServer, stop, WEB_NODE_FLAGS } from "../server.ts";

const NOBODY = { uid: 65534, gid: 65534 };
const UPLOADS = 5;
const CANDIDATE = "candidate@demo.hirewise.app";

async function run(): Promise<FaultReport> {
  const report: FaultReport = {
    requests: 0,
    failures: 0,
    writesLost: 0,
    recoveryMs: 0,
    duplicateEmails: 0,
    exitCodes: "",
    ok: false,
  };
  if (process.getuid?.() !== 0) return { ...report, detail: "needs root to run the web process as another user" };

  const env = await benchEnvironment();
  const { child: main } = await startServer(env.dataDir, env.port, env.pgPort);
  const shared = await mkdtemp(path.join(tmpdir(), "hirewise-shared-tmp-"));
  const nobodyData = await mkdtemp(path.join(tmpdir(), "hirewise-nobody-data-"));
  try {
    await chmod(shared, 0o1777);
    await mkdir(path.join(shared, "hirewise-uploads"), { mode: 0o755 });
    await chown(nobodyData, NOBODY.uid, NOBODY.gid);
    const password = (await readFile(path.join(env.dataDir, "pg-password"), "utf8")).trim();
    const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.pgPort}/hirewise`;

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let log = "";
    const web = spawn(process.execPath, [...WEB_NODE_FLAGS, "server.ts"], {
      ...NOBODY,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: nobodyData,
        TMPDIR: shared,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    web.stdout.on("data", (c) => (log += c));
    web.stderr.on("data", (c) => (log += c));
    for (let i = 0; ; i++) {
      if (!running(web)) return { ...report, detail: `the web process as nobody exited: ${log.slice(-500)}` };
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) return { ...report, detail: "the web process as nobody never got ready" };
      await new Promise((r) => setTimeout(r, 50));
    }

    const signIn = await fetch(`${base}/auth?mode=signin`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ mode: "signin", email: CANDIDATE, password: "hirewise-demo" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0]!;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const jobs = (
      await db.query<{ id: string }>(`select id from jobs where status = 'active' order by created_at limit $1`, [
        UPLOADS,
      ])
    ).rows;
    const doc = await PDFDocument.create();
    doc.addPage().drawText("Casey Demo, operations", {
      x: 50,
      y: 700,
      size: 12,
      font: await doc.embedFont(StandardFonts.Helvetica),
    });
    const pdf = await doc.save();

    let privateFolder = "";
    for (const job of jobs) {
      const form = new FormData();
      form.append("step", "2");
      form.append("intent", "upload");
      form.append("resume", new File([new Uint8Array(pdf)], "Casey CV.pdf", { type: "application/pdf" }));
      const response = await fetch(`${base}/candidate/jobs/${job.id}/apply?step=2`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: base, Cookie: cookie },
        body: form,
      });
      await response.arrayBuffer();
      report.requests++;
      if (response.status !== 302) {
        report.failures++;
        continue;
      }
      const stored = await db.query(
        `select 1 from application_drafts d join resumes r on r.id = d.resume_id join users u on u.id = d.candidate_id where u.email = $1 and d.job_id = $2`,
        [CANDIDATE, job.id],
      );
      if (!stored.rowCount) report.writesLost++;
      privateFolder ||= (await readdir(shared)).find((n) => n.startsWith("hirewise-uploads-")) ?? "";
    }
    await db.end();

    const folderMode = privateFolder ? (await stat(path.join(shared, privateFolder))).mode & 0o777 : 0;
    web.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) =>
      web.exitCode !== null ? resolve(web.exitCode) : web.once("exit", resolve),
    );
    report.exitCodes = `web as nobody ${code}`;
    const left = (await readdir(shared)).sort();
    const rootFolder = await stat(path.join(shared, "hirewise-uploads"));
    const problems = [
      report.failures ? `${report.failures} of ${report.requests} uploads refused` : "",
      report.writesLost ? `${report.writesLost} acknowledged uploads not stored` : "",
      folderMode === 0o700 ? "" : `private folder mode ${folderMode.toString(8)}`,
      left.join() === "hirewise-uploads" ? "" : `left in TMPDIR: ${left.join(", ")}`,
      rootFolder.uid === 0 ? "" : "the other user's folder changed owner",
      code === 0 ? "" : `exit ${code}`,
    ].filter(Boolean);
    return {
      ...report,
      ok: problems.length === 0 && report.requests === UPLOADS,
      detail: problems.join("; ") || undefined,
    };
  } finally {
    await stop(main);
    await env.cleanup();
    await rm(shared, { recursive: true, force: true });
    await rm(nobodyData, { recursive: true, force: true });
  }
}

export const faults: Fault[] = [{ name: "uploads as an unprivileged user beside another user's temp folder", run }];
