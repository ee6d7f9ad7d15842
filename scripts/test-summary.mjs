// The end of `npm test`: adds up the unit (vitest) and e2e (Playwright) JSON reports, prints where the time went,
// names every failed, flaky and skipped test, checks the suite's time budget, and ends with the one line CI looks
// for: `tests: N passed, N failed`. Exits non-zero when the run did not pass. A flaky test (failed, then passed on
// CI's one retry) fails the run too, listed by name with its retries and its first error: a race to fix at its cause.
import { existsSync, readFileSync } from "node:fs";
import { SUITE_BUDGET_MINUTES } from "./test-budget.mjs";

const UNIT_REPORT = "test-results/unit.json";
const E2E_REPORT = "test-results/e2e.json";
/** Set by scripts/run-tests.sh as `npm test` starts; without it the run is timed from its first report. */
const startedAt = Number(process.env.TEST_RUN_STARTED_AT_MS) || undefined;

function readReport(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}

function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;
}

/** Adds `ms` and one run to `key`'s row. */
function addTime(table, key, ms) {
  const row = table.get(key) ?? { ms: 0, runs: 0 };
  row.ms += ms;
  row.runs += 1;
  table.set(key, row);
}

function printTimes(heading, table) {
  console.log(`  ${heading}:`);
  const rows = [...table].sort((a, b) => b[1].ms - a[1].ms);
  const width = Math.max(...rows.map(([key]) => key.length));
  for (const [key, { ms, runs }] of rows)
    console.log(`    ${key.padEnd(width)}  ${formatDuration(ms).padStart(7)}  ${runs} ${runs === 1 ? "run" : "runs"}`);
}

function firstLine(text = "") {
  // Playwright's messages carry terminal colours.
  return (
    text
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .find((line) => line.trim()) ?? ""
  );
}

function unitSuite(report) {
  // A file that fails to import fails without failing any test; name it so a green count cannot hide it.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  );
  const failedTests = report.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === "failed").map((test) => `${file.name} › ${test.fullName}`),
  );
  const ends = report.testResults.map((file) => file.endTime).filter(Boolean);
  const end = ends.length ? Math.max(...ends) : report.startTime;
  console.log(
    `unit (vitest): ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped` +
      ` in ${formatDuration(end - report.startTime)}`,
  );
  for (const name of failedTests) console.log(`  FAILED ${name}`);
  for (const file of brokenFiles) console.log(`  FAILED TO RUN ${file.name}: ${firstLine(file.message)}`);
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    problems: [
      report.numFailedTests && `${report.numFailedTests} unit tests failed`,
      brokenFiles.length && `${brokenFiles.length} unit test files failed to run`,
    ].filter(Boolean),
    start: report.startTime,
    end,
  };
}

/** Every test of the Playwright report, once per project, with the file it is in. */
function* e2eTests(suite, file = suite.file) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests) yield { spec, test, file: spec.file ?? file };
  for (const child of suite.suites ?? []) yield* e2eTests(child, child.file ?? file);
}

