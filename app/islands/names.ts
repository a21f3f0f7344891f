/** Every island's name (decision 108): the browser's registry (registry.ts) has one loader for each. */
export const ISLAND_NAMES = [
  "header",
  "chat",
  "hero",
  "video",
  "cards",
  "wheel",
  "accordion",
  "testimonials",
  "newsletter",
  "plans",
  "section-error",
  "lead-form",
  "contact",
  "model3",
  "model6",
  "map",
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];
