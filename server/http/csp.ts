import { createHash } from "node:crypto";
import { tagsOfPage } from "@domain/consent/page-config.ts";
import { tagSources } from "@domain/consent/providers.ts";
import { byteView } from "./byte-view.ts";

/**
 * The page's Content-Security-Policy: scripts only from this origin plus the exact inline
 * scripts React Router rendered into this page, allowed by their sha256 hash, and the hosts of the
 * marketing tags its consent block names. Hashes (not
 * nonces) keep a rendered page byte-identical between requests, so it can be cached whole.
 * The page may be given as its UTF-8 bytes, as the renderer keeps it: the scripts are found in a
 * latin1 view of the bytes (one character per byte, no decoding) and hashed as those bytes.
 */
export function pageContentSecurityPolicy(
  html: string | Uint8Array,
  options: { upgradeInsecure: boolean; imageSources?: readonly string[] },
): string {
  const view = typeof html === "string" ? Buffer.from(html, "utf8").toString("latin1") : byteView(html);
  const hashes = new Set<string>();
  for (const match of view.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    // Data blocks (JSON-LD) are never executed and need no hash.
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "latin1")
        .digest("base64")}'`,
    );
  }
  // The marketing tags the page may load (its consent block, decision 123): their hosts and no more.
  const tags = tagSources(tagsOfPage(view));
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...hashes, ...tags.script].join(" "),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...(options.imageSources ?? []), ...tags.img].join(" "),
    "font-src 'self'",
    ["connect-src 'self'", ...tags.connect].join(" "),
    ["frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com", ...tags.frame].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ];
  if (options.upgradeInsecure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/**
 * The CSP source of a map tile address (MAP_TILE_URL): its scheme and host, with a {s} subdomain
 * placeholder as a wildcard ("https://{s}.tile.example.org/{z}/{x}/{y}.png" → "https://*.tile.example.org").
 */
export function tileImageSource(tileUrl: string | undefined): string | null {
  if (!tileUrl) return null;
  const match = /^(https?:)\/\/([^/?#]+)/.exec(tileUrl.replace(/\{s\}/g, "*"));
  return match ? `${match[1]}//${match[2]}` : null;
}
