<?php
// Run by bench/php-peer.sh with the CLI `php`: installs WordPress (first call, "install"), then
// activates the theme and WP Job Manager and makes the Jobs page (second call, "configure": the
// plugin is loaded by then, so its post types and rewrite rules exist).
// Usage: php setup.php <wordpress dir> <install|configure> <site url> <theme>
// (peer-prefixed names: wp-settings.php uses $theme and others in the global scope.)
[, $peerRoot, $peerStep, $peerUrl, $peerTheme] = $argv;
$_SERVER['HTTP_HOST'] = parse_url($peerUrl, PHP_URL_HOST) . ':' . parse_url($peerUrl, PHP_URL_PORT);
if ($peerStep === 'install') define('WP_INSTALLING', true);
require $peerRoot . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

if ($peerStep === 'install') {
    add_filter('pre_wp_mail', '__return_false'); // no mail server here
    if (!is_blog_installed()) wp_install('Peer job board', 'admin', 'admin@example.com', true, '', 'peer admin password');
    update_option('siteurl', $peerUrl);
    update_option('home', $peerUrl);
    update_option('permalink_structure', '/%postname%/');
    switch_theme($peerTheme);
    $activated = activate_plugin('wp-job-manager/wp-job-manager.php');
    if (is_wp_error($activated)) { fwrite(STDERR, $activated->get_error_message() . "\n"); exit(1); }
    exit(0);
}

// configure: the board's settings as a site owner sets them, then the [jobs] page.
wp_set_current_user(1);
update_option('job_manager_per_page', 20); // our /jobs shows 20
update_option('job_manager_enable_categories', 1);
update_option('job_manager_enable_types', 1);
update_option('job_manager_enable_remote_position', 1);
update_option('job_manager_enable_salary', 1);
update_option('job_manager_enable_salary_currency', 1);
update_option('job_manager_job_listing_pagination_type', 'load_more');
delete_transient('_job_manager_activation_redirect');
$page = get_page_by_path('jobs');
$pageId = $page ? $page->ID : wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Jobs', 'post_name' => 'jobs', 'post_content' => '[jobs]']);
update_option('job_manager_jobs_page_id', $pageId);
flush_rewrite_rules(false);
echo "configured: jobs page $pageId\n";
