/**
 * The privacy policy states the lead retention period staff set (decision 111): content texts carry
 * the placeholder `{prazoRetencaoLeads}`, replaced when the page renders by the period from the
 * same setting the nightly job reads. A save of the setting drops the cached pages (settings.ts).
 */
export const RETENTION_PLACEHOLDER = "{prazoRetencaoLeads}";

/** `value` with every string's placeholder replaced; the same object when there is none. */
export function fillRetentionPeriod<T>(value: T, months: number): T {
  const replace = (item: unknown): unknown => {
    if (typeof item === "string") return item.split(RETENTION_PLACEHOLDER).join(String(months));
    if (Array.isArray(item)) return item.map(replace);
    if (item && typeof item === "object")
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, replace(inner)]));
    return item;
  };
  return replace(value) as T;
}

/** Whether a content value carries the placeholder (only then is the setting read). */
export function mentionsRetentionPeriod(value: unknown): boolean {
  return JSON.stringify(value).includes(RETENTION_PLACEHOLDER);
}
