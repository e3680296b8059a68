// Google's Indexing API against a fake Google on 127.0.0.1 (token endpoint + /batch, checking the
// JWT's signature with the key's public half): publishing and editing send URL_UPDATED, closing and
// expiry URL_DELETED, through the queue's worker; nothing at all without a service account; the
// day's quota leaves the rest pending with a log line until Google's day turns; the token is kept
// until it nearly expires; a refusal is logged, not retried forever.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { generateKeyPairSync } from "node:crypto";
import { setClock } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { parseServiceAccount } from "../../lib/indexing-settings.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { WAIT } from "../../tests/support/wait.ts";
import { startFakeGoogleIndexing, type FakeGoogleIndexing } from "../../tests/support/fake-google-indexing.ts";
import {
  changeJobStatus,
  closeExpiredJobs,
  memberFor,
  publishDraft,
  saveDraft,
  wizardState,
} from "../hiring/index.server.ts";
import {
  IndexingHttpError,
  INDEXING_QUEUE,
  forgetIndexingToken,
  jobPageUrl,
  publishBatch,
  quotaDay,
  quotaUsed,
  sendIndexingNotifications,
  setIndexingSettings,
} from "./index.server.ts";

useTestRuntime({ workers: true });

let fake: FakeGoogleIndexing;
beforeAll(async () => {
  fake = await startFakeGoogleIndexing();
});
afterAll(async () => {
  setIndexingSettings(undefined);
  await fake.close();
});
afterEach(() => {
  setClock(undefined);
  vi.restoreAllMocks();
});

const DAY = 86_400_000;
let n = 0;
const employer = () =>
  signUpOnPlan({
    email: `indexing-owner-${++n}@example.com`,
    password: "correct horse battery",
    role: "employer",
    full_name: `Owner ${n}`,
    company_name: `Indexed ${n}`,
    plan: "business",
  });
const pending = async () =>
  em().execute<{ url: string; type: string }[]>(`select url, type from indexing_notifications order by url`);
const queued = async (jobId: string) =>
  Number(
    (
      await em().execute<{ n: number }[]>(
        `select count(*)::int as n from pgboss.job where name = ? and data->>'jobId' = ?`,
        [INDEXING_QUEUE, jobId],
      )
    )[0]!.n,
  );
/** Waits until the fake has received `type` for the job's page. */
const received = (jobId: string, type: string) =>
  vi.waitFor(() => expect(fake.notifications).toContainEqual({ url: jobPageUrl(jobId), type }), WAIT);

describe("without a service account", () => {
  it("writes, queues and sends nothing", async () => {
    setIndexingSettings(null);
    const owner = await employer();
    const jobId = await publishTestJob(owner.id);
    await changeJobStatus(await memberFor(owner.id), jobId, "close");
    expect(await pending()).toEqual([]);
    expect(await queued(jobId)).toBe(0);
    expect(await sendIndexingNotifications()).toEqual({ sent: 0, refused: 0, waiting: 0 });
    expect(fake.notifications).toEqual([]);
    expect(fake.tokensIssued).toBe(0);
  });

  it("refuses a key that isn't a service account's at start-up", () => {
    expect(() => parseServiceAccount("{}")).toThrow("GOOGLE_INDEXING_CREDENTIALS lacks client_email");
    expect(() => parseServiceAccount("not json")).toThrow("is not a service account's JSON key");
    expect(parseServiceAccount(JSON.stringify(fake.keyFile)).clientEmail).toBe(fake.keyFile.client_email);
  });
});

