/**
 * What public pages need to draw a media library image (decision 099): kept apart from the library's
 * admin rules (media-library.ts) so a public page's JavaScript carries only these few lines.
 */

/** The `sizes` of the places content images are drawn (how wide the image is on the page). */
export const IMAGE_SIZES = {
  /** Across the whole viewport: the hero. */
  full: "100vw",
  /** The column of an article or content page (at most 800 px). */
  content: "(max-width: 800px) 100vw, 800px",
  /** A card in a grid: one column on phones, two on tablets, three on wider screens. */
  card: "(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px",
  /** Half of the page beside text: the whole width on phones. */
  half: "(max-width: 768px) 100vw, 50vw",
} as const;

export type ImageSizes = keyof typeof IMAGE_SIZES;

/** What a public page needs of one library image (sent with the page, so kept small). */
export interface PageMedia {
  width: number;
  height: number;
  /** The srcset of its WebP variants (srcSet()); absent for an image without variants (SVG). */
  srcset?: string;
  /** The alt text in the page's language ('' when the library has none yet). */
  alt: string;
  /** CSS object-position of its focal point (objectPosition()); absent when centred. */
  position?: string;
}

/** The srcset of an image's variants: `url 320w, url 640w, ...`. */
export function srcSet(variants: readonly [number, string][]): string {
  return [...variants]
    .sort((a, b) => a[0] - b[0])
    .map(([width, url]) => `${url} ${width}w`)
    .join(", ");
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5);

/** CSS object-position of a focal point: {x: 0.25, y: 0.7} → "25% 70%". */
export function objectPosition(focal: { x: number; y: number } | [number, number]): string {
  const [x, y] = Array.isArray(focal) ? focal : [focal.x, focal.y];
  const pct = (n: number) => `${Math.round(clamp01(n) * 1000) / 10}%`;
  return `${pct(x)} ${pct(y)}`;
}
