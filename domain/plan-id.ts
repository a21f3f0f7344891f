/** Plan ids travel in the trial link (/teste-gratis/{planId}): lower-case words joined by hyphens, 60 at most. */
export const PLAN_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PLAN_ID_MAX_LENGTH = 60;

/** Whether a value can be a plan id: the plans document's ids, the trial path and the lead's plan all use this. */
export function isPlanId(value: string): boolean {
  return value.length <= PLAN_ID_MAX_LENGTH && PLAN_ID_PATTERN.test(value);
}
