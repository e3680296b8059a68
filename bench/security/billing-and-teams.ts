// Billing and team rules, replayed against the production build: a plan holder removed from the
// company (their card, invoices and Stripe portal; their plan's limits), teammates without the
// manage-billing permission, two checkouts completing, and a company losing its last owner or
// member. Stripe is the tests' fake: a second web process of the same build runs on the bench's
// database with the fake's keys (the bench's own server takes no payments), and Stripe's events
// reach it signed, through its edge.
import type { ChildProcess } from "node:child_process";
import Stripe from "stripe";
import { query, type Probe, type ProbeContext } from "./probe.ts";
import { httpClient, redirectedTo, signInOverHttp, together, type HttpClient } from "../../tests/support/http.ts";
import { startFakeStripe, type FakeStripe } from "../../tests/support/fake-stripe.ts";
import { exitOf, freePort, spawnServer } from "../../tests/support/app-server.ts";
import { countInMailbox, linkInMailbox } from "../../tests/support/mailbox.ts";
import { until } from "../server.ts";

const PASSWORD = "probe password 1";
const tag = Date.now().toString(36);
let seq = 0;

interface Paying {
  base: string;
  dataDir: string;
  fake: FakeStripe;
  child: ChildProcess;
}

let paying: Promise<Paying> | undefined;

/** The same build with Stripe (the fake) on the bench's database; stopped when the bench exits. */
function payingServer(ctx: ProbeContext): Promise<Paying> {
  paying ??= (async () => {
    const fake = await startFakeStripe();
    const client = new Stripe(fake.settings.secretKey, { ...fake.settings.api });
    await client.products.create({ id: "hirewise_employer_startup", name: "Startup" });
    await client.prices.create({
      product: "hirewise_employer_startup",
      currency: "usd",
      unit_amount: 5999,
      recurring: { interval: "month" },
      lookup_key: "employer_startup_monthly",
    });
    const port = await freePort();
    // The bench server's DATA_DIR: the same secret key (signed links, sessions) and dev mailbox.
    const dataDir = ctx.dataDir;
    const base = `http://127.0.0.1:${port}`;
    const { child, output } = spawnServer({
      ...fake.env,
      DATABASE_URL: ctx.databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      QUOTAS: "signups=1000",
      REQUIRE_EMAIL_VERIFICATION: "false",
    });
    // The bench exits with process.exit: the second server goes with it whatever ran.
    process.once("exit", () => child.kill("SIGTERM"));
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        return (await fetch(`${base}/readyz`).catch(() => null))?.ok || null;
      },
      60_000,
      `${base}/readyz answering 200`,
    ).catch((error: Error) => {
      throw new Error(`${error.message}:\n${output()}`);
    });
    return { base, dataDir, fake, child };
  })();
  return paying;
}

/** Stops the second server before the bench stops its database (the last probe here calls it). */
async function stopPaying(): Promise<void> {
  if (!paying) return;
  const { child, fake } = await paying;
  paying = undefined;
  child.kill("SIGTERM");
  await exitOf(child);
  await fake.close();
}

async function employer(p: Paying, name: string): Promise<{ email: string; id: string; client: HttpClient }> {
  const email = `${name}-${tag}-${++seq}@probe.example`;
  const signUp = await httpClient(p.base).post("/auth?mode=signup", {
    mode: "signup",
    email,
    password: PASSWORD,
    full_name: name,
    role: "employer",
    company_name: `${name} ${tag} ${seq}`,
  });
  await signUp.arrayBuffer();
  const client = await signInOverHttp(p.base, email, PASSWORD);
  // The first employer page makes their company.
  await (await client.get("/account")).arrayBuffer();
  return {
    email,
    id: (await query<{ id: string }>(pctx!, `select id from users where email = $1`, [email]))[0]!.id,
    client,
  };
}

let pctx: ProbeContext | undefined;

/** The link under `pathPrefix` in the email to `to` with `subject`, once it has arrived. */
const mailedLink = (dataDir: string, to: string, subject: string, pathPrefix: string, timeoutMs = 30_000) =>
  until(() => linkInMailbox(dataDir, to, subject, pathPrefix), timeoutMs, `"${subject}" to ${to}`);

async function join(
  p: Paying,
  owner: HttpClient,
  companyName: string,
  person: { email: string; client: HttpClient },
  role: string,
): Promise<void> {
  await (await owner.post("/employer/team", { intent: "invite", email: person.email, role })).arrayBuffer();
  const link = await mailedLink(p.dataDir, person.email, `Join ${companyName} on Hirewise`, "/invitations/");
  const accepted = await person.client.post(link, {});
  await accepted.arrayBuffer();
  if (!redirectedTo(accepted)) throw new Error(`joining as ${role} answered ${accepted.status}`);
}

const companyNameOf = async (userId: string) =>
  (
    await query<{ name: string }>(
      pctx!,
      `select c.name from companies c join company_members m on m.company_id = c.id where m.user_id = $1`,
      [userId],
    )
  )[0]!.name;

