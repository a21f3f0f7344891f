import type { ReactNode } from "react";

/**
 * A table that scrolls sideways on a phone: the scrolling box takes the keyboard focus (and has a
 * name), or someone without a mouse could not read its last columns (axe: scrollable-region-focusable).
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="admin-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
