/**
 * The funnel drawn in the admin (decision 104): the stages of a form in order and, for each,
 * how many page views reached it, what share of those that saw the form, and how many of the
 * previous stage's were lost on the way (the drop-off). Pure: the dashboard's loader computes it,
 * the table and the chart draw it.
 */

import { formatPercent } from "../number-format.ts";

export interface FunnelStage {
  /** "shown", "touched", "step:2"…, "submitted" */
  key: string;
  label: string;
  count: number;
  /** Share of the form's views (the first stage) that reached this one, 0..1; null without views. */
  ofShown: number | null;
  /** Share of the previous stage's views lost before this one, 0..1; null for the first stage or without views. */
  dropOff: number | null;
  /** How many were lost since the previous stage (never below 0). */
  lost: number;
}

/**
 * The keys of a form's stages: shown, first touch, every step after the first, submitted, and
 * booked for a form whose success screen books a demonstration.
 */
export function stageKeys(stepCount: number, booksDemo = false): string[] {
  const steps = Array.from({ length: Math.max(0, stepCount - 1) }, (_, i) => `step:${i + 2}`);
  return ["shown", "touched", ...steps, "submitted", ...(booksDemo ? ["booked"] : [])];
}

/** The Portuguese name of a stage. */
export function stageLabel(key: string): string {
  if (key === "shown") return "Formulário exibido";
  if (key === "touched") return "Primeiro campo tocado";
  if (key === "submitted") return "Enviado";
  if (key === "booked") return "Demonstração agendada";
  const step = /^step:(\d+)$/.exec(key);
  return step ? `Etapa ${step[1]} alcançada` : key;
}

/**
 * The funnel of a form with `stepCount` steps from its counts per stage. A stage that counts more
 * than the one before it (a visitor who arrived straight at step 2 by its address) loses nobody
 * rather than a negative number.
 */
export function funnelStages(
  counts: ReadonlyMap<string, number>,
  stepCount: number,
  booksDemo = false,
): FunnelStage[] {
  const keys = stageKeys(stepCount, booksDemo);
  const first = counts.get(keys[0]!) ?? 0;
  let previous: number | null = null;
  return keys.map((key) => {
    const count = counts.get(key) ?? 0;
    const lost = previous === null ? 0 : Math.max(0, previous - count);
    const stage: FunnelStage = {
      key,
      label: stageLabel(key),
      count,
      ofShown: first > 0 ? count / first : null,
      dropOff: previous === null || previous === 0 ? null : lost / previous,
      lost,
    };
    previous = count;
    return stage;
  });
}

/** A share as the admin writes it: "42,9%" (one decimal, Brazilian comma), "—" without one. */
export function percent(share: number | null): string {
  if (share === null) return "—";
  return formatPercent(share);
}
