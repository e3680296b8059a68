// Sign-ins with a provider in progress (identity_flows). The browser holds a random 256-bit handle
// in a cookie; the table keeps its SHA-256, so a leaked row cannot be replayed. Taking a flow
// deletes it in one statement: of any number of uses of one handle, exactly one gets the flow.
import { createHash, randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { IdentityFlow } from "./entities.ts";

export type FlowKind = "authorize" | "onboarding";

export interface Flow {
  provider: string;
  userId: string | null;
  data: Record<string, unknown>;
}

const HANDLE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const digest = (handle: string) => createHash("sha256").update(handle).digest("hex");

/** Stores a flow and returns the handle for the cookie. Expired flows are cleared on the way. */
export async function saveFlow(
  kind: FlowKind,
  provider: string,
  userId: string | null,
  data: object,
  validMinutes: number,
  manager: EntityManager = em(),
): Promise<string> {
  const at = now();
  await manager.nativeDelete(IdentityFlow, { expiresAt: { $lte: at } });
  const handle = randomBytes(32).toString("base64url");
  manager.create(IdentityFlow, {
    id: digest(handle),
    kind,
    provider,
    user: userId,
    data: data as Record<string, unknown>,
    expiresAt: new Date(at.getTime() + validMinutes * 60_000),
  });
  await manager.flush();
  return handle;
}

/** The flow, without using it up (the onboarding page's GET), or null when unknown or expired. */
export async function peekFlow(handle: unknown, kind: FlowKind): Promise<Flow | null> {
  if (typeof handle !== "string" || !HANDLE_SHAPE.test(handle)) return null;
  const row = await em().findOne(IdentityFlow, { id: digest(handle), kind, expiresAt: { $gt: now() } });
  return row ? { provider: row.provider, userId: row.user?.id ?? null, data: row.data } : null;
}

/** Uses the flow up: unknown, already used, expired or of another kind all answer null. */
export async function takeFlow(handle: unknown, kind: FlowKind, manager: EntityManager = em()): Promise<Flow | null> {
  if (typeof handle !== "string" || !HANDLE_SHAPE.test(handle)) return null;
  const rows: { provider: string; user_id: string | null; data: Record<string, unknown>; expires_at: Date }[] =
    await manager.execute(
      `delete from "identity_flows" where "id" = ? and "kind" = ? returning "provider", "user_id", "data", "expires_at"`,
      [digest(handle), kind],
    );
  const row = rows[0];
  if (!row || new Date(row.expires_at).getTime() <= now().getTime()) return null;
  const data = typeof row.data === "string" ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
  return { provider: row.provider, userId: row.user_id, data };
}
