import type { LeadLevel, Priority } from "../lead-status.ts";
import type { Answers, FormDefinition, FormType } from "./definition.ts";

export type TemperatureLevel = LeadLevel;

export interface Temperature {
  score: number;
  level: TemperatureLevel;
}

/** Without rules the score is 50 and the level warm (B §9.1). */
export const NO_RULES_TEMPERATURE: Temperature = { score: 50, level: "warm" };

function answered(value: string | string[] | undefined): boolean {
  return Array.isArray(value) ? value.length > 0 : (value ?? "").trim() !== "";
}

/**
 * The lead temperature (B §9.1, A §4): the form's base points, plus the weight of every answered
 * field, plus the boosts of the chosen options (select and checkbox), plus the tracking boost when
 * the visitor has an analytics id; clamped to 0..100. Level: hot from the hot minimum, warm from
 * the warm minimum, otherwise cold.
 */
export function computeTemperature(
  form: FormDefinition,
  answers: Answers,
  options: { hasTrackingId?: boolean } = {},
): Temperature {
  const rules = form.temperature_rules;
  if (!rules) return NO_RULES_TEMPERATURE;
  let score = form.temperature_base;
  for (const step of form.steps) {
    for (const field of step.fields) {
      const value = answers[field.name];
      if (!answered(value)) continue;
      score += field.temperature_weight ?? 0;
      const chosen = Array.isArray(value) ? value : [value];
      for (const option of field.options ?? []) {
        if (chosen.includes(option.value)) score += option.temperature_boost ?? 0;
      }
    }
  }
  if (options.hasTrackingId) score += form.temperature_tracking_boost;
  score = Math.max(0, Math.min(100, Math.round(score)));
  return { score, level: levelFor(score, rules) };
}

export function levelFor(
  score: number,
  rules: NonNullable<FormDefinition["temperature_rules"]>,
): TemperatureLevel {
  if (score >= rules.hot.min) return "hot";
  if (score >= rules.warm.min) return "warm";
  return "cold";
}

export type { Priority };

/** Priority and response hours of the level, from the form's actions (B §9.2). */
export function actionFor(
  form: FormDefinition,
  level: TemperatureLevel,
): { priority: Priority; hours: number; nurture: boolean; notify: boolean } {
  const action = form.actions[level];
  // Only hot triggers an immediate notification (B §9.2).
  return { ...action, notify: level === "hot" };
}

/** Jira priority names for our priorities (critical is Jira's Highest). */
export const JIRA_PRIORITY: Record<Priority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Highest",
};

/** The general mapping of B §9.1: High for hot, Medium for warm, Low for cold. */
export function priorityForLevel(level: TemperatureLevel): "High" | "Medium" | "Low" {
  return level === "hot" ? "High" : level === "warm" ? "Medium" : "Low";
}

/**
 * Default response hours shown on the success screen ("h úteis", B §9.2) by form kind:
 * lead/demo/partner 24/12/4, contact 48/24/8, newsletter 72/48/24; anything else 24.
 */
export function defaultSlaHours(type: FormType, level: TemperatureLevel): number {
  const table: Partial<Record<FormType, Record<TemperatureLevel, number>>> = {
    lead_capture_qualified: { cold: 24, warm: 12, hot: 4 },
    partner_lead: { cold: 24, warm: 12, hot: 4 },
    contact_message: { cold: 48, warm: 24, hot: 8 },
    newsletter_subscription: { cold: 72, warm: 48, hot: 24 },
  };
  return table[type]?.[level] ?? 24;
}

/**
 * The hours the success screen promises (decision 117): the lead's own response hours as the
 * service answered them, the same that set its due date in Jira; the sla_hours table above only
 * when the answer carries none.
 */
export function successScreenHours(
  type: FormType,
  completed: { responseHours: number | null; level: TemperatureLevel | null },
): number {
  return completed.responseHours ?? defaultSlaHours(type, completed.level ?? "warm");
}
