// What the ai module holds about an account: the texts it wrote on an employer's request
// (ai_generations, with the job details they were asked for). Exported to their owner and erased
// with the account (wired to identity by wireAi, modules/identity/account-data.ts).
import { em } from "../../lib/db.ts";
import type { AccountDataHolder, AccountRef } from "../identity/index.server.ts";

interface GenerationRow {
  kind: string;
  status: string;
  input: unknown;
  result: unknown;
  source: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export const aiAccountData: AccountDataHolder = {
  name: "ai",
  exports: ["ai_generations.owner_id"],
  async exportData(account: AccountRef) {
    const rows = await em().execute<GenerationRow[]>(
      `select kind, status, input, result, source, created_at, finished_at from ai_generations where owner_id = ? order by created_at`,
      [account.id],
    );
    if (!rows.length) return {};
    return {
      json: {
        "ai-generations.json": {
          generations: rows.map((r) => ({
            kind: r.kind,
            status: r.status,
            askedFor: r.input,
            result: r.result,
            source: r.source,
            requestedAt: new Date(r.created_at).toISOString(),
            finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
          })),
        },
      },
    };
  },
  async erase(account: AccountRef) {
    await em().execute(`delete from ai_generations where owner_id = ?`, [account.id]);
  },
};