function e2eSuite(report) {
  const byProject = new Map();
  const byFile = new Map();
  const failed = [];
  const flaky = [];
  const skipReasons = new Map();
  let passed = 0;
  for (const { spec, test, file } of report.suites.flatMap((suite) => [...e2eTests(suite)])) {
    const name = `[${test.projectName}] ${file}:${spec.line} › ${spec.title}`;
    for (const result of test.results) {
      addTime(byProject, test.projectName, result.duration);
      addTime(byFile, file, result.duration);
    }
    if (test.status === "expected") passed += 1;
    else if (test.status === "unexpected") failed.push(`${name}: ${firstLine(test.results.at(-1)?.error?.message)}`);
    else if (test.status === "flaky") {
      const failures = test.results.filter((result) => result.status !== "passed");
      const how = failures.map((result) => result.status).join(", ");
      flaky.push(
        `${name}: passed on retry #${test.results.length - 1} after ${failures.length} failed tries (${how}): ${firstLine(failures[0]?.error?.message)}`,
      );
    } else if (test.status === "skipped") {
      const annotations = [...test.annotations, ...test.results.flatMap((result) => result.annotations ?? [])];
      const reason = annotations.find((annotation) => ["skip", "fixme"].includes(annotation.type))?.description ?? "no reason given";
      const row = skipReasons.get(reason) ?? { runs: 0, projects: new Set() };
      row.runs += 1;
      row.projects.add(test.projectName);
      skipReasons.set(reason, row);
    }
  }
  const skipped = [...skipReasons.values()].reduce((sum, row) => sum + row.runs, 0);
  const start = Date.parse(report.stats.startTime);
  console.log(
    `e2e (playwright): ${passed} passed, ${failed.length} failed, ${flaky.length} flaky, ${skipped} skipped in ${formatDuration(report.stats.duration)}` +
      ` (${report.config.metadata?.actualWorkers ?? report.config.workers} workers)`,
  );
  printTimes("per project (test time summed over workers, retries included)", byProject);
  printTimes("per spec file (test time summed over workers, retries included)", byFile);
  if (skipReasons.size) console.log("  skipped, by reason:");
  for (const [reason, { runs, projects }] of [...skipReasons].sort((a, b) => b[1].runs - a[1].runs)) {
    console.log(`    ${String(runs).padStart(4)} × ${reason} (${[...projects].join(", ")})`);
  }
  for (const line of failed) console.log(`  FAILED ${line}`);
  for (const line of flaky) console.log(`  FLAKY ${line}`);
  for (const error of report.errors) console.log(`  RUN ERROR ${firstLine(error.message)}`);
  return {
    passed,
    failed: failed.length + flaky.length,
    problems: [
      failed.length && `${failed.length} e2e tests failed`,
      flaky.length && `${flaky.length} e2e tests flaky (failed, then passed on a retry): fix each at its cause`,
      report.errors.length && `${report.errors.length} e2e run errors`,
    ].filter(Boolean),
    start,
    end: start + report.stats.duration,
  };
}

const suites = [
  { name: "unit (vitest)", path: UNIT_REPORT, read: unitSuite },
  { name: "e2e (playwright)", path: E2E_REPORT, read: e2eSuite },
];

// scripts/run-tests.sh runs the summary with the Node that ran every step before it.
if (startedAt) console.log(`npm test ran on Node ${process.versions.node}`);

let passed = 0;
let failed = 0;
const problems = [];
const spans = [];
for (const suite of suites) {
  const report = readReport(suite.path);
  if (!report) {
    console.log(`${suite.name}: no report at ${suite.path}`);
    problems.push(`no ${suite.name} report`);
    continue;
  }
  const counts = suite.read(report);
  passed += counts.passed;
  failed += counts.failed;
  problems.push(...counts.problems);
  spans.push(counts);
}

if (spans.length) {
  const start = startedAt ?? Math.min(...spans.map((span) => span.start));
  const end = Math.max(...spans.map((span) => span.end));
  const budgetMs = SUITE_BUDGET_MINUTES * 60_000;
  const measured = startedAt ? "npm test, wall-clock" : "first report's start to last report's end, wall-clock";
  const outside = end - start - spans.reduce((sum, span) => sum + span.end - span.start, 0);
  console.log(
    `suite: ${formatDuration(end - start)} of its ${SUITE_BUDGET_MINUTES}m budget (${measured};` +
      ` ${formatDuration(Math.max(0, outside))} of it outside the test runs: tools, typecheck, lint, build)`,
  );
  if (end - start > budgetMs) problems.push(`the suite took ${formatDuration(end - start)}, over its ${SUITE_BUDGET_MINUTES}m budget`);
}
for (const problem of problems) console.log(`FAIL: ${problem}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = problems.length ? 1 : 0;
