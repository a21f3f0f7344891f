/**
 * The alert rules (alerts.yml) and the example Prometheus configuration (prometheus.yml), checked by
 * Prometheus' own promtool (Debian's `prometheus` package, installed on demand): both files load,
 * and every alert fires on the bad series of alerts.test.yml and stays quiet on the healthy ones.
 * A broken expectation makes promtool fail (so the test above can fail), and every rule carries
 * what the on-call person needs: a severity, a summary and a description.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDebianTool } from "../../scripts/outside-tools.mjs";

const here = import.meta.dirname;
const RULES = path.join(here, "alerts.yml");
const RULES_TEST = path.join(here, "alerts.test.yml");
const CONFIG = path.join(here, "prometheus.yml");

/** The alerts the site's operations rely on (docs/operations.md, decision 119). */
const ALERTS = [
  "LeadsNotReachingJira",
  "DeliveryOutboxStuck",
  "JiraCredentialsRefused",
  "OutsideServiceCircuitOpen",
  "HighServerErrorRate",
  "PeriodicJobSilent",
  "InstanceDown",
  "AllInstancesDown",
  "DatabaseUnreachable",
  "SharedCachePurgesFailing",
];

let promtool: string;
const scratch: string[] = [];

// Installing Debian's prometheus package on a fresh machine can take a minute or two.
beforeAll(() => {
  promtool = ensureDebianTool("promtool");
}, 300_000);

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** promtool's exit status and everything it printed (it reports on stdout, fails on stderr). */
function run(args: string[], cwd = here): { status: number | null; output: string } {
  const result = spawnSync(promtool, args, { cwd, encoding: "utf8", timeout: 60_000 });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// promtool is a process of its own: on a busy two-core machine one run took over the 5 s default.
describe("Prometheus alert rules (deploy/prometheus)", { timeout: 60_000 }, () => {
  it("alerts.yml loads: every expression parses, every rule counted", () => {
    const { status, output } = run(["check", "rules", RULES]);
    expect(output).toContain(`SUCCESS: ${ALERTS.length} rules found`);
    expect(status).toBe(0);
  });

  it("prometheus.yml loads, with alerts.yml found next to it from any working directory", () => {
    const { status, output } = run(["check", "config", CONFIG], tmpdir());
    expect(output).toContain("SUCCESS: 1 rule files found");
    expect(output).toContain(`SUCCESS: ${ALERTS.length} rules found`);
    expect(status).toBe(0);
  });

  it("every alert fires on its bad series and stays quiet on the healthy ones (promtool test rules)", () => {
    const { status, output } = run(["test", "rules", RULES_TEST]);
    expect(output).toContain("SUCCESS");
    expect(output).not.toContain("FAILED");
    expect(status).toBe(0);
  });

  it("fails when an alert that fires is expected not to (the test above can fail)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "alerts-test-"));
    scratch.push(dir);
    copyFileSync(RULES, path.join(dir, "alerts.yml"));
    // The case where a lead has waited 960 s: LeadsNotReachingJira fires; expect nothing instead.
    const broken = expectNoAlert(readFileSync(RULES_TEST, "utf8"), "16m", "LeadsNotReachingJira");
    writeFileSync(path.join(dir, "alerts.test.yml"), broken);

    const { status, output } = run(["test", "rules", "alerts.test.yml"], dir);
    expect(status).not.toBe(0);
    expect(output).toContain("FAILED");
    expect(output).toContain("alertname: LeadsNotReachingJira, time: 16m");
    expect(output).toMatch(/exp:\[\],?\s*got:\[\s*0:\s*Labels:\{alertname="LeadsNotReachingJira"/);
  });

  // A text check: `yaml` is not among package.json's dependencies, and both files keep one rule
  // (one test case) per block in the layout read here.
  it("every alert exists, with a severity, a summary and a description", () => {
    const rules = rulesOf(readFileSync(RULES, "utf8"));
    expect(rules.map((rule) => rule.name).sort()).toEqual([...ALERTS].sort());
    for (const rule of rules) {
      expect(rule.body, rule.name).toMatch(/^ +severity: (page|ticket)$/m);
      expect(rule.body, rule.name).toMatch(/^ +summary: "\S[^\n]+"$/m);
      expect(rule.body, rule.name).toMatch(/^ +description: >-\n +\S/m);
    }
  });

  it("alerts.test.yml has, for every alert, a case where it fires and one where it does not", () => {
    const cases = casesOf(readFileSync(RULES_TEST, "utf8"));
    for (const name of ALERTS) {
      const mine = cases.filter((c) => c.alertname === name);
      expect(
        mine.some((c) => c.fires),
        `${name} fires somewhere`,
      ).toBe(true);
      expect(
        mine.some((c) => !c.fires),
        `${name} stays quiet somewhere`,
      ).toBe(true);
    }
  });
});

/** Each `- alert: Name` of a rules file with the lines up to the next one. */
function rulesOf(text: string): { name: string; body: string }[] {
  const parts = text.split(/^ +- alert: /m).slice(1);
  return parts.map((part) => {
    const [first, ...rest] = part.split("\n");
    return { name: first!.trim(), body: rest.join("\n") };
  });
}

/** Each alert_rule_test case: its alert, and whether it expects alerts (a list) or none (`[]`). */
function casesOf(text: string): { alertname: string; fires: boolean }[] {
  const cases: { alertname: string; fires: boolean }[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const name = /^ +alertname: (\w+)$/.exec(line)?.[1];
    const expected = /^ +exp_alerts:(.*)$/.exec(lines[i + 1] ?? "")?.[1]?.trim();
    if (name && expected !== undefined) cases.push({ alertname: name, fires: expected !== "[]" });
  });
  return cases;
}

/**
 * The test file with one case (eval_time, alertname) turned into `exp_alerts: []`: its list of
 * expected alerts (the lines indented under exp_alerts) removed.
 */
function expectNoAlert(text: string, evalTime: string, alertname: string): string {
  const lines = text.split("\n");
  const at = lines.findIndex(
    (line, i) =>
      line.trim() === `- eval_time: ${evalTime}` && lines[i + 1]?.trim() === `alertname: ${alertname}`,
  );
  const expLine = lines[at + 2];
  if (at < 0 || !expLine || expLine.trim() !== "exp_alerts:") {
    throw new Error(`no case of ${alertname} at ${evalTime} expecting alerts`);
  }
  const indent = expLine.length - expLine.trimStart().length;
  let end = at + 3;
  while (end < lines.length && lines[end]!.trim() !== "" && indentOf(lines[end]!) > indent) end++;
  lines.splice(at + 2, end - (at + 2), `${" ".repeat(indent)}exp_alerts: []`);
  return lines.join("\n");
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
