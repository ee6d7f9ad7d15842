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
# whole when it ends, in this order. The unit tests start once the tools, the typecheck and the lint have passed,
# while the build may still run; the browser tests need both.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
run_step() {
  npm run --silent "$1" >"$logs/$1" 2>&1
  echo $? >"$logs/$1.status"
}
# Prints a finished step's output; fails if the step did.
report_step() {
  echo "── npm run $1"
  cat "$logs/$1"
  local step_status
  step_status="$(cat "$logs/$1.status")"
  if [ "$step_status" -ne 0 ]; then
    echo "── npm run $1 failed ($step_status)"
    return "$step_status"
  fi
}

run_step build &
build_pid=$!
checks=(test:tools typecheck lint)
check_pids=()
for step in "${checks[@]}"; do
  run_step "$step" &
  check_pids+=($!)
done
wait "${check_pids[@]}"

status=0
for step in "${checks[@]}"; do
  report_step "$step" || status=$?
done
if [ "$status" -eq 0 ]; then
  run_step test:unit &
  unit_pid=$!
fi
wait "$build_pid"
report_step build || status=$?
if [ -n "${unit_pid:-}" ]; then
  wait "$unit_pid"
  report_step test:unit || status=$?
fi

if [ "$status" -eq 0 ]; then
  npm run test:e2e || status=$?
fi
node scripts/test-summary.mjs || status=$((status ? status : 1))
exit "$status"
