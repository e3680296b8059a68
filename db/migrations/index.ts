// Every migration, in order. Listed here (not globbed) so the bundled server build carries them.
import { Migration20261121144544_initial } from "./Migration20261121144544_initial.ts";
import { Migration20261121145038_subscriptions } from "./Migration20261121145038_subscriptions.ts";
import { Migration20261122190531_jobs } from "./Migration20261122190531_jobs.ts";
import { Migration20261122194627_imported_listings } from "./Migration20261122194627_imported_listings.ts";
import { Migration20261122203500_board_search } from "./Migration20261122203500_board_search.ts";
import { Migration20261123120000_provider_cache } from "./Migration20261123120000_provider_cache.ts";
import { Migration20261123160000_board_search_speed } from "./Migration20261123160000_board_search_speed.ts";
import { Migration20261123161000_applications } from "./Migration20261123161000_applications.ts";
import { Migration20261123162000_account_settings } from "./Migration20261123162000_account_settings.ts";
import { Migration20261123163000_ai_generations } from "./Migration20261123163000_ai_generations.ts";
import { Migration20261123164000_application_scores } from "./Migration20261123164000_application_scores.ts";
import { Migration20261124100000_quotas } from "./Migration20261124100000_quotas.ts";
import { Migration20261124110000_intended_plan } from "./Migration20261124110000_intended_plan.ts";
import { Migration20261124120000_sent_emails } from "./Migration20261124120000_sent_emails.ts";

export const migrations = [
  { name: "Migration20261121144544_initial", class: Migration20261121144544_initial },
  { name: "Migration20261121145038_subscriptions", class: Migration20261121145038_subscriptions },
  { name: "Migration20261122190531_jobs", class: Migration20261122190531_jobs },
  { name: "Migration20261122194627_imported_listings", class: Migration20261122194627_imported_listings },
  { name: "Migration20261122203500_board_search", class: Migration20261122203500_board_search },
  { name: "Migration20261123120000_provider_cache", class: Migration20261123120000_provider_cache },
  { name: "Migration20261123160000_board_search_speed", class: Migration20261123160000_board_search_speed },
  { name: "Migration20261123161000_applications", class: Migration20261123161000_applications },
  { name: "Migration20261123162000_account_settings", class: Migration20261123162000_account_settings },
  { name: "Migration20261123163000_ai_generations", class: Migration20261123163000_ai_generations },
  { name: "Migration20261123164000_application_scores", class: Migration20261123164000_application_scores },
  { name: "Migration20261124100000_quotas", class: Migration20261124100000_quotas },
  { name: "Migration20261124110000_intended_plan", class: Migration20261124110000_intended_plan },
  { name: "Migration20261124120000_sent_emails", class: Migration20261124120000_sent_emails },
];
