/** One level of the content lookup: '' means the folder is absent at that level. */
export interface ContentLevel {
  segment: string;
  lang: string;
}

/**
 * Data file lookup order of A §4 (first existing wins): segment plus language folder,
 * segment folder, language folder, default root.
 */
export function lookupLevels(segment: string | null, lang: string): ContentLevel[] {
  const levels: ContentLevel[] = [];
  if (segment) levels.push({ segment, lang }, { segment, lang: "" });
  levels.push({ segment: "", lang }, { segment: "", lang: "" });
  return levels;
}

/** Where a level lives under content/data, as shown to people ("Dados ... não encontrados" lists these). */
export function levelPath(name: string, level: ContentLevel): string {
  return ["data", level.segment, level.lang, `${name}.json`].filter(Boolean).join("/");
}

/** Cache key of spec B §3.10 / §7.4: subdomain:name:lang, 'default' when no segment. */
export function contentCacheKey(name: string, segment: string | null, lang: string): string {
  return `${segment ?? "default"}:${name}:${lang}`;
}

export const CONTENT_CACHE_KEY_PATTERN = /^[a-z0-9-]+:[A-Za-z0-9_.-]+:[a-z]{2}$/;
