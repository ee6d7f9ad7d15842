#!/usr/bin/env bash
# `npm test`: every step, then the summary (scripts/test-summary.mjs), which runs after a failed step too so the run
# always ends with its counts. The run fails if a step fails or the summary does (a failed test, a missing report,
# or a suite over its time budget).
set -uo pipefail
cd "$(dirname "$0")/.."

# Reports from an earlier run must not be counted as this run's; the summary times the run from here.
rm -f test-results/unit.json test-results/e2e.json
TEST_RUN_STARTED_AT_MS="$(node -p 'Date.now()')"
export TEST_RUN_STARTED_AT_MS

# The first steps need nothing of each other and leave a core idle when run one after another (installing Debian's
# tools waits on the network, the typecheck and the lint use one core each): they run side by side, each printed
# whole when it ends, in this order.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
first_steps=(test:tools typecheck lint build)
for step in "${first_steps[@]}"; do
  (npm run --silent "$step" >"$logs/$step" 2>&1; echo $? >"$logs/$step.status") &
done
wait

status=0
for step in "${first_steps[@]}"; do
  echo "── npm run $step"
  cat "$logs/$step"
  step_status="$(cat "$logs/$step.status")"
  if [ "$step_status" -ne 0 ]; then
    echo "── npm run $step failed ($step_status)"
    status="$step_status"
  fi
done

if [ "$status" -eq 0 ]; then
  npm run test:unit && npm run test:e2e || status=$?
fi
node scripts/test-summary.mjs || status=$((status ? status : 1))
exit "$status"
