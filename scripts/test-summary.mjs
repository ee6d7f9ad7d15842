// Adds up the unit (vitest) and e2e (Playwright) JSON reports into the one line CI looks for:
// `tests: N passed, N failed`. A missing report counts nothing; the test command's exit code says whether it ran.
import { existsSync, readFileSync } from "node:fs";

function readReport(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}

function unitCounts(report) {
  // A file that fails to import fails without failing any test; name it so a green count cannot hide it.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    notes: [report.numPendingTests && `${report.numPendingTests} skipped`, brokenFiles && `${brokenFiles} files failed to run`],
  };
}

function e2eCounts(report) {
  const { expected, unexpected, flaky, skipped } = report.stats;
  return {
    passed: expected + flaky,
    failed: unexpected,
    notes: [flaky && `${flaky} flaky (passed on retry)`, skipped && `${skipped} skipped`, report.errors.length && `${report.errors.length} run errors`],
  };
}

const suites = [
  { name: "unit (vitest)", path: "test-results/unit.json", count: unitCounts },
  { name: "e2e (playwright)", path: "test-results/e2e.json", count: e2eCounts },
];

let passed = 0;
let failed = 0;
for (const suite of suites) {
  const report = readReport(suite.path);
  if (!report) {
    console.log(`${suite.name}: no report at ${suite.path}`);
    continue;
  }
  const counts = suite.count(report);
  passed += counts.passed;
  failed += counts.failed;
  const notes = counts.notes.filter(Boolean);
  console.log(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed${notes.length ? `; ${notes.join(", ")}` : ""}`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
