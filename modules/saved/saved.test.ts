// Saved jobs and job alerts against the real database and queue: idempotent saves, other people's
// things, caps, the digest's selection under the test clock, two runs at once, signed links.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberFor } from "../hiring/index.server.ts";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { signLink, verifyLink } from "../../lib/signed-links.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { changeJobStatus } from "../hiring/index.server.ts";
import {
  createAlert,
  describeSearch,
  searchPath,
  deleteAlert,
  listAlerts,
  listSavedJobs,
  MAX_ALERTS,
  runAlerts,
  savedAmong,
  saveJob,
  type SavedError,
  setAlertPaused,
  unsaveJob,
  unsubscribeAlert,
  updateAlert,
  UNSUBSCRIBE_PURPOSE,
  type AlertInput,
} from "./index.server.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
beforeAll(() => {
  setMailer({
    async send(message) {
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
  });
});
afterAll(() => setMailer(undefined));

let seq = 0;
const candidate = (name = "Grace Hopper") =>
  signUpOnPlan({
    email: `saved-c${++seq}@example.com`,
    password: "correct horse",
    role: "candidate",
    plan: "essential",
    full_name: name,
  });
const employer = () =>
  signUpOnPlan({
    email: `saved-e${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan: "startup",
    full_name: "Ada",
  });
const alertInput = (q: string, frequency = "daily", location = ""): AlertInput => ({
  q,
  location,
  locationType: "",
  employmentType: "",
  category: "",
  minSalary: "",
  frequency,
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as SavedError,
  );

describe("saved jobs", () => {
  it("saves and unsaves idempotently, lists newest first with closed jobs marked, and keeps people apart", async () => {
    const boss = await employer();
    const me = await candidate();
    const other = await candidate();
    const first = await publishTestJob(boss.id, { title: "Compiler Engineer" });
    const second = await publishTestJob(boss.id, { title: "Queue Engineer" });
    await saveJob(me.id, first);
    await saveJob(me.id, `board:${first}`);
    await saveJob(me.id, second);
    expect((await listSavedJobs(me.id)).map((s) => s.job.id)).toEqual([second, first]);
    await changeJobStatus(await memberFor(boss.id), first, "close");
    expect((await listSavedJobs(me.id)).map((s) => [s.job.title, s.open])).toEqual([
      ["Queue Engineer", true],
      ["Compiler Engineer", false],
    ]);
    // A closed or unknown job can't be saved.
    expect((await refusal(saveJob(other.id, first)))?.code).toBe("not-found");
    expect((await refusal(saveJob(other.id, "nonsense\0")))?.code).toBe("not-found");
    // Another candidate unsaving my job changes nothing.
    await unsaveJob(other.id, second);
    expect(await savedAmong(me.id, [first, second])).toEqual(new Set([first, second]));
    await unsaveJob(me.id, second);
    await unsaveJob(me.id, second);
    expect((await listSavedJobs(me.id)).map((s) => s.job.id)).toEqual([first]);
  });

  it("saves a provider listing by importing it, once however often", async () => {
    const me = await candidate();
    const jobId = await saveJob(me.id, "sample:sample-frontend-react-northwind");
    expect(await saveJob(me.id, "sample:sample-frontend-react-northwind")).toBe(jobId);
    expect((await listSavedJobs(me.id)).map((s) => s.job.title)).toEqual(["Senior Frontend Engineer (React)"]);
    await unsaveJob(me.id, "sample:sample-frontend-react-northwind");
    expect(await listSavedJobs(me.id)).toEqual([]);
    expect((await refusal(saveJob(me.id, "sample:no-such-listing")))?.code).toBe("not-found");
  });
});

describe("job alerts", () => {
  it("creates, edits, pauses, resumes and deletes; another candidate's alert by id is not found and unchanged", async () => {
    const me = await candidate();
    const other = await candidate();
    const alert = await createAlert(me.id, alertInput("react", "daily", "Berlin"));
    // The same search again is the same alert.
    expect((await createAlert(me.id, alertInput("  React ", "weekly", "berlin"))).id).toBe(alert.id);
    expect((await refusal(updateAlert(other.id, alert.id, { q: "x", location: "", frequency: "weekly" })))?.code).toBe(
      "not-found",
    );
    expect((await refusal(setAlertPaused(other.id, alert.id, true)))?.code).toBe("not-found");
    expect((await refusal(deleteAlert(other.id, alert.id)))?.code).toBe("not-found");
    expect((await refusal(deleteAlert(me.id, "not-a-uuid")))?.code).toBe("not-found");
    expect(await listAlerts(me.id)).toMatchObject([
      { q: "react", location: "Berlin", frequency: "daily", paused: false },
    ]);
    const edited = await updateAlert(me.id, alert.id, { q: "react native", location: "Remote", frequency: "weekly" });
    expect(edited).toMatchObject({ q: "react native", location: "Remote", frequency: "weekly" });
    expect(new Date(edited.nextRunAt!).getUTCDay()).toBe(1);
    const bad = await refusal(updateAlert(me.id, alert.id, { q: "x", location: "", frequency: "hourly" }));
    expect(bad?.fieldErrors).toEqual({ frequency: "Choose daily or weekly." });
    await setAlertPaused(me.id, alert.id, true);
    expect((await listAlerts(me.id))[0]).toMatchObject({ paused: true, nextRunAt: null });
    await setAlertPaused(me.id, alert.id, false);
    expect((await listAlerts(me.id))[0]!.paused).toBe(false);
    await deleteAlert(me.id, alert.id);
    expect(await listAlerts(me.id)).toEqual([]);
  });

  it("refuses alerts past the cap, even when they are created at once", async () => {
    const me = await candidate();
    const results = await Promise.allSettled(
      Array.from({ length: MAX_ALERTS + 5 }, (_, i) => createAlert(me.id, alertInput(`skill${i}`))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_ALERTS);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      code: "plan-limit",
      message: `You can keep up to ${MAX_ALERTS} job alerts. Delete one you no longer need to add another.`,
    });
    expect(await listAlerts(me.id)).toHaveLength(MAX_ALERTS);
  });

  it("sends each alert the jobs first seen since its last send, and nothing when nothing is new", async () => {
    // Only this test's alerts are due (the runs take every due alert).
    await em().execute("delete from job_alerts");
    const boss = await employer();
    const me = await candidate("Ada Lovelace");
    setClock(new Date("2026-12-07T10:00:00Z")); // a Monday
    const alert = await createAlert(me.id, alertInput("zanzibar", "daily"));
    // Published before the alert: not new to it.
    setClock(new Date("2026-12-07T09:00:00Z"));
    await publishTestJob(boss.id, { title: "Zanzibar Old Role" });
    setClock(new Date("2026-12-07T12:00:00Z"));
    const fresh = await publishTestJob(boss.id, { title: "Zanzibar Engineer" });
    // Not due before 07:00 the next day.
    setClock(new Date("2026-12-08T06:30:00Z"));
    expect((await runAlerts("run-early", new Date("2026-12-08T06:30:00Z"))).claimed).toBe(0);
    setClock(new Date("2026-12-08T07:10:00Z"));
    const before = sent.length;
    const summary = await runAlerts("run-1", new Date("2026-12-08T07:10:00Z"));
    expect(summary).toMatchObject({ claimed: 1, digests: 1 });
    await expect.poll(() => sent.slice(before).some((m) => m.to === me.email)).toBe(true);
    const digest = sent.slice(before).find((m) => m.to === me.email)!;
    expect(digest.subject).toBe("1 new job for “zanzibar”");
    expect(digest.text).toContain("Zanzibar Engineer");
    expect(digest.text).toContain("Hi Ada,");
    expect(digest.text).not.toContain("Zanzibar Old Role");
    expect(digest.html).toContain(`/candidate/jobs/${fresh}`);
    // RFC 8058: a signed one-click link, and the POST that mail clients send.
    const unsubscribe = digest.headers?.["List-Unsubscribe"] ?? "";
    expect(unsubscribe).toMatch(/^<http:\/\/[^>]+\/alerts\/unsubscribe\/[^>]+>$/);
    expect(digest.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await verifyLink(UNSUBSCRIBE_PURPOSE, unsubscribe.slice(1, -1).split("/").pop()!)).toBe(alert.id);
    // Run again in the same period: nothing is claimed.
    expect((await runAlerts("run-2", new Date("2026-12-08T08:10:00Z"))).claimed).toBe(0);
    // The next day with nothing new: claimed, but no digest.
    setClock(new Date("2026-12-09T07:10:00Z"));
    const next = await runAlerts("run-3", new Date("2026-12-09T07:10:00Z"));
    expect(next).toMatchObject({ claimed: 1, digests: 0 });
    const mine = await em().execute<{ n: number }[]>("select count(*)::int as n from sent_emails where key like ?", [
      `alert-digest:${alert.id}:%`,
    ]);
    expect(mine[0]!.n).toBe(1);
    expect((await listAlerts(me.id))[0]!.lastSentAt).not.toBeNull();
    setClock(undefined);
  });

  it("keeps the search's remote choice and salary currency, in its key, its label and its link", async () => {
    const me = await candidate();
    const plain = await createAlert(me.id, alertInput("ocelot", "daily", "Berlin"));
    const remote = await createAlert(me.id, {
      ...alertInput("ocelot", "daily", "Berlin"),
      includeRemote: "1",
      minSalary: "80000",
      salaryCurrency: "EUR",
    });
    expect(remote.id).not.toBe(plain.id);
    expect(plain).toMatchObject({ includeRemote: null, salaryCurrency: "USD" });
    expect(remote).toMatchObject({ includeRemote: true, salaryCurrency: "EUR", minSalary: 80000 });
    expect(describeSearch(remote)).toBe("“ocelot” in Berlin (from 80,000 EUR, and remote jobs)");
    expect(searchPath(remote)).toBe("/candidate/jobs?q=ocelot&location=Berlin&min_salary=80000&currency=EUR&remote=1");
    expect(
      (
        await createAlert(me.id, {
          ...alertInput("ocelot", "daily", "Berlin"),
          includeRemote: "x",
          salaryCurrency: "XYZ",
        })
      ).id,
    ).toBe(plain.id);
  });

  it("sends each digest once when two runs go at the same time", async () => {
    await em().execute("delete from job_alerts");
    const boss = await employer();
    setClock(new Date("2026-12-14T10:00:00Z"));
    const people = await Promise.all(Array.from({ length: 12 }, () => candidate()));
    const alerts = await Promise.all(
      people.map((p, i) => createAlert(p.id, alertInput(i % 3 ? "quokka" : "quokka remote"))),
    );
    setClock(new Date("2026-12-14T12:00:00Z"));
    await publishTestJob(boss.id, {
      title: "Quokka Keeper",
      skills: "Remote quokka care",
      description: "Remote quokka care.",
    });
    const at = new Date("2026-12-15T07:10:00Z");
    setClock(at);
    const [a, b] = await Promise.all([runAlerts("parallel-a", at), runAlerts("parallel-b", at)]);
    expect(a.claimed + b.claimed).toBe(alerts.length);
    expect(a.digests + b.digests).toBe(alerts.length);
    const emails = new Set(people.map((p) => p.email));
    await expect.poll(() => sent.filter((m) => emails.has(m.to)).length).toBeGreaterThanOrEqual(alerts.length);
    // Every send job has ended; each person got one digest.
    await expect
      .poll(async () => {
        const [row] = await em().execute<{ n: number }[]>(
          "select count(*)::int as n from pgboss.job where name = 'saved.send-alert-digests' and state not in ('completed', 'failed')",
        );
        return row!.n;
      })
      .toBe(0);
    expect(sent.filter((m) => emails.has(m.to))).toHaveLength(alerts.length);
    setClock(undefined);
  });
});

describe("unsubscribe links", () => {
  it("refuse a tampered link or one for another alert, and unsubscribe with the right one", async () => {
    const me = await candidate();
    const other = await candidate();
    const mine = await createAlert(me.id, alertInput("wombat"));
    const theirs = await createAlert(other.id, alertInput("wombat"));
    const token = await signLink(UNSUBSCRIBE_PURPOSE, mine.id);
    const [, signature] = token.split(".");
    expect(await verifyLink(UNSUBSCRIBE_PURPOSE, `${theirs.id}.${signature}`)).toBeNull();
    expect(await verifyLink(UNSUBSCRIBE_PURPOSE, `${token.slice(0, -2)}xx`)).toBeNull();
    expect(await verifyLink("another-purpose", token)).toBeNull();
    expect(await verifyLink(UNSUBSCRIBE_PURPOSE, "garbage")).toBeNull();
    expect(await verifyLink(UNSUBSCRIBE_PURPOSE, token)).toBe(mine.id);
    await unsubscribeAlert(mine.id);
    await unsubscribeAlert(mine.id);
    expect((await listAlerts(me.id))[0]!.paused).toBe(true);
    expect((await listAlerts(other.id))[0]!.paused).toBe(false);
  });
});
