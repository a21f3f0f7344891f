import { normaliseCnpj } from "@domain/cnpj.ts";
import { isCnpjField } from "@domain/forms/cnpj-field.ts";
import type { Answers, FormDefinition } from "@domain/forms/definition.ts";

const MAX_TEXT = 5_000;

/**
 * Keeps only what the form asks: known fields, option values that exist, at most maxSelect
 * choices (the latest ones, as the form drops the oldest), trimmed text of bounded length, a CNPJ
 * normalised.
 */
export function sanitizeAnswers(form: FormDefinition, raw: Record<string, unknown>): Answers {
  const answers: Answers = {};
  for (const field of form.steps.flatMap((s) => s.fields)) {
    const value = raw[field.name];
    if (field.type === "checkbox") {
      const list = (Array.isArray(value) ? value : typeof value === "string" && value ? [value] : []).filter(
        (v): v is string => typeof v === "string",
      );
      const allowed = new Set(field.options?.map((o) => o.value));
      const unique = [...new Set(list.filter((v) => allowed.has(v)))];
      answers[field.name] = field.maxSelect ? unique.slice(-field.maxSelect) : unique;
    } else if (field.type === "select") {
      const text = typeof value === "string" ? value : "";
      answers[field.name] = field.options?.some((o) => o.value === text) ? text : "";
    } else if (isCnpjField(field) && typeof value === "string") {
      // Stored as the Receita issues it (14 letters and digits, no punctuation), shown formatted.
      answers[field.name] = normaliseCnpj(value).slice(0, MAX_TEXT);
    } else {
      answers[field.name] = typeof value === "string" ? value.trim().slice(0, MAX_TEXT) : "";
    }
  }
  return answers;
}

/** The step index up to which a capture validates: the first lead_capture step (B §4.3). */
export function captureStepIndex(form: FormDefinition): number {
  const index = form.steps.findIndex((s) => s.type === "lead_capture");
  return index === -1 ? 0 : index;
}
