<?php
// Run by bench/php-peer.sh with the CLI `php`: replaces the board's job listings with the jobs in
// a JSON-lines file (one of our jobs a line, as bench/peer.ts writes them), stored as WP Job
// Manager stores a listing: a job_listing post (title; description with the requirements and
// benefits), its meta (company, location, remote, salary, expiry) and its job type and category
// terms. The rows are those wp_insert_post() writes for such a post (checked against it), but
// inserted 500 at a time in SQL: wp_insert_post() managed about 20 jobs a second here, so
// 100,000 would take well over an hour. Terms and their counts go through WordPress's API.
// Usage: php seed.php <wordpress dir> <jobs.jsonl> <site url>
// (peer-prefixed names: wp-settings.php uses some names in the global scope.)
[, $peerRoot, $peerFile, $peerUrl] = $argv;
$_SERVER['HTTP_HOST'] = parse_url($peerUrl, PHP_URL_HOST) . ':' . parse_url($peerUrl, PHP_URL_PORT);
define('WP_IMPORTING', true);
require $peerRoot . '/wp-load.php';
global $wpdb;
wp_set_current_user(1);

// Old listings out, their cached queries (WP Job Manager's transients) too.
$wpdb->query("delete tr from {$wpdb->term_relationships} tr join {$wpdb->posts} p on p.ID = tr.object_id where p.post_type = 'job_listing'");
$wpdb->query("delete pm from {$wpdb->postmeta} pm join {$wpdb->posts} p on p.ID = pm.post_id where p.post_type = 'job_listing'");
$wpdb->query("delete from {$wpdb->posts} where post_type = 'job_listing'");
$wpdb->query("delete from {$wpdb->options} where option_name like '\\_transient\\_%jm\\_%' or option_name like '\\_transient\\_timeout\\_%jm\\_%'");

/** The term's term_taxonomy_id, made on first use. */
$termIds = [];
$term = function (string $name, string $taxonomy) use (&$termIds): int {
    if (!isset($termIds[$taxonomy][$name])) {
        $found = term_exists($name, $taxonomy) ?: wp_insert_term($name, $taxonomy);
        if (is_wp_error($found)) { fwrite(STDERR, $found->get_error_message() . "\n"); exit(1); }
        $termIds[$taxonomy][$name] = (int) $found['term_taxonomy_id'];
    }
    return $termIds[$taxonomy][$name];
};
$types = ['FULLTIME' => 'Full Time', 'PARTTIME' => 'Part Time', 'CONTRACT' => 'Contract', 'FREELANCE' => 'Freelance'];
$expires = gmdate('Y-m-d', time() + 90 * 86400);
$paragraphs = fn(string $text) => implode('', array_map(fn($p) => '<p>' . esc_html($p) . '</p>', preg_split("/\n\n+/", trim($text))));
$list = fn(array $items) => '<ul>' . implode('', array_map(fn($i) => '<li>' . esc_html($i) . '</li>', $items)) . '</ul>';
$values = fn(array $rows) => implode(',', array_map(fn($row) => '(' . implode(',', array_map(fn($v) => is_int($v) ? $v : "'" . esc_sql($v) . "'", $row)) . ')', $rows));

/** Inserts one batch of jobs: posts (consecutive ids: one multi-row insert), then meta and terms. */
$flush = function (array $batch) use ($wpdb, $values) {
    if (!$batch) return;
    $wpdb->query("insert into {$wpdb->posts} (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status,
        comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered,
        post_parent, guid, menu_order, post_type, post_mime_type, comment_count) values " . $values(array_column($batch, 'post')));
    $first = (int) $wpdb->insert_id;
    $meta = [];
    $terms = [];
    foreach ($batch as $k => $job) {
        foreach ($job['meta'] as $key => $value) $meta[] = [$first + $k, $key, (string) $value];
        foreach ($job['terms'] as $tt) $terms[] = [$first + $k, $tt, 0];
    }
    $wpdb->query("insert into {$wpdb->postmeta} (post_id, meta_key, meta_value) values " . $values($meta));
    $wpdb->query("insert into {$wpdb->term_relationships} (object_id, term_taxonomy_id, term_order) values " . $values($terms));
};

$in = fopen($peerFile, 'r');
$n = 0;
$batch = [];
while (($line = fgets($in)) !== false) {
    $job = json_decode($line, true);
    $requirements = array_map(fn($l) => preg_replace('/^- /', '', $l), array_filter(explode("\n", $job['requirements'])));
    $content = $paragraphs($job['description'])
        . '<h3>Requirements</h3>' . $list($requirements)
        . ($job['benefits'] ? '<h3>Benefits</h3>' . $list($job['benefits']) : '')
        . '<p>Skills: ' . esc_html(implode(', ', $job['skills'])) . '</p>';
    $gmt = gmdate('Y-m-d H:i:s', strtotime($job['publishedAt']));
    $local = get_date_from_gmt($gmt);
    // A unique slug, as wp_unique_post_slug() would make it from the title.
    $slug = sanitize_title($job['title']) . '-' . (++$n);
    $salary = $job['salaryMin'] === null ? '' : ($job['salaryMax'] === null ? 'From ' . $job['salaryMin'] : $job['salaryMin'] . ' - ' . $job['salaryMax']);
    $batch[] = [
        'post' => [1, $local, $gmt, $content, $job['title'], '', 'publish', 'closed', 'closed', '', $slug, '', '', $local, $gmt, '', 0,
                   "$peerUrl/job/$slug/", 0, 'job_listing', '', 0],
        'meta' => [
            '_company_name' => $job['companyName'],
            '_job_location' => $job['location'],
            '_remote_position' => $job['locationType'] === 'remote' ? 1 : 0,
            '_application' => 'jobs@example.com',
            '_job_salary' => $salary,
            '_job_salary_currency' => $job['salaryCurrency'],
            '_job_salary_unit' => 'YEAR',
            '_job_expires' => $expires,
            '_filled' => 0,
            '_featured' => 0,
        ],
        'terms' => [$term($types[$job['employmentType']] ?? $job['employmentType'], 'job_listing_type'), $term($job['category'], 'job_listing_category')],
    ];
    if (count($batch) === 500) {
        $flush($batch);
        $batch = [];
        if ($n % 20000 === 0) echo "  $n jobs\n";
    }
}
$flush($batch);
foreach ($termIds as $taxonomy => $ids) wp_update_term_count_now(array_values($ids), $taxonomy);
wp_cache_flush();
echo "seeded $n jobs\n";
