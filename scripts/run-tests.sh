#!/usr/bin/env bash
# `npm test`: every step in order, then the summary (scripts/test-summary.mjs), which runs after a failed step too so
# the run always ends with its counts. The run fails if a step fails or the summary does (a failed test, a missing
# report, or a suite over its time budget).
set -uo pipefail
cd "$(dirname "$0")/.."

# Reports from an earlier run must not be counted as this run's; the summary times the run from here.
rm -f test-results/unit.json test-results/e2e.json
TEST_RUN_STARTED_AT_MS="$(node -p 'Date.now()')"
export TEST_RUN_STARTED_AT_MS

status=0
npm run typecheck && npm run lint && npm run test:unit && npm run build && npm run test:e2e || status=$?
node scripts/test-summary.mjs || status=$((status ? status : 1))
exit "$status"
