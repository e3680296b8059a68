// The image's web process runs as an unprivileged user. Here the production server runs as
// `nobody` in a temporary directory where another user (root) already left a `hirewise-uploads`
// folder, as happens when two users or two deployments share /tmp: a resume upload still works,
// in a folder of the process's own that only it can enter and that is gone when it exits. When the
// folder can't be written, the user gets a clear message and the log says why. Needs root to
// switch users (CI runs as root); elsewhere it is skipped.
import { spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { chown, chmod, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { UPLOAD_FAILED } from "../../lib/uploads.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { goodPdf } from "../fixtures/files.ts";
import { exitOf, freePort, waitForOk } from "../support/app-server.ts";
import { signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { cloneTestDatabase } from "../support/pg.ts";

const NOBODY = { uid: 65534, gid: 65534 };
const PASSWORD = "correct horse battery";
const asRoot = process.getuid?.() === 0;
// `nobody` must be able to enter every folder down to Node and this checkout (a clone inside a
// private 0700 temporary folder is not reachable): otherwise the test can't run, and says so.
function reachableByOthers(file: string): boolean {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (!(statSync(dir).mode & 0o001)) return false;
    if (dir === path.dirname(dir)) return true;
  }
}
const canRunAsNobody = asRoot && reachableByOthers(process.execPath) && reachableByOthers(path.resolve("server.ts"));
if (asRoot && !canRunAsNobody)
  console.warn("uploads-other-user skipped: Node or the checkout is in a folder other users can't enter");

let tmp: string;
let dataDir: string;
let db: { url: string; drop(): Promise<void> };
let child: ChildProcess;
let log = "";
let baseUrl: string;
let orm: MikroORM;
let queue: QueueRuntime;
let candidate: HttpClient;
let jobId: string;

/** The uploads folders in the server's temporary directory, with their owners and modes. */
async function uploadFolders() {
  const names = (await readdir(tmp)).filter((name) => name.startsWith("hirewise-uploads")).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      ...(({ uid, mode }) => ({ uid, mode: mode & 0o777 }))(await stat(path.join(tmp, name))),
    })),
  );
}

async function uploadResume(): Promise<Response> {
  const form = new FormData();
  form.append("step", "2");
  form.append("intent", "upload");
  form.append(
    "resume",
    new File([new Uint8Array(await goodPdf("Nora Nobody, operations"))], "Nora CV.pdf", { type: "application/pdf" }),
  );
  return fetch(`${baseUrl}/candidate/jobs/${jobId}/apply?step=2`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, Cookie: candidate.cookie! },
    body: form,
  });
}

describe.skipIf(!canRunAsNobody)("uploads as an unprivileged user beside another user's folder", () => {
  beforeAll(async () => {
    // A shared temporary directory like /tmp (anyone may create, only owners remove), holding a
    // root-owned hirewise-uploads that `nobody` can't write into.
    tmp = await mkdtemp(path.join(tmpdir(), "hirewise-shared-tmp-"));
    await chmod(tmp, 0o1777);
    await mkdir(path.join(tmp, "hirewise-uploads"), { mode: 0o755 });
    dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-nobody-data-"));
    await chown(dataDir, NOBODY.uid, NOBODY.gid);

    db = await cloneTestDatabase(inject("adminDatabaseUrl"), inject("templateDatabase"));
    orm = await openOrm(db.url);
    setOrm(orm);
    queue = await startQueue(db.url, logger, { workers: false });
    const employer = await signUp({
      email: "erin@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Quantum Widgets",
      full_name: "Erin Employer",
      plan: "business",
    });
    await signUp({
      email: "nora@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Nora Nobody",
      plan: "essential",
    });
    jobId = await publishTestJob(employer.id, { title: "Operations Engineer" });

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["server.ts"], {
      ...NOBODY,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        DATABASE_URL: db.url,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        TMPDIR: tmp,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk) => (log += chunk));
    child.stderr!.on("data", (chunk) => (log += chunk));
    await waitForOk(`${baseUrl}/readyz`, 30_000, child, () => log);
    candidate = await signInOverHttp(baseUrl, "nora@example.com", PASSWORD);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await exitOf(child);
    }
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
    await db?.drop();
    await rm(tmp, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it("takes a resume in a private folder of the process's own", async () => {
    const response = await uploadResume();
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    const [row] = await orm.em
      .fork()
      .execute<{ original_name: string }[]>(
        `select r.original_name from application_drafts d join resumes r on r.id = d.resume_id where d.job_id = ?`,
        [jobId],
      );
    expect(row?.original_name).toBe("Nora CV.pdf");
    const folders = await uploadFolders();
    expect(folders).toEqual([
      { name: "hirewise-uploads", uid: 0, mode: 0o755 },
      { name: expect.stringMatching(/^hirewise-uploads-.{6}$/), uid: NOBODY.uid, mode: 0o700 },
    ]);
    // Nothing waits there once the upload is stored.
    expect(await readdir(path.join(tmp, folders[1]!.name))).toEqual([]);
  });

  it("answers a clear message when the folder can't be written, and logs the cause", async () => {
    const own = (await uploadFolders()).find((f) => f.name !== "hirewise-uploads")!;
    // Another user takes the folder over.
    await chown(path.join(tmp, own.name), 0, 0);
    await chmod(path.join(tmp, own.name), 0o755);
    const response = await uploadResume();
    const page = await response.text();
    expect(response.status).toBe(500);
    expect(page).toContain(UPLOAD_FAILED.replace("'", "&#x27;"));
    expect(log).toContain("an upload could not be written to the temporary folder");
    expect(log).toContain("EACCES");
  });

  it("removes its folder when it exits", async () => {
    const own = (await uploadFolders()).find((f) => f.name !== "hirewise-uploads")!;
    // Given back, so the process may remove it.
    await chown(path.join(tmp, own.name), NOBODY.uid, NOBODY.gid);
    child.kill("SIGTERM");
    expect(await exitOf(child)).toBe(0);
    expect((await uploadFolders()).map((f) => f.name)).toEqual(["hirewise-uploads"]);
  });
});
