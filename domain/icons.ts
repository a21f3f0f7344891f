/**
 * The names of the site's line icons (B §2.3), by which content documents name them: kebab, snake
 * or Pascal case, a few aliases, a dot for an unknown name on the page. Pure, so the content check
 * (editor saves and the build's content test) and the drawing (app/components/Icon.tsx) share it.
 */

/**
 * The symbols of app/components/icons.svg (Icon.test.tsx checks the two agree); their Portuguese
 * names for the admin are icon-labels.ts.
 */
export const ICON_NAMES: ReadonlySet<string> = new Set(
  (
    "bar-chart trending-up wallet receipt boxes handshake sparkles brain sprout factory truck store " +
    "hard-hat briefcase shield shield-check cloud users headset zap clock check-circle plug arrow-right " +
    "calendar calendar-check shopping-cart play layers target file-text message-circle mail map-pin " +
    // Lucide's drawings (icons.svg says whose), for the names the sample content uses.
    "rocket graduation-cap ellipsis code user heart-pulse clipboard-list calculator building-2 bell scale " +
    "route chart-pie chart-gantt book-open workflow sunrise sun sheet share-2 server circle-play percent " +
    "megaphone list-tree lightbulb life-buoy landmark globe files circle-off calendar-days calendar-clock award"
  ).split(" "),
);

/** Other names content files use for the same drawings. */
const ALIASES: Record<string, string> = {
  "chart-column": "bar-chart",
  package: "boxes",
  // Lucide's older names.
  "pie-chart": "chart-pie",
  "play-circle": "circle-play",
};

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

/** Whether the site draws a name (an empty name draws nothing and is not a mistake). */
export function isKnownIcon(name: string): boolean {
  return name === "" || iconSymbol(name) !== DEFAULT_ICON;
}

/**
 * Every icon a document names that the site does not draw, with where: the fields called `icon`
 * (and `*Icon`) at any depth, as "slides.0.features.2.icon".
 */
export function unknownIcons(data: unknown, path: string[] = []): { path: string; name: string }[] {
  if (Array.isArray(data)) return data.flatMap((item, index) => unknownIcons(item, [...path, String(index)]));
  if (!data || typeof data !== "object") return [];
  return Object.entries(data).flatMap(([key, value]) =>
    // The footer draws its social networks itself (facebook, instagram, linkedin: their own schema).
    key === "social"
      ? []
      : (key === "icon" || /[a-z]Icon$/.test(key)) && typeof value === "string"
        ? isKnownIcon(value)
          ? []
          : [{ path: [...path, key].join("."), name: value }]
        : unknownIcons(value, [...path, key]),
  );
}
