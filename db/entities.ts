// Every entity of every module, for the ORM. Modules export theirs through their index.
import { identityEntities } from "../modules/identity/index.server.ts";
import { billingPlansEntities } from "../modules/billing-plans/index.server.ts";
import { hiringEntities } from "../modules/hiring/index.server.ts";
import { searchEntities } from "../modules/search/index.server.ts";
import { applicationsEntities } from "../modules/applications/index.server.ts";
import { profilesEntities } from "../modules/profiles/index.server.ts";
import { savedEntities } from "../modules/saved/index.server.ts";
import { interviewsEntities } from "../modules/interviews/index.server.ts";

export const entities = [
  ...identityEntities,
  ...billingPlansEntities,
  ...hiringEntities,
  ...searchEntities,
  ...applicationsEntities,
  ...profilesEntities,
  ...savedEntities,
  ...interviewsEntities,
];
