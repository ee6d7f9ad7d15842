import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** deploy/prometheus: the alert rules and, beside them, a promtool test file per rule group (`<group>.test.yml`). */
export const RULES_DIR = path.dirname(fileURLToPath(import.meta.url));
export const RULES_FILE = path.join(RULES_DIR, "alerts.yml");

export type AlertRule = { alert: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
export type RuleGroup = { name: string; rules: AlertRule[] };

/** The rule groups of alerts.yml, as Prometheus reads them. */
export function readRuleGroups(): RuleGroup[] {
  return (parse(readFileSync(RULES_FILE, "utf8")) as { groups: RuleGroup[] }).groups;
}
