import { isImageKey, isUnlimited, type PlanLimits } from "../plans.ts";

/**
 * A plan's limits against the company's use (decision 095): pure, unit-tested, shared by the plan page
 * and the service. A number (or a text of digits) is a count the plan allows; 'Ilimitado' (A §9, any
 * case or gender, or 'Unlimited') has no ceiling; any other text is shown as written; img_ keys are
 * pictures, not limits. The use is given only where the product knows it (people: `usuarios`).
 */
export interface PlanLimitRow {
  key: string;
  /** The label of limits_labels, or the key with spaces for underscores. */
  label: string;
  kind: "count" | "unlimited" | "text";
  /** The count allowed (kind count). */
  limit: number | null;
  /** What the plan says (kind text). */
  text: string | null;
  /** How much is in use, when the product knows it. */
  used: number | null;
  /** The share of the limit in use, 0–100 (capped), when both are known. */
  percent: number | null;
  /** More in use than the plan allows. */
  over: boolean;
}

export function planLimitRows(
  limits: PlanLimits,
  labels: Record<string, string>,
  use: Record<string, number>,
): PlanLimitRow[] {
  // What the product measures first (jsonb keeps no key order, so the people limit would land
  // anywhere); then the order of limitLines (plans.ts): quantities before texts, each in the order
  // of the labels.
  const order = Object.keys(labels);
  const position = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const rows: PlanLimitRow[] = [];
  for (const [key, value] of Object.entries(limits)) {
    if (isImageKey(key)) continue;
    const label = (Object.hasOwn(labels, key) ? labels[key]! : key.replace(/_/g, " ")).trim();
    const used = Object.hasOwn(use, key) ? use[key]! : null;
    const count =
      typeof value === "number" ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
    if (count !== null) {
      const percent =
        used === null ? null : count === 0 ? 100 : Math.min(100, Math.round((used / count) * 100));
      rows.push({
        key,
        label,
        kind: "count",
        limit: count,
        text: null,
        used,
        percent,
        over: used !== null && used > count,
      });
    } else if (isUnlimited(value as string)) {
      rows.push({ key, label, kind: "unlimited", limit: null, text: null, used, percent: null, over: false });
    } else {
      rows.push({
        key,
        label,
        kind: "text",
        limit: null,
        text: (value as string).trim(),
        used: null,
        percent: null,
        over: false,
      });
    }
  }
  return rows.sort(
    (a, b) =>
      Number(a.used === null) - Number(b.used === null) ||
      Number(a.kind === "text") - Number(b.kind === "text") ||
      position(a.key) - position(b.key),
  );
}
