/**
 * A small set of line icons by name (kebab, snake or Pascal case), with a default for unknown names
 * (B §2.3). The drawings live once in icons.svg, a hashed asset the browser caches across pages: each
 * icon on a page is a <use> of it, not its own inline drawing (51 inline icons were 14 KB
 * of the home page's HTML, and their paths were in its JavaScript).
 */
import { iconSymbol } from "@domain/icons.ts";
import sprite from "./icons.svg?no-inline";

export { DEFAULT_ICON, ICON_NAMES, iconKey, iconSymbol } from "@domain/icons.ts";

export function Icon({ name, size = 24, className }: { name?: string; size?: number; className?: string }) {
  return (
    // The symbol's own viewBox scales the drawing to the size given here.
    <svg width={size} height={size} aria-hidden="true" className={className}>
      <use href={`${sprite}#${iconSymbol(name)}`} />
    </svg>
  );
}
