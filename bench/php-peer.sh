#!/usr/bin/env bash
# bench/php-peer.sh: the PHP peer that issue 19 measures our list pages against. WordPress 6
# (Debian's `wordpress`) with the WP Job Manager plugin, on PHP-FPM 8.2 (OPcache on, Debian's
# default), nginx and MariaDB, all run as the current user on 127.0.0.1 with their data in one
# directory of their own. `npm run bench:peer` (bench/peer.ts) runs it and measures it side by
# side with our pages; it can also be run by hand:
#
#   WPJM_SOURCE=/path/to/WP-Job-Manager bench/php-peer.sh up    # install what is missing, start, seed
#   bench/php-peer.sh down                                     # stop the three servers
#   bench/php-peer.sh clean                                    # stop, and delete PEER_DIR
#
# Then http://127.0.0.1:4250/jobs/ is the board ([jobs] shortcode: the page carries the search
# form, and the browser loads the listings from /jm-ajax/get_listings/), /job/<slug>/ a job.
#
# Environment:
#   WPJM_SOURCE      WP Job Manager's source: a git directory (bare or not; extracted with
#                    `git archive` at WPJM_REF) or a plain directory. Needed the first time only.
#   WPJM_REF         the commit to extract (default: the 2.1.1 release, the last that runs on
#                    Debian 12's WordPress 6.1; later ones require 6.2).
#   PEER_JOBS_FILE   the jobs to list, one JSON object a line (bench/peer.ts writes our bench's
#                    jobs this way); the board is re-seeded whenever the file's content changes.
#   PEER_DIR         where everything lives (default .cache/php-peer in the repository).
#   PEER_PORT        nginx's port (default 4250); PEER_DB_PORT MariaDB's (default 4251).
#   PEER_FPM_CHILDREN  PHP-FPM workers (default 6: pm = static, sized for 2 cores: WordPress
#                    waits on MariaDB for part of each request, so a few more workers than cores
#                    keep both cores busy without thrashing).
#   PEER_THEME       the WordPress theme (default twentytwentythree, WordPress 6.1's default;
#                    installed with apt as wordpress-theme-<name>).
#
# apt-get installs what is missing (wordpress, php8.2-fpm, php8.2-mysql, php8.2-cli, nginx-light,
# mariadb-server, sassc, the theme): needs root, or the packages already installed. WP Job
# Manager's npm build is not run; stand_in_build below makes the files the front end needs.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PEER_DIR=${PEER_DIR:-$ROOT/.cache/php-peer}
PEER_PORT=${PEER_PORT:-4250}
PEER_DB_PORT=${PEER_DB_PORT:-4251}
PEER_FPM_CHILDREN=${PEER_FPM_CHILDREN:-6}
PEER_THEME=${PEER_THEME:-twentytwentythree}
WPJM_REF=${WPJM_REF:-cb784481c31c963be877b7c5704cf67de41be902}
URL="http://127.0.0.1:$PEER_PORT"
WP="$PEER_DIR/wordpress"
RUN="$PEER_DIR/run"
LOG="$PEER_DIR/log"
ME=$(id -un)
GROUP=$(id -gn)
DB_SOCKET="$RUN/mariadb.sock"
sql() { mariadb --no-defaults --socket="$DB_SOCKET" -uroot "$@"; }

install_packages() {
  local wanted=(wordpress "wordpress-theme-$PEER_THEME" php8.2-fpm php8.2-mysql php8.2-cli nginx-light mariadb-server sassc)
  local missing=()
  for p in "${wanted[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return
  echo "installing ${missing[*]}"
  apt-get update -qq
  # Debian's packages would start their system services; policy-rc.d in containers stops that,
  # and this peer runs its own servers anyway.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
}

