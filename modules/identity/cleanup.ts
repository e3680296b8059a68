// Identity's hourly housekeeping: expired sessions, reset and confirmation links, pending
// two-factor sign-ins, and sign-in attempts too old to count towards any limit. Kept apart from
// sessions.ts so that two-factor sign-in (which starts sessions) and sessions don't import each
// other.
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { SignInAttempt } from "./entities.ts";
import { purgeExpiredSessions } from "./sessions.ts";
import { purgeExpiredTokens } from "./tokens.ts";
import { purgeExpiredPendingSignIns } from "./two-factor-sign-in.ts";

export const identityCleanupQueue: QueueDefinition<object> = {
  name: "identity.cleanup",
  schedule: "17 * * * *",
  async handle() {
    await purgeExpiredSessions();
    await purgeExpiredTokens();
    await purgeExpiredPendingSignIns();
    const dayAgo = new Date(now().getTime() - 86_400_000);
    await em().nativeDelete(SignInAttempt, { attemptedAt: { $lt: dayAgo } });
  },
};
