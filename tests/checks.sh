#!/usr/bin/env bash
# The static checks and the production build, side by side: each of the three uses about one core
# and none needs another's output. Each one's output is printed whole once it ends; the script
# fails if any of them fails.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
declare -A pids
for step in lint typecheck build; do
  npm run --silent "$step" > "$logs/$step" 2>&1 &
  pids[$step]=$!
done

failed=()
for step in lint typecheck build; do
  if wait "${pids[$step]}"; then status="passed"; else status="FAILED"; failed+=("$step"); fi
  echo "── npm run $step: $status"
  cat "$logs/$step"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed: ${failed[*]}" >&2
  exit 1
fi
