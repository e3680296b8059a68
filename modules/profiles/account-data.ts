// What the profiles module holds about a candidate: their profile (headline, summary, experience,
// education, skills, links, languages), for "Export my data" (registered with identity,
// modules/identity/account-data.ts). The row goes with the account (its foreign key cascades).
import { registerAccountData, type AccountRef } from "../identity/index.server.ts";
import { getProfile } from "./profiles.ts";

registerAccountData({
  name: "profiles",
  exports: ["candidate_profiles.candidate_id"],
  async exportData(account: AccountRef) {
    return { json: { "candidate-profile.json": await getProfile(account.id) } };
  },
});
