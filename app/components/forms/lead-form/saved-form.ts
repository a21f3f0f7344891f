import type { Answers } from "@domain/forms/definition.ts";
import type { Completed } from "./types.ts";

/**
 * A multi-step form's progress kept for this tab (sessionStorage): back, forward and reload find
 * the visitor's answers, the lead their first step started (its next send completes that lead
 * rather than starting another), and a finished form's success and protocol.
 */
export interface SavedForm {
  step: number;
  answers: Answers;
  lead: { leadId?: string; accessToken?: string; protocol?: string };
  completed: Completed | null;
  keys: { capture: string; finish: string };
}

const keyOf = (form: string) => `vertice-lead-form:${form}`;

export function readSavedForm(form: string): SavedForm | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(keyOf(form)) ?? "null") as SavedForm | null;
    if (!value || typeof value.step !== "number" || typeof value.answers !== "object") return null;
    return value;
  } catch {
    return null;
  }
}

export function saveForm(form: string, value: SavedForm): void {
  try {
    sessionStorage.setItem(keyOf(form), JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the form works, only a reload forgets it.
  }
}

export function forgetSavedForm(form: string): void {
  try {
    sessionStorage.removeItem(keyOf(form));
  } catch {
    // As above.
  }
}

/** How this document was reached: a reload or the history's back/forward restore a finished form. */
export function arrivedByReloadOrHistory(): boolean {
  const entry = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === "reload" || entry?.type === "back_forward";
}
