// Billing and the team over HTTP against the real server and the fake Stripe server: who sees the
// company's card and invoices and may open Stripe's portal, what happens to the plan when its
// holder is removed (the company goes back to its own trial, an owner takes the plan over through
// checkout), two checkouts that both complete (the second subscription is cancelled and its
// payment refunded), and the invitations of a company whose last member deleted their account. Stripe's events reach the server signed, through its edge, as Stripe sends them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import { redirectedTo, signInOverHttp, together, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { em } from "../../lib/db.ts";
import { setStripeSettings, syncCatalog } from "../../modules/billing-plans/index.server.ts";
import {
  acceptInvitation,
  invitationPath,
  inviteMember,
  memberFor,
  type MemberRole,
} from "../../modules/hiring/index.server.ts";
import { signUp, type Account } from "../../modules/identity/index.server.ts";

const PASSWORD = "correct horse battery";
let fake: FakeStripe;
let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;

beforeAll(async () => {
  fake = await startFakeStripe();
  setStripeSettings(fake.settings);
  await syncCatalog();
  running = await startServerWithModules(fake.env);
  server = running.server;
}, 120_000);
afterAll(async () => {
  await running?.stop();
  setStripeSettings(undefined);
  await fake?.close();
});

let n = 0;
const employer = (name: string) =>
  signUp(
    {
      email: `${name}${++n}@example.com`,
      password: PASSWORD,
      role: "employer",
      company_name: `${name} Co`,
      full_name: name,
    },
    undefined,
    { emailVerified: true },
  );

async function join(owner: Account, person: Account, role: MemberRole) {
  const invitation = await inviteMember(await memberFor(owner.id), { email: person.email, role });
  await acceptInvitation((await invitationPath(invitation.id)).split("/").pop()!, person);
}

const signIn = (account: Account) => signInOverHttp(server.baseUrl, account.email, PASSWORD);