async function deliver(p: Paying, type: string, object: Record<string, unknown>): Promise<number> {
  const event = p.fake.event(type, object);
  const answer = await fetch(`${p.base}/billing/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
    body: event.body,
  });
  await answer.arrayBuffer();
  return answer.status;
}

async function checkout(p: Paying, client: HttpClient): Promise<string> {
  const answer = await client.post("/billing/checkout", { plan: "startup", billing: "monthly" });
  await answer.arrayBuffer();
  const location = redirectedTo(answer) ?? "";
  if (!location.startsWith(`${p.fake.url}/checkout/pay/`)) throw new Error(`checkout answered ${answer.status}`);
  return location.split("/").pop()!;
}

const CARD = 'last4\\",\\"4242';
const INVOICES = "/invoices/hosted/";
const accountPage = async (client: HttpClient) => (await client.get("/account")).text();

/** A company whose creator paid for Startup, with a co-owner, a recruiter and an interviewer. */
let team:
  | Promise<{
      p: Paying;
      creator: Awaited<ReturnType<typeof employer>>;
      coOwner: Awaited<ReturnType<typeof employer>>;
      recruiter: Awaited<ReturnType<typeof employer>>;
      interviewer: Awaited<ReturnType<typeof employer>>;
      customer: string;
    }>
  | undefined;
function payingTeam(ctx: ProbeContext) {
  pctx = ctx;
  team ??= (async () => {
    const p = await payingServer(ctx);
    const creator = await employer(p, "creator");
    const company = await companyNameOf(creator.id);
    const [coOwner, recruiter, interviewer] = [
      await employer(p, "coowner"),
      await employer(p, "recruiter"),
      await employer(p, "interviewer"),
    ];
    await join(p, creator.client, company, coOwner, "owner");
    await join(p, creator.client, company, recruiter, "recruiter");
    await join(p, creator.client, company, interviewer, "interviewer");
    const done = p.fake.completeCheckout(await checkout(p, creator.client));
    if ((await deliver(p, "checkout.session.completed", done.session)) !== 200)
      throw new Error("the webhook refused the checkout");
    return { p, creator, coOwner, recruiter, interviewer, customer: done.session.customer as string };
  })();
  return team;
}

const interviewerSeesBilling: Probe = {
  check:
    "billing/teams: interviewer sees billing details: /account of an interviewer and a recruiter shows no card or invoices, portal 404",
  tries: 2,
  async run(ctx) {
    const { recruiter, interviewer } = await payingTeam(ctx);
    let passed = 0;
    const seen: string[] = [];
    for (const who of [recruiter, interviewer]) {
      const page = await accountPage(who.client);
      const portal = await who.client.post("/billing/portal", { flow: "payment" });
      await portal.arrayBuffer();
      if (!page.includes(CARD) && !page.includes(INVOICES) && portal.status === 404) passed++;
      seen.push(`card ${page.includes(CARD)} invoices ${page.includes(INVOICES)} portal ${portal.status}`);
    }
    return { passed, detail: seen.join(" | ") };
  },
};

const removedHolder: Probe = {
  check:
    "billing/teams: removed plan holder's card and portal: the co-owner who removed them sees no card or invoices, and change/payment/cancel open no portal on it",
  tries: 4,
  async run(ctx) {
    const { p, creator, coOwner, customer } = await payingTeam(ctx);
    await (await coOwner.client.post("/employer/team", { intent: "remove", member: creator.id })).arrayBuffer();
    let passed = 0;
    const seen: string[] = [];
    const page = await accountPage(coOwner.client);
    if (!page.includes(CARD) && !page.includes(INVOICES)) passed++;
    seen.push(`card ${page.includes(CARD)} invoices ${page.includes(INVOICES)}`);
    for (const flow of ["change", "payment", "cancel"]) {
      const before = p.fake.hits.filter(
        (h) => h.path === "/v1/billing_portal/sessions" && h.params.customer === customer,
      ).length;
      const answer = await coOwner.client.post("/billing/portal", { flow });
      await answer.arrayBuffer();
      const after = p.fake.hits.filter(
        (h) => h.path === "/v1/billing_portal/sessions" && h.params.customer === customer,
      ).length;
      if (after === before && !(redirectedTo(answer) ?? "").includes("/portal/")) passed++;
      seen.push(`${flow} ${answer.status}`);
    }
    return { passed, detail: seen.join(" | ") };
  },
};

const oneSubscriptionTwoCompanies: Probe = {
  check:
    "billing/teams: one subscription for two companies: after the holder's removal the company is on its trial (1 active job), the holder's new one on Startup (5)",
  tries: 2,
  async run(ctx) {
    const { creator, coOwner } = await payingTeam(ctx);
    // Runs after the removal above (probes run in order); removing again changes nothing.
    await (await coOwner.client.post("/employer/team", { intent: "remove", member: creator.id })).arrayBuffer();
    const left = await accountPage(coOwner.client);
    const theirs = await accountPage(creator.client);
    const usage = (page: string) => /Active jobs<\/dt><dd[^>]*>(\d+ of \d+|[^<]*)</.exec(page)?.[1] ?? "?";
    const passed = Number(usage(left).endsWith("of 1")) + Number(usage(theirs).endsWith("of 5"));
    return { passed, detail: `left behind: ${usage(left)}, holder's new company: ${usage(theirs)}` };
  },
};

