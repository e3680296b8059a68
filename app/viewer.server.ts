// Who a page is rendered for: the signed-in account or, while the server renders the shared copy of
// a signed-in search page (app/edge-cache.server.ts), a stand-in whose name and email are sentinels.
import type { AppLoadContext } from "@remix-run/node";
import { currentUser, requireRole, type Account, type Role } from "#modules/identity/index.server.ts";
import type { PersonalHole } from "#app/components/personal-slot.tsx";
import type { JobMark } from "#app/components/save-job.tsx";
import { marksFor } from "#app/saved-marks.server.ts";

/** The sentinels of a shared copy: private-use characters survive React's escaping unchanged. */
export const SENTINELS = {
  /** The header's avatar is the name's first character upper-cased: that character is a sentinel of its own. */
  initial: "\uE001",
  name: "\uE001\uE002",
  email: "\uE003",
  nonce: "\uE005",
} as const;

/** What a shared render collects as the page renders: its personal slots, and the keys whose marks it shows. */
export interface SharedRender {
  viewer: Account;
  holes: PersonalHole[];
  markKeys: string[] | null;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Present only while the server renders a signed-in page's shared copy. */
    sharedRender?: SharedRender;
  }
}

const STAND_IN_ID = "00000000-0000-4000-8000-000000000000";

/** The candidate a shared copy is rendered for: what every viewer of it has alike, nothing personal. */
export function standInCandidate(like: Pick<Account, "emailVerified" | "language">): Account {
  return {
    id: STAND_IN_ID,
    email: SENTINELS.email,
    role: "candidate",
    fullName: SENTINELS.name,
    companyName: null,
    avatarUrl: null,
    companyLogo: null,
    signupPlan: null,
    emailNotifications: false,
    emailVerified: like.emailVerified,
    hasPassword: true,
    createdAt: new Date(0).toISOString(),
    // The viewer's own: a shared copy is rendered in the language of those who share it.
    language: like.language,
  };
}

/** The account the page is for: the stand-in in a shared render, else the signed-in account (or null). */
export function viewerOf(request: Request, context: AppLoadContext | undefined): Promise<Account | null> {
  return context?.sharedRender ? Promise.resolve(context.sharedRender.viewer) : currentUser(request);
}

/** As identity's requireRole, for the stand-in too. */
export async function requireViewerRole(
  request: Request,
  context: AppLoadContext | undefined,
  role: Role,
): Promise<Account> {
  const standIn = context?.sharedRender?.viewer;
  if (standIn?.role === role) return standIn;
  return requireRole(request, role);
}

/**
 * The viewer's Saved and Applied for `keys` as the loader data carries them (one JSON string); in a
 * shared render null (the page carries each viewer's), and the keys are noted to read them for.
 */
export async function marksData(
  user: Account | null,
  keys: string[],
  context: AppLoadContext | undefined,
): Promise<string | null> {
  const shared = context?.sharedRender;
  if (shared && user === shared.viewer) {
    shared.markKeys = keys;
    return null;
  }
  return marksJson(await marksFor(user, keys));
}

export const marksJson = (marks: Record<string, JobMark>) => JSON.stringify(marks);
