import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { PATH_LANGUAGES } from "./lib/locale.ts";

/**
 * The route table (spec A §2, B §2.1). Public pages are declared once and mounted at the root
 * and under each language prefix (/pt, /en, /es), each copy with its own id.
 */
function publicPages(lang: string) {
  const id = (name: string) => (lang ? `${name}-${lang}` : name);
  return [index("routes/home.tsx", { id: id("home") })];
}

export default [
  // JSON API (thin resource routes). Unknown /api paths answer 404 JSON, never a page.
  route("api/json/public/:docname", "routes/api/json-public.ts"),
  route("api/cache", "routes/api/cache.ts"),
  route("api/leads", "routes/api/leads.ts"),
  route("api/cache/:key", "routes/api/cache-key.ts"),
  route("api/*", "routes/api/not-found.ts"),

  ...publicPages(""),
  ...PATH_LANGUAGES.flatMap((lang) => prefix(lang, publicPages(lang))),

  // Any other path redirects to the home page (B §2.1).
  route("*", "routes/redirect-home.ts"),
] satisfies RouteConfig;
