/** What a visitor can click in an island, from the element the click landed on (its icon, say). */
const CLICKABLE = "a[href], button, input, select, textarea, label, summary, [role=button], [role=tab]";

/**
 * The element to click again once its island is hydrated (entry.ts), for a click that landed
 * before: one whose only effect is its component's (a menu's button, a carousel's arrow, a tab).
 * Not a link, a form's submit button, a field, a label or a summary: the browser already did what
 * those do, and a second click would do it twice.
 */
export function needsReplay(target: Element): HTMLElement | null {
  const clicked = target.closest<HTMLElement>(CLICKABLE);
  if (!clicked) return null;
  if (clicked instanceof HTMLButtonElement) {
    if (clicked.disabled) return null;
    return clicked.type === "button" || !clicked.form ? clicked : null;
  }
  const role = clicked.getAttribute("role");
  return role === "button" || role === "tab" ? clicked : null;
}
