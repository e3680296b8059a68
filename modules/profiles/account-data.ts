// What the profiles module holds about a candidate: their profile (headline, summary, experience,
// education, skills, links, languages), for "Export my data" (wired to identity by
// wireProfiles, modules/identity/account-data.ts). The row goes with the account (its foreign key cascades).
import type { AccountDataHolder, AccountRef } from "../identity/index.server.ts";
import { getProfile } from "./profiles.ts";

export const profilesAccountData: AccountDataHolder = {
  name: "profiles",
  exports: ["candidate_profiles.candidate_id"],
  async exportData(account: AccountRef) {
    return { json: { "candidate-profile.json": await getProfile(account.id) } };
  },
};
