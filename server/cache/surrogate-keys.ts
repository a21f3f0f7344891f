import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Surrogate keys (decision 122): what a public answer was made of, named in its `xkey` (Varnish),
 * `Surrogate-Key` (Fastly) and `Cache-Tag` (Cloudflare) headers, so that a content change purges
 * exactly the answers built from it, in this process's page cache and in the shared caches.
 *
 * Every content read goes through the content cache (server/cache/cache.ts getOrLoad), which notes
 * the document it read here: a page's keys are collected while it renders, without any route having
 * to list them.
 */
// One store per process: the server's bundle and React Router's (the routes) each carry a copy of
// this module, and a route's note must reach the set the page cache opened.
const STORE = Symbol.for("vertice.surrogate-keys");
const shared = globalThis as { [STORE]?: AsyncLocalStorage<Set<string>> };
shared[STORE] ??= new AsyncLocalStorage<Set<string>>();
const collecting = shared[STORE];

/** Runs `render` collecting the keys of what it reads into `keys`. */
export function collectingSurrogateKeys<T>(keys: Set<string>, render: () => T): T {
  return collecting.run(keys, render);
}

/** Notes a key for the answer being rendered in this async context, if any. */
export function noteSurrogateKey(key: string): void {
  collecting.getStore()?.add(key);
}

/** The key of a content document (every level and language of it: a change is per document). */
export function documentKey(name: string): string {
  return `doc:${name}`;
}

/** The content cache's keys are `{level}:{name}:{lang}`; the document is the middle part. */
export function documentKeyOfCacheKey(cacheKey: string): string | null {
  const name = cacheKey.split(":")[1];
  return name ? documentKey(name) : null;
}

/** The shared-cache keys a content cache change makes stale. */
export function keysOfChange(change: { key: string } | { name: string }): string[] {
  if ("name" in change) return [documentKey(change.name)];
  const key = documentKeyOfCacheKey(change.key);
  return key ? [key] : [];
}

/** A blog post's own key, beside its document's (operators purge one post by it). */
export function postKey(slug: string): string {
  return `post:${slug}`;
}

/**
 * The page's own key and its level's: `page:{site}:{path}`, `site:{site}` and `lang:{lang}`, where
 * site is the segment's subdomain or `main`. Anything but printable ASCII, and commas, are escaped as
 * in a URL.
 */
export function pageKeys(segment: string | null, language: string, address: string): string[] {
  const site = segment ?? "main";
  // Keys are printable ASCII without spaces or commas (the headers' list separators).
  const path = address.replace(/[^\x21-\x7e]|,/gu, (c) => encodeURIComponent(c));
  return [`page:${site}:${path}`, `site:${site}`, `lang:${language}`];
}

/** The three headers naming an answer's keys, sorted so that equal answers have equal bytes. */
export function surrogateKeyHeaders(keys: Iterable<string>): Record<string, string> {
  const sorted = [...new Set(keys)].sort();
  return {
    xkey: sorted.join(" "),
    "Surrogate-Key": sorted.join(" "),
    "Cache-Tag": sorted.join(","),
  };
}
