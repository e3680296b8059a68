// The identity-provider rules that need no provider: onboarding used once under concurrency,
// accounts without a password, unlinking never removes the last way in (even two at once), the
// freshness check account deletion relies on, and cascading deletes.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { IdentityFlow, IdentityLink, User } from "./entities.ts";
import { saveFlow } from "./provider-flows.ts";
import type { ProviderIdentity } from "./oidc-strategy.ts";
import { startSession } from "./sessions.ts";
import {
  AccountError,
  completeOnboarding,
  ProviderLinkError,
  recentProviderSignIn,
  signIn,
  signUp,
  unlinkProvider,
} from "./index.server.ts";

useTestRuntime();

const identity = (subject: string, emailVerified = true): ProviderIdentity => ({
  provider: "testidp",
  issuer: "https://id.example",
  subject,
  email: `${subject}@example.com`,
  emailVerified,
  name: "Pro Vider",
  context: { userId: null, redirectTo: null, plan: null },
});

async function onboarded(subject: string) {
  const handle = await saveFlow("onboarding", "testidp", null, identity(subject), 30);
  return (await completeOnboarding(handle, { role: "candidate", accept: "yes" })).account;
}

describe("accounts made through a provider", () => {
  it("are created once from one onboarding, however many submissions arrive at once", async () => {
    const handle = await saveFlow("onboarding", "testidp", null, identity("once"), 30);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        completeOnboarding(handle, { role: "employer", company_name: "Once Ltd", accept: "yes" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ProviderLinkError);
    const user = await em().fork().findOneOrFail(User, { email: "once@example.com" });
    expect(user).toMatchObject({
      role: "employer",
      companyName: "Once Ltd",
      fullName: "Pro Vider",
      passwordHash: null,
    });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await em().fork().count(IdentityLink, { user: user.id })).toBe(1);
    expect(await em().fork().count(IdentityFlow, {})).toBe(0);
  });

  it("have no password: password sign-in answers as for a wrong one", async () => {
    const account = await onboarded("nopass");
    expect(account.hasPassword).toBe(false);
    await expect(signIn({ email: "nopass@example.com", password: "anything at all" }, "10.0.0.1")).rejects.toThrow(
      "The email or password is incorrect.",
    );
  });

  it("refuse an email taken meanwhile by a password sign-up", async () => {
    const handle = await saveFlow("onboarding", "testidp", null, identity("taken"), 30);
    await signUp({ email: "taken@example.com", password: "correct horse", role: "candidate" });
    await expect(completeOnboarding(handle, { role: "candidate", accept: "yes" })).rejects.toThrow(AccountError);
  });

  it("keep their last way in: of two unlinks at once, one is refused", async () => {
    const account = await onboarded("two-links");
    const user = await em().fork().findOneOrFail(User, { id: account.id });
    const manager = em().fork();
    manager.create(IdentityLink, {
      user,
      provider: "other",
      issuer: "https://other.example",
      subject: "x",
      email: null,
      createdAt: new Date(),
      lastSignInAt: new Date(),
    });
    await manager.flush();
    const links = await em().fork().find(IdentityLink, { user: account.id });
    // Confirmed as the owner: a provider sign-in in this session moments ago.
    const { token } = await startSession(account.id, { viaProvider: true });
    const results = await Promise.allSettled(
      links.map((l) => unlinkProvider(account.id, l.id, { sessionToken: token, ip: "10.0.0.1" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AccountError);
    expect(refused.reason.message).toContain("is the only way you sign in");
    expect(await em().fork().count(IdentityLink, { user: account.id })).toBe(1);
  });

  it("answer null for someone else's link or a malformed id", async () => {
    const owner = await onboarded("owner");
    const other = await signUp({ email: "other-person@example.com", password: "correct horse", role: "candidate" });
    const [link] = await em().fork().find(IdentityLink, { user: owner.id });
    const proof = { password: "correct horse", sessionToken: null, ip: "10.0.0.1" };
    expect(await unlinkProvider(other.id, link!.id, proof)).toBeNull();
    expect(await unlinkProvider(owner.id, "not-a-uuid\u0000", proof)).toBeNull();
    expect(await em().fork().count(IdentityLink, { id: link!.id })).toBe(1);
  });

  it("count a provider sign-in as recent for the minutes asked (the test clock)", async () => {
    const start = new Date("2026-11-24T10:00:00Z");
    setClock(start);
    const account = await onboarded("fresh");
    expect(await recentProviderSignIn(account.id, 10)).toBe(true);
    setClock(new Date(start.getTime() + 11 * 60_000));
    expect(await recentProviderSignIn(account.id, 10)).toBe(false);
    setClock(undefined);
  });

  it("take their links and flows with them when deleted", async () => {
    const account = await onboarded("leaving");
    await saveFlow("authorize", "testidp", account.id, { state: "s" }, 10);
    await em().fork().nativeDelete(User, { id: account.id });
    expect(await em().fork().count(IdentityLink, { user: account.id })).toBe(0);
    expect(await em().fork().count(IdentityFlow, { user: account.id })).toBe(0);
  });
});