describe("with a service account", () => {
  it("sends URL_UPDATED on publish and edit, URL_DELETED on close and expiry, through the queue", async () => {
    setIndexingSettings(fake.settings());
    forgetIndexingToken();
    const tokensBefore = fake.tokensIssued;
    const start = new Date("2027-03-01T18:00:00Z");
    setClock(start);
    const owner = await employer();
    const member = await memberFor(owner.id);

    const published = await publishTestJob(owner.id, { title: "Published" });
    await received(published, "URL_UPDATED");
    expect(await queued(published)).toBe(1);

    fake.notifications.length = 0;
    const state = await wizardState(member, published);
    await saveDraft(member, published, { ...state.form, title: "Published, edited" });
    await publishDraft(member, published);
    await received(published, "URL_UPDATED");

    await changeJobStatus(member, published, "close");
    await received(published, "URL_DELETED");
    await changeJobStatus(member, published, "reopen");
    await vi.waitFor(
      () => expect(fake.notifications.at(-1)).toEqual({ url: jobPageUrl(published), type: "URL_UPDATED" }),
      WAIT,
    );

    const expiring = await publishTestJob(owner.id, { title: "Expiring" });
    await received(expiring, "URL_UPDATED");
    setClock(new Date(start.getTime() + 61 * DAY));
    expect(await closeExpiredJobs(new Date(start.getTime() + 61 * DAY))).toContain(expiring);
    await received(expiring, "URL_DELETED");

    await vi.waitFor(async () => expect(await pending()).toEqual([]), WAIT);
    // One token for all of it: kept until a minute before it expires.
    expect(fake.tokensIssued - tokensBefore).toBe(1);
    expect(fake.tokenRefusals).toEqual([]);
  });

  it("sends up to 100 notifications in one batch, each answered in its part", async () => {
    setIndexingSettings(fake.settings());
    const batchesBefore = fake.batches;
    fake.notifications.length = 0;
    const urls = [
      "https://hirewise.example/jobs/a",
      "https://hirewise.example/jobs/b",
      "https://hirewise.example/jobs/c",
    ];
    fake.refuse = (url) => (url === urls[1] ? 403 : undefined);
    const results = await publishBatch(fake.settings(), [
      { url: urls[0]!, type: "URL_UPDATED" },
      { url: urls[1]!, type: "URL_UPDATED" },
      { url: urls[2]!, type: "URL_DELETED" },
    ]);
    fake.refuse = () => undefined;
    expect(fake.batches - batchesBefore).toBe(1);
    expect(results).toEqual([
      { ok: true },
      { ok: false, status: 403, message: "Permission denied. Failed to verify the URL ownership." },
      { ok: true },
    ]);
    expect(fake.notifications).toEqual([
      { url: urls[0], type: "URL_UPDATED" },
      { url: urls[2], type: "URL_DELETED" },
    ]);
  });

  it("keeps within the day's quota: the rest waits, logged, until midnight Pacific time", async () => {
    // A day of its own (Pacific), with room for two publish requests.
    const morning = new Date("2027-07-10T16:00:00Z");
    setClock(morning);
    const { day, resetsAt } = quotaDay(morning);
    expect(day).toBe("2027-07-10");
    expect(resetsAt.toISOString()).toBe("2027-07-11T07:00:00.000Z"); // midnight PDT
    setIndexingSettings(fake.settings(2));
    const warn = vi.spyOn(logger, "warn");
    fake.notifications.length = 0;
    const owner = await employer();
    const jobs = [];
    for (const title of ["One", "Two", "Three"]) jobs.push(await publishTestJob(owner.id, { title }));
    await vi.waitFor(async () => {
      expect(fake.notifications).toHaveLength(2);
      expect(await pending()).toHaveLength(1);
    }, WAIT);
    expect(await quotaUsed(day)).toBe(2);
    // Nothing more goes today, whatever runs; the one left is said to wait, with when.
    expect(await sendIndexingNotifications()).toEqual({ sent: 0, refused: 0, waiting: 1 });
    expect(fake.notifications).toHaveLength(2);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ waiting: 1, limit: 2, day, resetsAt: resetsAt.toISOString() }),
      `Indexing API: today's quota of 2 publish requests is used; 1 notifications wait until ${resetsAt.toISOString()}`,
    );

    // Google's next day: it goes.
    setClock(new Date(resetsAt.getTime() + 60_000));
    expect(await sendIndexingNotifications()).toEqual({ sent: 1, refused: 0, waiting: 0 });
    expect(new Set(fake.notifications.map((x) => x.url))).toEqual(new Set(jobs.map(jobPageUrl)));
    expect(await quotaUsed("2027-07-11")).toBe(1);
  });

  it("logs a notification Google refuses for good and does not send it again", async () => {
    setClock(new Date("2027-08-01T16:00:00Z"));
    setIndexingSettings(fake.settings());
    const error = vi.spyOn(logger, "error");
    const owner = await employer();
    fake.refuse = () => 403;
    const jobId = await publishTestJob(owner.id, { title: "Not ours" });
    await vi.waitFor(async () => expect(await pending()).toEqual([]), WAIT);
    fake.refuse = () => undefined;
    expect(fake.notifications).not.toContainEqual({ url: jobPageUrl(jobId), type: "URL_UPDATED" });
    expect(error).toHaveBeenCalledWith(
      { url: jobPageUrl(jobId), type: "URL_UPDATED", status: 403 },
      "Indexing API refused a notification: Permission denied. Failed to verify the URL ownership.",
    );
  });
});

describe("the access token", () => {
  it("is asked for again once it is about to expire", async () => {
    forgetIndexingToken();
    const before = fake.tokensIssued;
    fake.expiresIn = 30; // within the minute's margin: never kept
    await publishBatch(fake.settings(), [{ url: "https://hirewise.example/jobs/t1", type: "URL_UPDATED" }]);
    await publishBatch(fake.settings(), [{ url: "https://hirewise.example/jobs/t2", type: "URL_UPDATED" }]);
    expect(fake.tokensIssued - before).toBe(2);
    fake.expiresIn = 3599;
    forgetIndexingToken();
    await publishBatch(fake.settings(), [{ url: "https://hirewise.example/jobs/t3", type: "URL_UPDATED" }]);
    await publishBatch(fake.settings(), [{ url: "https://hirewise.example/jobs/t4", type: "URL_UPDATED" }]);
    expect(fake.tokensIssued - before).toBe(3);
  });

  it("is refused for a JWT not signed with the service account's key", async () => {
    forgetIndexingToken();
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    const settings = fake.settings();
    const forged = { ...settings, account: { ...settings.account, privateKey: other.toString() } };
    const refused = await publishBatch(forged, [{ url: "https://hirewise.example/jobs/x", type: "URL_UPDATED" }]).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(IndexingHttpError);
    expect((refused as IndexingHttpError).status).toBe(400);
    expect(fake.tokenRefusals.at(-1)).toBe("signature verification failed");
    forgetIndexingToken();
  });
});