# WordPress's files, our wp-config.php, and the plugin.
install_files() {
  mkdir -p "$RUN" "$LOG" "$PEER_DIR/nginx/tmp"
  if [ ! -f "$WP/wp-settings.php" ]; then
    cp -a /usr/share/wordpress/. "$WP/"
    rm -f "$WP/wp-config.php"
    # Debian's wp-content/themes may be links into /var/lib/wordpress; ours holds the real theme.
    rm -rf "$WP/wp-content/themes/$PEER_THEME"
    cp -a "/usr/share/wordpress/wp-content/themes/$PEER_THEME" "$WP/wp-content/themes/"
  fi
  if [ ! -f "$WP/wp-config.php" ]; then
    {
      echo "<?php"
      echo "// Written by bench/php-peer.sh."
      echo "define('DB_NAME', 'wordpress'); define('DB_USER', 'wordpress'); define('DB_PASSWORD', 'peer');"
      echo "define('DB_HOST', '127.0.0.1:$PEER_DB_PORT'); define('DB_CHARSET', 'utf8mb4'); define('DB_COLLATE', '');"
      for key in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
        echo "define('$key', '$(head -c 48 /dev/urandom | base64 | tr -d '\n/+=')');"
      done
      echo "\$table_prefix = 'wp_';"
      echo "define('WP_DEBUG', false);"
      echo "define('DISABLE_WP_CRON', true);      // no cron spawned by page views during the bench"
      echo "define('AUTOMATIC_UPDATER_DISABLED', true);"
      echo "define('WP_HTTP_BLOCK_EXTERNAL', true); // the machine has no way out: fail fast, not by timeout"
      echo "if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');"
      echo "require_once ABSPATH . 'wp-settings.php';"
    } >"$WP/wp-config.php"
  fi
  if [ ! -f "$WP/wp-content/plugins/wp-job-manager/wp-job-manager.php" ]; then
    : "${WPJM_SOURCE:?set WPJM_SOURCE to the source of WP Job Manager (a git directory or a plain one)}"
    mkdir -p "$WP/wp-content/plugins/wp-job-manager"
    if git --git-dir="$WPJM_SOURCE" rev-parse --git-dir >/dev/null 2>&1; then
      git --git-dir="$WPJM_SOURCE" archive "$WPJM_REF" | tar -x -C "$WP/wp-content/plugins/wp-job-manager"
    elif git -C "$WPJM_SOURCE" rev-parse --git-dir >/dev/null 2>&1; then
      git -C "$WPJM_SOURCE" archive "$WPJM_REF" | tar -x -C "$WP/wp-content/plugins/wp-job-manager"
    else
      cp -a "$WPJM_SOURCE/." "$WP/wp-content/plugins/wp-job-manager/"
    fi
  fi
  [ -d "$WP/wp-content/plugins/wp-job-manager/assets/dist" ] || stand_in_build "$WP/wp-content/plugins/wp-job-manager/assets"
}

# The plugin's npm build (webpack) makes assets/dist; without it WP Job Manager registers none of
# its scripts and styles, and the board's page would lack the listings script and its settings.
# Its front-end scripts are plain jQuery files without imports, so a copy is what the browser
# needs; its styles are Sass, compiled with sassc. (The admin's scripts are left out.)
stand_in_build() {
  local assets=$1 version=${WPJM_REF:0:8}
  mkdir -p "$assets/dist/js" "$assets/dist/css"
  for name in ajax-filters ajax-file-upload datepicker job-application job-dashboard job-submission multiselect term-multiselect; do
    cp "$assets/js/$name.js" "$assets/dist/js/$name.js"
    echo "<?php return ['dependencies' => [], 'version' => '$version'];" >"$assets/dist/js/$name.asset.php"
  done
  for name in frontend job-listings job-submission; do
    sassc --style compressed "$assets/css/$name.scss" "$assets/dist/css/$name.css"
    echo "<?php return ['dependencies' => [], 'version' => '$version'];" >"$assets/dist/css/$name.asset.php"
  done
}

start_mariadb() {
  if [ ! -d "$PEER_DIR/mysql/mysql" ]; then
    mariadb-install-db --no-defaults --datadir="$PEER_DIR/mysql" --user="$ME" --auth-root-authentication-method=socket \
      --skip-test-db >"$LOG/mariadb-install.log" 2>&1
  fi
  if ! sql -e "select 1" >/dev/null 2>&1; then
    # Debian's defaults (a 128 MB buffer pool) but for the binary log, which a single server doesn't need.
    setsid mariadbd --no-defaults --datadir="$PEER_DIR/mysql" --user="$ME" --bind-address=127.0.0.1 --port="$PEER_DB_PORT" \
      --socket="$DB_SOCKET" --pid-file="$RUN/mariadb.pid" --log-error="$LOG/mariadb.log" --skip-name-resolve \
      --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci </dev/null >/dev/null 2>&1 &
    for _ in $(seq 100); do sql -e "select 1" >/dev/null 2>&1 && break; sleep 0.2; done
    sql -e "select 1" >/dev/null || { echo "MariaDB did not start; see $LOG/mariadb.log" >&2; exit 1; }
  fi
  sql -e "create database if not exists wordpress; create user if not exists 'wordpress'@'127.0.0.1' identified by 'peer';
          grant all on wordpress.* to 'wordpress'@'127.0.0.1';"
}

