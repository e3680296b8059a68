// Every entity of every module, for the ORM. Modules export theirs through their index.
import { identityEntities } from "../modules/identity/index.ts";
import { billingPlansEntities } from "../modules/billing-plans/index.ts";
import { hiringEntities } from "../modules/hiring/index.ts";
import { searchEntities } from "../modules/search/index.ts";
import { applicationsEntities } from "../modules/applications/index.ts";
import { profilesEntities } from "../modules/profiles/index.ts";
import { savedEntities } from "../modules/saved/index.ts";

export const entities = [...identityEntities, ...billingPlansEntities, ...hiringEntities, ...searchEntities, ...applicationsEntities, ...profilesEntities, ...savedEntities];
