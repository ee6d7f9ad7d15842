import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { RULES_DIR, RULES_FILE, readRuleGroups } from "./alert-rules.test-support";

/**
 * The alert rules (alerts.yml) as Prometheus's own checker reads them, and each group's promtool unit tests; promtool
 * is Debian's `prometheus` package (scripts/ensure-test-tools.sh).
 */
const run = promisify(execFile);
const promtool = (...args: string[]) => run("promtool", args, { cwd: RULES_DIR });

type PromtoolTests = { rule_files: string[]; tests: Array<{ alert_rule_test?: Array<{ alertname: string; exp_alerts?: unknown[] }> }> };

const groups = readRuleGroups();
const testFileOf = (group: string) => `${group}.test.yml`;

describe("the alert rules", () => {
  it("pass promtool's check", async () => {
    const { stdout } = await promtool("check", "rules", RULES_FILE);
    expect(stdout).toContain(`SUCCESS: ${groups.flatMap((group) => group.rules).length} rules found`);
  });

  it("have a test file per group, and none for a group that is not there", () => {
    const testFiles = readdirSync(RULES_DIR).filter((name) => name.endsWith(".test.yml"));
    expect(testFiles.sort()).toEqual(groups.map((group) => testFileOf(group.name)).sort());
  });

  it.each(groups.map((group) => [group.name, group] as const))("%s: each alert shown firing and not firing", (_name, group) => {
    const tests = parse(readFileSync(path.join(RULES_DIR, testFileOf(group.name)), "utf8")) as PromtoolTests;
    expect(tests.rule_files).toEqual([path.basename(RULES_FILE)]);
    const cases = tests.tests.flatMap((test) => test.alert_rule_test ?? []);
    const shown = (alert: string, firing: boolean) => cases.some((test) => test.alertname === alert && (test.exp_alerts ?? []).length > 0 === firing);
    for (const { alert } of group.rules) {
      expect(shown(alert, true), `${alert} firing`).toBe(true);
      expect(shown(alert, false), `${alert} not firing`).toBe(true);
    }
  });

  it.each(groups.map((group) => group.name))("%s: promtool's unit tests pass", async (name) => {
    // A failing case makes promtool exit 1: the rejection carries its report, what each case expected and got.
    await expect(promtool("test", "rules", testFileOf(name))).resolves.toMatchObject({ stdout: expect.stringContaining("SUCCESS") });
  });
});