const twoCheckouts: Probe = {
  check:
    "billing/teams: two checkouts both completing: 2 parallel checkouts paid and confirmed at once leave 1 live subscription, the other cancelled and refunded (3 rounds)",
  tries: 3,
  async run(ctx) {
    pctx = ctx;
    const p = await payingServer(ctx);
    let passed = 0;
    const seen: string[] = [];
    for (let round = 0; round < 3; round++) {
      const payer = await employer(p, "twice");
      await query(
        ctx,
        `update subscriptions set started_at = now() - interval '40 days', trial_ends_at = now() - interval '26 days' where user_id = $1`,
        [payer.id],
      );
      const answers = await together(
        [1, 2].map(() => () => payer.client.post("/billing/checkout", { plan: "startup", billing: "monthly" })),
      );
      const done = answers.map((a) => p.fake.completeCheckout(a.location!.split("/").pop()!));
      const statuses = await Promise.all(done.map((d) => deliver(p, "checkout.session.completed", d.session)));
      const live = done.filter((d) => p.fake.subscriptions.get(d.subscription.id)!.status !== "canceled");
      const refunded = done.filter((d) =>
        p.fake.refunds.some((r) => r.charge === d.invoice.payments.data[0]?.payment.charge),
      );
      if (statuses.every((s) => s === 200) && live.length === 1 && refunded.length === 1 && refunded[0] !== live[0])
        passed++;
      seen.push(`${live.length} live, ${refunded.length} refunded`);
    }
    return { passed, detail: seen.join(" | ") };
  },
};

const lastOwnerLeaves: Probe = {
  check:
    "billing/teams: last owner deletes their account: a recruiter is made owner before an earlier interviewer, and is emailed",
  tries: 2,
  async run(ctx) {
    pctx = ctx;
    const p = await payingServer(ctx);
    const owner = await employer(p, "lastowner");
    const company = await companyNameOf(owner.id);
    const interviewer = await employer(p, "early-interviewer");
    const recruiter = await employer(p, "late-recruiter");
    await join(p, owner.client, company, interviewer, "interviewer");
    await join(p, owner.client, company, recruiter, "recruiter");
    await (await owner.client.post("/account/delete", { password: PASSWORD, confirmation: "DELETE" })).arrayBuffer();
    const roles = await query<{ user_id: string; role: string }>(
      ctx,
      `select user_id, role from company_members where user_id = any($1)`,
      [[interviewer.id, recruiter.id]],
    );
    const roleOf = (id: string) => roles.find((r) => r.user_id === id)?.role;
    let passed = Number(roleOf(recruiter.id) === "owner" && roleOf(interviewer.id) === "interviewer");
    const mailed = await mailedLink(
      p.dataDir,
      recruiter.email,
      `You're now an owner of ${company} on Hirewise`,
      "/employer/team",
      15_000,
    ).catch(() => null);
    if (
      mailed &&
      (await countInMailbox(p.dataDir, interviewer.email, `You're now an owner of ${company} on Hirewise`)) === 0
    )
      passed++;
    return {
      passed,
      detail: `recruiter ${roleOf(recruiter.id)}, interviewer ${roleOf(interviewer.id)}, emailed ${Boolean(mailed)}`,
    };
  },
};

const lastMemberInvitations: Probe = {
  check:
    "billing/teams: last member deletes their account: the company's pending invitation link answers 410 and nobody joins it",
  tries: 2,
  async run(ctx) {
    try {
      return await lastMemberRun(ctx);
    } finally {
      await stopPaying();
    }
  },
};

async function lastMemberRun(ctx: ProbeContext) {
  {
    pctx = ctx;
    const p = await payingServer(ctx);
    const last = await employer(p, "lastmember");
    const company = await companyNameOf(last.id);
    const invitee = await employer(p, "latecomer");
    await (
      await last.client.post("/employer/team", { intent: "invite", email: invitee.email, role: "owner" })
    ).arrayBuffer();
    const link = await mailedLink(p.dataDir, invitee.email, `Join ${company} on Hirewise`, "/invitations/");
    await (await last.client.post("/account/delete", { password: PASSWORD, confirmation: "DELETE" })).arrayBuffer();
    const page = await invitee.client.get(link);
    await page.arrayBuffer();
    const accepted = await invitee.client.post(link, {});
    await accepted.arrayBuffer();
    const members = await query<{ n: number }>(
      ctx,
      `select count(*)::int as n from company_members m join companies c on c.id = m.company_id where c.name = $1`,
      [company],
    );
    return {
      passed: Number(page.status === 410) + Number(members[0]!.n === 0),
      detail: `link ${page.status}, accept ${accepted.status}, members ${members[0]!.n}`,
    };
  }
}

export const probes: Probe[] = [
  interviewerSeesBilling,
  removedHolder,
  oneSubscriptionTwoCompanies,
  twoCheckouts,
  lastOwnerLeaves,
  lastMemberInvitations,
];
