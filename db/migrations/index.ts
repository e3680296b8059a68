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
import { Migration20261124130000_account_tokens } from "./Migration20261124130000_account_tokens.ts";
import { Migration20261124160000_identity_links } from "./Migration20261124160000_identity_links.ts";
import { Migration20261124170000_two_factor } from "./Migration20261124170000_two_factor.ts";
import { Migration20261124180000_deleted_candidates } from "./Migration20261124180000_deleted_candidates.ts";
import { Migration20261124190000_candidate_profiles } from "./Migration20261124190000_candidate_profiles.ts";
import { Migration20261124200000_saved_jobs_and_alerts } from "./Migration20261124200000_saved_jobs_and_alerts.ts";
import { Migration20261125090000_companies } from "./Migration20261125090000_companies.ts";
import { Migration20261125110000_application_notes } from "./Migration20261125110000_application_notes.ts";
import { Migration20261125120000_applicant_list_indexes } from "./Migration20261125120000_applicant_list_indexes.ts";
import { Migration20261125130000_search_relevance } from "./Migration20261125130000_search_relevance.ts";
import { Migration20261124210000_resume_library } from "./Migration20261124210000_resume_library.ts";
import { Migration20261125100000_pipeline } from "./Migration20261125100000_pipeline.ts";
import { Migration20261125150000_salary_figures } from "./Migration20261125150000_salary_figures.ts";
import { Migration20261125160000_stripe_billing } from "./Migration20261125160000_stripe_billing.ts";
import { Migration20261126100000_search_speed } from "./Migration20261126100000_search_speed.ts";
import { Migration20261201130000_session_provider_confirmation } from "./Migration20261201130000_session_provider_confirmation.ts";
import { Migration20261201214500_second_step_limits } from "./Migration20261201214500_second_step_limits.ts";
import { Migration20261201220000_company_zone_chosen } from "./Migration20261201220000_company_zone_chosen.ts";
import { Migration20261201223000_alert_time_zones } from "./Migration20261201223000_alert_time_zones.ts";
import { Migration20261201224000_plan_holders } from "./Migration20261201224000_plan_holders.ts";
import { Migration20261201225000_plan_requests } from "./Migration20261201225000_plan_requests.ts";
import { Migration20261202090000_confirmation_return_paths } from "./Migration20261202090000_confirmation_return_paths.ts";
import { Migration20261202100000_last_searches } from "./Migration20261202100000_last_searches.ts";
import { Migration20261202140000_application_messages } from "./Migration20261202140000_application_messages.ts";
import { Migration20261202150000_message_templates } from "./Migration20261202150000_message_templates.ts";
import { Migration20261202153000_job_closed_notices } from "./Migration20261202153000_job_closed_notices.ts";
import { Migration20261202154000_rejection_reasons } from "./Migration20261202154000_rejection_reasons.ts";
import { Migration20261202170000_waiting_digest } from "./Migration20261202170000_waiting_digest.ts";
import { Migration20261202171000_job_openings } from "./Migration20261202171000_job_openings.ts";
import { Migration20261202180000_company_career_pages } from "./Migration20261202180000_company_career_pages.ts";
import { Migration20261202190000_interviews } from "./Migration20261202190000_interviews.ts";
import { Migration20261202200000_job_closing_dates } from "./Migration20261202200000_job_closing_dates.ts";
import { Migration20261203100000_indexing_notifications } from "./Migration20261203100000_indexing_notifications.ts";
import { Migration20261203110000_held_applications } from "./Migration20261203110000_held_applications.ts";
import { Migration20261203130000_scorecards } from "./Migration20261203130000_scorecards.ts";
import { Migration20261204100000_scorecard_reminders } from "./Migration20261204100000_scorecard_reminders.ts";
import { Migration20261204110000_hiring_decisions } from "./Migration20261204110000_hiring_decisions.ts";
import { Migration20261204120000_interview_kits } from "./Migration20261204120000_interview_kits.ts";
import { Migration20261204130000_company_scorecard_defaults } from "./Migration20261204130000_company_scorecard_defaults.ts";
import { Migration20261204140000_eeo_self_identifications } from "./Migration20261204140000_eeo_self_identifications.ts";
import { Migration20261204150000_candidate_retention } from "./Migration20261204150000_candidate_retention.ts";
import { Migration20261205100000_user_language } from "./Migration20261205100000_user_language.ts";
import { Migration20261208100000_held_language } from "./Migration20261208100000_held_language.ts";

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
  { name: "Migration20261124130000_account_tokens", class: Migration20261124130000_account_tokens },
  { name: "Migration20261124160000_identity_links", class: Migration20261124160000_identity_links },
  { name: "Migration20261124170000_two_factor", class: Migration20261124170000_two_factor },
  { name: "Migration20261124180000_deleted_candidates", class: Migration20261124180000_deleted_candidates },
  { name: "Migration20261124190000_candidate_profiles", class: Migration20261124190000_candidate_profiles },
  { name: "Migration20261124200000_saved_jobs_and_alerts", class: Migration20261124200000_saved_jobs_and_alerts },
  { name: "Migration20261124210000_resume_library", class: Migration20261124210000_resume_library },
  { name: "Migration20261125090000_companies", class: Migration20261125090000_companies },
  { name: "Migration20261125100000_pipeline", class: Migration20261125100000_pipeline },
  { name: "Migration20261125110000_application_notes", class: Migration20261125110000_application_notes },
  { name: "Migration20261125120000_applicant_list_indexes", class: Migration20261125120000_applicant_list_indexes },
  { name: "Migration20261125130000_search_relevance", class: Migration20261125130000_search_relevance },
  { name: "Migration20261125150000_salary_figures", class: Migration20261125150000_salary_figures },
  { name: "Migration20261125160000_stripe_billing", class: Migration20261125160000_stripe_billing },
  { name: "Migration20261126100000_search_speed", class: Migration20261126100000_search_speed },
  {
    name: "Migration20261201130000_session_provider_confirmation",
    class: Migration20261201130000_session_provider_confirmation,
  },
  { name: "Migration20261201214500_second_step_limits", class: Migration20261201214500_second_step_limits },
  { name: "Migration20261201220000_company_zone_chosen", class: Migration20261201220000_company_zone_chosen },
  { name: "Migration20261201223000_alert_time_zones", class: Migration20261201223000_alert_time_zones },
  { name: "Migration20261201224000_plan_holders", class: Migration20261201224000_plan_holders },
  { name: "Migration20261201225000_plan_requests", class: Migration20261201225000_plan_requests },
  {
    name: "Migration20261202090000_confirmation_return_paths",
    class: Migration20261202090000_confirmation_return_paths,
  },
  { name: "Migration20261202100000_last_searches", class: Migration20261202100000_last_searches },
  { name: "Migration20261202140000_application_messages", class: Migration20261202140000_application_messages },
  { name: "Migration20261202150000_message_templates", class: Migration20261202150000_message_templates },
  { name: "Migration20261202153000_job_closed_notices", class: Migration20261202153000_job_closed_notices },
  { name: "Migration20261202154000_rejection_reasons", class: Migration20261202154000_rejection_reasons },
  { name: "Migration20261202170000_waiting_digest", class: Migration20261202170000_waiting_digest },
  { name: "Migration20261202171000_job_openings", class: Migration20261202171000_job_openings },
  { name: "Migration20261202180000_company_career_pages", class: Migration20261202180000_company_career_pages },
  { name: "Migration20261202190000_interviews", class: Migration20261202190000_interviews },
  { name: "Migration20261202200000_job_closing_dates", class: Migration20261202200000_job_closing_dates },
  {
    name: "Migration20261203100000_indexing_notifications",
    class: Migration20261203100000_indexing_notifications,
  },
  { name: "Migration20261203110000_held_applications", class: Migration20261203110000_held_applications },
  { name: "Migration20261203130000_scorecards", class: Migration20261203130000_scorecards },
  { name: "Migration20261204100000_scorecard_reminders", class: Migration20261204100000_scorecard_reminders },
  { name: "Migration20261204110000_hiring_decisions", class: Migration20261204110000_hiring_decisions },
  { name: "Migration20261204120000_interview_kits", class: Migration20261204120000_interview_kits },
  {
    name: "Migration20261204130000_company_scorecard_defaults",
    class: Migration20261204130000_company_scorecard_defaults,
  },
  {
    name: "Migration20261204140000_eeo_self_identifications",
    class: Migration20261204140000_eeo_self_identifications,
  },
  { name: "Migration20261204150000_candidate_retention", class: Migration20261204150000_candidate_retention },
  { name: "Migration20261205100000_user_language", class: Migration20261205100000_user_language },
  { name: "Migration20261208100000_held_language", class: Migration20261208100000_held_language },
];
