/**
 * A small set of line icons by name (kebab, snake or Pascal case), with a default for unknown names
 * (B §2.3). The drawings live once in icons.svg, a hashed asset the browser caches across pages: each
 * icon on a page is a <use> of it, not its own inline drawing (51 inline icons were 14 KB
 * of the home page's HTML, and their paths were in its JavaScript).
 */
import sprite from "./icons.svg?no-inline";

/** The symbols of icons.svg (icons.test.ts checks the two agree). */
export const ICON_NAMES: ReadonlySet<string> = new Set(
  (
    "bar-chart trending-up wallet receipt boxes handshake sparkles brain sprout factory truck store " +
    "hard-hat briefcase shield shield-check cloud users headset zap clock check-circle plug arrow-right " +
    "calendar play layers target file-text message-circle mail map-pin"
  ).split(" "),
);

/** Other names content files use for the same drawings. */
const ALIASES: Record<string, string> = { "chart-column": "bar-chart", package: "boxes" };

/** The symbol drawn for a name that is missing or unknown. */
export const DEFAULT_ICON = "dot";

export function iconKey(name: string | undefined): string {
  if (!name) return "";
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase();
}

/** The symbol an icon name in any of the three cases draws: its own, an alias's, or the default dot. */
export function iconSymbol(name: string | undefined): string {
  const key = iconKey(name);
  const symbol = ALIASES[key] ?? key;
  return ICON_NAMES.has(symbol) ? symbol : DEFAULT_ICON;
}

export function Icon({ name, size = 24, className }: { name?: string; size?: number; className?: string }) {
  return (
    // The symbol's own viewBox scales the drawing to the size given here.
    <svg width={size} height={size} aria-hidden="true" className={className}>
      <use href={`${sprite}#${iconSymbol(name)}`} />
    </svg>
  );
}