start_php_fpm() {
  cat >"$PEER_DIR/php-fpm.conf" <<EOF
[global]
pid = $RUN/php-fpm.pid
error_log = $LOG/php-fpm.log
daemonize = yes

[peer]
user = $ME
group = $GROUP
listen = $RUN/php-fpm.sock
; static: every worker is there from the start, as on a server sized for its load
pm = static
pm.max_children = $PEER_FPM_CHILDREN
pm.max_requests = 0
EOF
  if [ -f "$RUN/php-fpm.pid" ] && kill -0 "$(cat "$RUN/php-fpm.pid")" 2>/dev/null; then return; fi
  # -R: allowed to run as root (this machine's user); the system php.ini and OPcache settings apply.
  php-fpm8.2 --fpm-config "$PEER_DIR/php-fpm.conf" $([ "$(id -u)" = 0 ] && echo -R)
}

start_nginx() {
  cat >"$PEER_DIR/nginx.conf" <<EOF
# Written by bench/php-peer.sh: WordPress behind nginx as its documentation sets it up.
$([ "$(id -u)" = 0 ] && echo "user $ME $GROUP;")
worker_processes auto;
pid $RUN/nginx.pid;
error_log $LOG/nginx-error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  keepalive_timeout 65;
  keepalive_requests 100000;
  client_body_temp_path $PEER_DIR/nginx/tmp/body;
  fastcgi_temp_path $PEER_DIR/nginx/tmp/fastcgi;
  proxy_temp_path $PEER_DIR/nginx/tmp/proxy;
  uwsgi_temp_path $PEER_DIR/nginx/tmp/uwsgi;
  scgi_temp_path $PEER_DIR/nginx/tmp/scgi;
  server {
    listen 127.0.0.1:$PEER_PORT;
    root $WP;
    index index.php;
    location / { try_files \$uri \$uri/ /index.php?\$args; }
    location ~ \.php\$ {
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      # Debian's fastcgi_params passes \$host, without the port: WordPress would redirect every page to itself.
      fastcgi_param HTTP_HOST \$host:\$server_port;
      fastcgi_pass unix:$RUN/php-fpm.sock;
    }
  }
}
EOF
  if [ -f "$RUN/nginx.pid" ] && kill -0 "$(cat "$RUN/nginx.pid")" 2>/dev/null; then
    nginx -p "$PEER_DIR/nginx" -c "$PEER_DIR/nginx.conf" -s reload 2>/dev/null
  else
    nginx -p "$PEER_DIR/nginx" -c "$PEER_DIR/nginx.conf" 2>/dev/null
  fi
}

install_site() {
  if ! sql wordpress -e "select 1 from wp_options limit 1" >/dev/null 2>&1; then
    php "$ROOT/bench/php-peer/setup.php" "$WP" install "$URL" "$PEER_THEME"
  fi
  php "$ROOT/bench/php-peer/setup.php" "$WP" configure "$URL" "$PEER_THEME"
}

seed_jobs() {
  [ -n "${PEER_JOBS_FILE:-}" ] || return 0
  local hash
  hash=$(sha256sum <"$PEER_JOBS_FILE" | cut -c1-64)
  if [ "$(cat "$PEER_DIR/seeded" 2>/dev/null)" = "$hash" ]; then
    echo "the board already lists these $(wc -l <"$PEER_JOBS_FILE") jobs"
    return
  fi
  local started=$SECONDS
  php -d memory_limit=1G "$ROOT/bench/php-peer/seed.php" "$WP" "$PEER_JOBS_FILE" "$URL"
  sql wordpress -e "analyze table wp_posts, wp_postmeta, wp_term_relationships, wp_options" >/dev/null
  echo "$hash" >"$PEER_DIR/seeded"
  echo "seeded in $((SECONDS - started)) s"
}

stop_all() {
  [ -f "$RUN/nginx.pid" ] && nginx -p "$PEER_DIR/nginx" -c "$PEER_DIR/nginx.conf" -s quit 2>/dev/null || true
  for pidfile in "$RUN/php-fpm.pid" "$RUN/mariadb.pid"; do
    if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
      local pid
      pid=$(cat "$pidfile")
      kill -TERM "$pid"
      while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
    fi
  done
  rm -f "$RUN"/*.pid
}

wordpress_version() { grep -o "^.wp_version = '[^']*'" "$WP/wp-includes/version.php" | cut -d"'" -f2; }

case "${1:-up}" in
  up)
    install_packages
    install_files
    start_mariadb
    start_php_fpm
    start_nginx
    install_site
    seed_jobs
    echo "peer up: $URL/jobs/ (WordPress $(wordpress_version), PHP-FPM $PEER_FPM_CHILDREN workers, data in $PEER_DIR)"
    ;;
  down) stop_all ;;
  clean) stop_all; rm -rf "$PEER_DIR" ;;
  *) echo "usage: $0 up|down|clean" >&2; exit 2 ;;
esac
