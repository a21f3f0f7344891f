import type { ContentLevel } from "../content-lookup.ts";

/**
 * Levels that inherit (decision 101): a segment or language level stores only what it changes
 * over the levels below it, as a JSON merge patch (RFC 7386), and a document resolves field by
 * field: the default level, then the language's, then the segment's, then the segment's in that
 * language (the lookup order of A §4 read from the bottom: the first level that has a field wins).
 * Objects merge key by key; anything else (a text, a number, a list) is replaced as a whole; null
 * in a patch removes the field.
 */

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** RFC 7386: the target with the patch applied. */
export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const base = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete base[key];
    else base[key] = mergePatch(base[key], value);
  }
  return base;
}

/** Deep equality of JSON values (key order does not matter). */
export function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
  }
  return false;
}

/**
 * The merge patch that turns `base` into `target`: only what differs (objects recursively, other
 * values whole), null for what `target` no longer has. `mergePatch(base, diffPatch(base, target))`
 * equals `target` whenever target holds no null values (a patch cannot say "null").
 */
export function diffPatch(base: Json, target: Json): Json {
  if (!isObject(base) || !isObject(target)) return target;
  const patch: Record<string, Json> = {};
  for (const [key, value] of Object.entries(target)) {
    if (!Object.hasOwn(base, key)) patch[key] = value;
    else if (!sameJson(base[key], value)) {
      patch[key] = isObject(base[key]) && isObject(value) ? diffPatch(base[key], value) : value;
    }
  }
  for (const key of Object.keys(base)) if (!Object.hasOwn(target, key)) patch[key] = null;
  return patch;
}

/** The levels a query reads, in the order they apply (bottom first): default, language, segment, segment + language. */
export function applyOrder(segment: string | null, lang: string): ContentLevel[] {
  const levels: ContentLevel[] = [{ segment: "", lang: "" }];
  if (lang) levels.push({ segment: "", lang });
  if (segment) levels.push({ segment, lang: "" });
  if (segment && lang) levels.push({ segment, lang });
  return levels;
}

/** The levels a level inherits from, bottom first (the default level inherits from none). */
export function levelsBelow(level: ContentLevel): ContentLevel[] {
  const order = applyOrder(level.segment || null, level.lang);
  return order.slice(0, -1).filter((l) => !(l.segment === level.segment && l.lang === level.lang));
}

export const isDefaultLevel = (level: ContentLevel) => level.segment === "" && level.lang === "";

/** One level's stored content: a whole document, or a patch over the levels below (`inherits`). */
export interface StoredLevel extends ContentLevel {
  data: Json;
  inherits: boolean;
}

/**
 * A document as it applies at the top of `levels` (bottom first): each level's patch over the ones
 * below, a level stored whole (not yet migrated, or the default one) starting afresh. Null when no
 * level is stored.
 */
export function resolveLevels(levels: readonly (StoredLevel | null | undefined)[]): Json | null {
  let result: Json | null = null;
  for (const level of levels) {
    if (!level) continue;
    result = level.inherits ? mergePatch(result ?? {}, level.data) : level.data;
  }
  return result;
}

/**
 * Where each top-level field of the document at a level comes from when that level does not set it:
 * the highest level below that sets it (its label), for the editor's 'Herdado de: …'.
 */
export function fieldSources(
  below: readonly (StoredLevel | null | undefined)[],
  label: (level: ContentLevel) => string,
): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const level of below) {
    if (!level || !isObject(level.data)) continue;
    // A level stored whole sets every field it has, and drops the rest.
    if (!level.inherits) for (const key of Object.keys(sources)) delete sources[key];
    for (const [key, value] of Object.entries(level.data)) {
      if (value === null) delete sources[key];
      else sources[key] = label(level);
    }
  }
  return sources;
}
