import type { OfferedLanguage } from "./locale.ts";

/** What a route module's `handle` may say about its page (read by the root layout and the renderer). */
export interface RouteHandle {
  /** The page has no floating chat button. */
  hideChat?: boolean;
  /**
   * The page is the same for every anonymous visitor of a segment and address, so the front page
   * cache and any shared cache may keep it (server/http/page-cache.ts, decision 122). Only for pages
   * without per-visitor values: a loader that issued a token or a request key would hand that one
   * value to every visitor (the page cache refuses a page holding a form token).
   */
  pageCache?: boolean;
  /**
   * The route draws its own shell (the admin area, decision 098): the root layout renders only the
   * outlet, without the site's header, footer, skip link or chat, and the page's language is always
   * Portuguese whatever the visitor's browser or language cookie says.
   */
  bare?: boolean;
  /**
   * The page stands alone, like the login (A §2): no header, footer, skip link or chat, but in the
   * visitor's language. A loader that answers `language` sets the document's (staff read the
   * two-factor set-up in Portuguese, like the admin).
   */
  standalone?: boolean;
  /**
   * A public page without React Router in the browser (decision 108): rendered whole on the server,
   * its interactive parts hydrated as islands (app/islands/). Its links load the next page.
   */
  islands?: boolean;
}

/** Whether any matched route asks for a bare page (decision 098). */
export function isBare(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as RouteHandle | undefined)?.bare === true);
}

/** Whether any matched route draws its page alone, like the login. */
export function isStandalone(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as RouteHandle | undefined)?.standalone === true);
}

/** The language the page's own loader answered, when it says one (a standalone page's may differ from the site's). */
export function pageLanguage(matches: readonly { data?: unknown }[]): OfferedLanguage | null {
  const language = (matches.at(-1)?.data as { language?: unknown } | undefined)?.language;
  return language === "pt" || language === "en" ? language : null;
}