/** Stripe's signed event, posted to the server's webhook as Stripe posts it. */
async function deliver(type: string, object: Record<string, unknown>): Promise<Response> {
  const event = fake.event(type, object);
  return fetch(`${server.baseUrl}/billing/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": event.signature,
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    },
    body: event.body,
  });
}

/** The plan button's POST; returns the Checkout session it was sent to. */
async function startCheckout(client: HttpClient): Promise<string> {
  const answer = await client.post("/billing/checkout", { plan: "startup", billing: "monthly" });
  const location = redirectedTo(answer) ?? "";
  expect(location, `checkout answered ${answer.status}`).toMatch(new RegExp(`^${fake.url}/checkout/pay/cs_test_`));
  return location.split("/").pop()!;
}

/** Pays on Checkout and lets Stripe's checkout.session.completed reach the server. */
async function pay(sessionId: string) {
  const done = fake.completeCheckout(sessionId);
  expect((await deliver("checkout.session.completed", done.session)).status).toBe(200);
  return done;
}

const accountPage = async (client: HttpClient) => {
  const page = await client.get("/account");
  expect(page.status).toBe(200);
  return page.text();
};

// The card as the page shows it (and as its loader data carries it), and the invoices' links.
const CARD = 'last4\\",\\"4242';
const INVOICES = "/invoices/hosted/";
const holderOf = async (companyId: string) =>
  (
    await em().execute<{ billing_user_id: string | null }[]>(`select billing_user_id from companies where id = ?`, [
      companyId,
    ])
  )[0]!.billing_user_id;
const customerOf = async (userId: string) =>
  (
    await em().execute<{ stripe_customer_id: string | null }[]>(
      `select stripe_customer_id from subscriptions where user_id = ?`,
      [userId],
    )
  )[0]!.stripe_customer_id;
const portalHitsFor = (customer: string) =>
  fake.hits.filter((h) => h.path === "/v1/billing_portal/sessions" && h.params.customer === customer).length;

describe("the company's card, invoices and portal", () => {
  it("are shown to owners only, and no longer to anyone once the plan holder is removed; the holder keeps their own", async () => {
    const creator = await employer("creator");
    const [coOwner, recruiter, interviewer] = [
      await employer("coowner"),
      await employer("recruiter"),
      await employer("interviewer"),
    ];
    await join(creator, coOwner, "owner");
    await join(creator, recruiter, "recruiter");
    await join(creator, interviewer, "interviewer");
    const as = {
      creator: await signIn(creator),
      coOwner: await signIn(coOwner),
      recruiter: await signIn(recruiter),
      interviewer: await signIn(interviewer),
    };
    await pay(await startCheckout(as.creator));
    const company = (await memberFor(creator.id)).companyId;
    const customer = (await customerOf(creator.id))!;

    expect(await accountPage(as.coOwner)).toContain(CARD);
    for (const who of [as.recruiter, as.interviewer]) {
      const page = await accountPage(who);
      expect(page).toContain("Startup");
      expect(page).not.toContain(CARD);
      expect(page).not.toContain(INVOICES);
      expect((await who.post("/billing/portal", { flow: "payment" })).status).toBe(404);
    }

    const removed = await as.coOwner.post("/employer/team", { intent: "remove", member: creator.id });
    expect(redirectedTo(removed)).not.toBeNull();
    expect(await holderOf(company)).toBeNull();

    const after = await accountPage(as.coOwner);
    expect(after).not.toContain(CARD);
    expect(after).not.toContain(INVOICES);
    expect(after).toContain("Free Trial");
    const before = portalHitsFor(customer);
    for (const flow of ["change", "payment", "cancel", "home"]) {
      const answer = await as.coOwner.post("/billing/portal", { flow });
      expect(redirectedTo(answer) ?? "").not.toContain("/portal/");
      await answer.arrayBuffer();
    }
    expect(portalHitsFor(customer)).toBe(before);

    // The subscription stays the creator's: their own account page shows it, in their new company.
    const theirs = await accountPage(as.creator);
    expect(theirs).toContain(CARD);
    expect(
      [...fake.subscriptions.values()].filter((s) => s.customer === customer && s.status !== "canceled"),
    ).toHaveLength(1);
  });
});

describe("the plan's limits", () => {
  it("follow the holder: the company they left is on its own trial, and an owner takes the plan over through checkout", async () => {
    const creator = await employer("holder");
    const coOwner = await employer("stays");
    await join(creator, coOwner, "owner");
    const as = { creator: await signIn(creator), coOwner: await signIn(coOwner) };
    await pay(await startCheckout(as.creator));
    const company = (await memberFor(creator.id)).companyId;
    for (let i = 0; i < 4; i++) await publishTestJob(coOwner.id, { title: `Job ${i}` });

    expect(
      redirectedTo(await as.coOwner.post("/employer/team", { intent: "remove", member: creator.id })),
    ).not.toBeNull();
    // One subscription, one plan: the company left behind is on the Free Trial's one active job.
    await expect(publishTestJob(coOwner.id, { title: "Over the trial" })).rejects.toMatchObject({
      code: "plan-limit",
      message: expect.stringMatching(/Free Trial includes 1 active job/),
    });
    // The holder's new company has their Startup plan's five.
    for (let i = 0; i < 5; i++) await publishTestJob(creator.id, { title: `New company job ${i}` });
    await expect(publishTestJob(creator.id, { title: "Sixth" })).rejects.toMatchObject({ code: "plan-limit" });

    // A company whose trial is over says so.
    await em().execute(`update companies set created_at = now() - interval '40 days' where id = ?`, [company]);
    await expect(publishTestJob(coOwner.id, { title: "After the trial" })).rejects.toMatchObject({
      message: expect.stringMatching(
        /^Nobody holds a plan for this company since its plan holder left, and its Free Trial ended on .+\. An owner can choose a plan to publish jobs\.$/,
      ),
    });

    // The owner who stays buys a plan for the company and becomes its holder.
    const sessionId = await startCheckout(as.coOwner);
    expect(fake.sessions.get(sessionId)!.metadata).toMatchObject({ company_id: company, holder_id: coOwner.id });
    await pay(sessionId);
    expect(await holderOf(company)).toBe(coOwner.id);
    expect(await accountPage(as.coOwner)).toContain(CARD);
    await publishTestJob(coOwner.id, { title: "Fifth on Startup" });
  });
});

describe("two checkouts started before either completes", () => {
  it("leave one paying subscription: the second to complete is cancelled and its payment refunded", async () => {
    const payer = await employer("twice");
    // The trial is over, so Checkout charges at once.
    await em().execute(
      `update subscriptions set started_at = now() - interval '40 days', trial_ends_at = now() - interval '26 days' where user_id = ?`,
      [payer.id],
    );
    const client = await signIn(payer);
    const answers = await together(
      [1, 2].map(() => () => client.post("/billing/checkout", { plan: "startup", billing: "monthly" })),
    );
    const sessions = answers.map((a) => a.location?.split("/").pop() ?? "");
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(new Set(sessions).size).toBe(2);
    const done = sessions.map((id) => fake.completeCheckout(id));
    const delivered = await Promise.all(done.map((d) => deliver("checkout.session.completed", d.session)));
    expect(delivered.map((d) => d.status)).toEqual([200, 200]);

    const customer = (await customerOf(payer.id))!;
    const live = [...fake.subscriptions.values()].filter((s) => s.customer === customer && s.status !== "canceled");
    expect(live).toHaveLength(1);
    const kept = (
      await em().execute<{ stripe_subscription_id: string; plan_id: string }[]>(
        `select stripe_subscription_id, plan_id from subscriptions where user_id = ?`,
        [payer.id],
      )
    )[0]!;
    expect(kept).toEqual({ stripe_subscription_id: live[0]!.id, plan_id: "startup" });
    const extra = done.find((d) => d.subscription.id !== live[0]!.id)!;
    const charge = extra.invoice.payments.data[0].payment.charge;
    expect(fake.refunds.filter((r) => r.charge === charge)).toHaveLength(1);

    // Stripe's later word on the cancelled one changes nothing.
    expect(
      (await deliver("customer.subscription.deleted", fake.subscriptions.get(extra.subscription.id)!)).status,
    ).toBe(200);
    expect(
      (
        await em().execute<{ stripe_status: string }[]>(`select stripe_status from subscriptions where user_id = ?`, [
          payer.id,
        ])
      )[0]!.stripe_status,
    ).toBe("active");
  });
});

describe("a company whose last member deleted their account", () => {
  it("keeps no pending invitation: its link answers 410 and nobody joins the empty company", async () => {
    const last = await employer("leaving");
    const invitee = await employer("invitee");
    await inviteMember(await memberFor(last.id), { email: invitee.email, role: "owner" });
    const company = (await memberFor(last.id)).companyId;
    // The link as the server signs it (its own secret), from the email its worker sent.
    const path = await linkFromMailbox(server.dataDir, invitee.email, "Join leaving Co on Hirewise", "/invitations/");
    const guest = await signIn(invitee);
    expect((await guest.get(path)).status).toBe(200);

    const deleted = await (await signIn(last)).post("/account/delete", { password: PASSWORD, confirmation: "DELETE" });
    expect(redirectedTo(deleted)).not.toBeNull();
    expect((await guest.get(path)).status).toBe(410);
    const accepted = await guest.post(path, {});
    expect(redirectedTo(accepted)).toBeNull();
    expect(await accepted.text()).toContain("This invitation link is not valid");
    const left = await em().execute<{ invitations: number; members: number }[]>(
      `select (select count(*)::int from company_invitations where company_id = ?) as invitations, (select count(*)::int from company_members where company_id = ?) as members`,
      [company, company],
    );
    expect(left[0]).toEqual({ invitations: 0, members: 0 });
  });
});
