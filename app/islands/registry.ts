import type { ComponentType } from "react";
import type { IslandName } from "./names.ts";

/**
 * Every island by name, for the browser's island loader (entry.tsx): each a chunk of its own,
 * fetched only by the pages that show it. The server renders an island through the `defineIsland`
 * of the same name (island.tsx); registry.test.ts checks that the two agree.
 */
// biome-ignore lint/suspicious/noExplicitAny: each island's props are checked where it is defined
type Load = () => Promise<ComponentType<any>>;

export const islandModules = {
  header: () => import("./header.tsx").then((m) => m.default),
  chat: () => import("./chat.tsx").then((m) => m.default),
  hero: () => import("./home-sections.tsx").then((m) => m.HeroIsland),
  video: () => import("./home-sections.tsx").then((m) => m.VideoIsland),
  cards: () => import("./home-sections.tsx").then((m) => m.CardsIsland),
  wheel: () => import("./home-sections.tsx").then((m) => m.WheelIsland),
  accordion: () => import("./home-sections.tsx").then((m) => m.AccordionIsland),
  testimonials: () => import("./home-sections.tsx").then((m) => m.TestimonialsIsland),
  newsletter: () => import("./newsletter.tsx").then((m) => m.default),
  plans: () => import("./plans.tsx").then((m) => m.default),
  "section-error": () => import("./section-error.tsx").then((m) => m.default),
  "lead-form": () => import("./lead-form.tsx").then((m) => m.default),
  contact: () => import("./contact.tsx").then((m) => m.default),
  model3: () => import("./content-pages.tsx").then((m) => m.Model3Island),
  model6: () => import("./content-pages.tsx").then((m) => m.Model6Island),
  map: () => import("./content-pages.tsx").then((m) => m.MapIsland),
} satisfies Record<IslandName, Load>;
