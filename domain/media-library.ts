/**
 * The media library (decision 099): the rules the admin, the server and the public pages share.
 * An image of the library has its original (kept as uploaded) and WebP variants at a few widths,
 * alt text in Portuguese and English, and a focal point that crops keep in view.
 */

import { formatFileSize } from "./number-format.ts";

/** Widths of the WebP variants (CSS pixels × density a phone, a tablet, a laptop and a wide screen ask for). */
export const MEDIA_WIDTHS = [320, 640, 1024, 1600] as const;

/**
 * The variant widths made for an original `width` pixels wide: every standard width up to it, and
 * the original's own width when it is below the largest (so the widest screens still get a WebP of
 * every pixel there is). Never wider than the original: upscaling only adds bytes.
 */
export function variantWidths(width: number): number[] {
  if (!Number.isFinite(width) || width < 1) return [];
  const widths: number[] = MEDIA_WIDTHS.filter((w) => w <= width);
  const own = Math.floor(width);
  if (own < MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]! && !widths.includes(own)) widths.push(own);
  return widths;
}

/** A variant's stored name: the original's content hash and its width. */
export const variantName = (hash: string, width: number) => `${hash}-${width}.webp`;

export {
  IMAGE_SIZES,
  type ImageSizes,
  objectPosition,
  type PageMedia,
  srcSet,
} from "./responsive-images.ts";

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5);

/** The focal point a click at (offsetX, offsetY) on an element of that size picks, rounded to 0.001. */
export function focalFromClick(offsetX: number, offsetY: number, width: number, height: number) {
  const round = (n: number) => Math.round(clamp01(n) * 1000) / 1000;
  return { x: round(width > 0 ? offsetX / width : 0.5), y: round(height > 0 ? offsetY / height : 0.5) };
}

/** Addresses of images the site serves: shipped under /images, or uploaded under /uploads. */
export const IMAGE_URL = /^\/(?:images|uploads)\/[A-Za-z0-9._/-]+\.(?:png|jpe?g|webp|gif|avif|svg)$/;

/** Every image address a value (a content document, a page's data) holds, once each. */
export function imageUrlsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (IMAGE_URL.test(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) imageUrlsIn(item, found);
  } else if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) imageUrlsIn(item, found);
  }
  return found;
}

/**
 * The alt texts content already gives its images: an object's `alt` (or `<field>Alt`) beside the field
 * that holds an image's address, the first one found for each address (decision 116).
 */
export function altTextsIn(value: unknown, found = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    for (const item of value) altTextsIn(item, found);
  } else if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (typeof item === "string" && IMAGE_URL.test(item)) {
        const alt = record[`${key}Alt`] ?? record.alt;
        if (typeof alt === "string" && alt.trim() && !found.has(item)) found.set(item, alt.trim());
      } else {
        altTextsIn(item, found);
      }
    }
  }
  return found;
}

/**
 * The title an SVG file gives itself (its first `<title>`), as the alt text of an image the content
 * names without one: the site's illustrations are drawn with a title that describes them.
 */
export function svgTitle(svg: string): string {
  const title = /<title\b[^>]*>([^<]*)<\/title>/i.exec(svg)?.[1] ?? "";
  return title
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The fields of a document that use one of the addresses, as dot paths (`slides.0.background.src`):
 * a field equal to an address, or text that contains one (a CSS url(), a paragraph with a link).
 */
export function fieldsUsing(value: unknown, urls: readonly string[], at = ""): string[] {
  if (typeof value === "string")
    return urls.some((url) => value === url || value.includes(url)) ? [at || "(documento)"] : [];
  const join = (key: string | number) => (at ? `${at}.${key}` : String(key));
  if (Array.isArray(value)) return value.flatMap((item, i) => fieldsUsing(item, urls, join(i)));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => fieldsUsing(item, urls, join(key)));
  return [];
}

/** Alt text limits: enough for a sentence, short enough for a screen reader. */
export const ALT_MAX = 250;

export const mediaTexts = {
  title: "Mídia",
  intro:
    "Imagens do site: envie com texto alternativo em português e inglês, escolha o ponto focal e reutilize nas páginas.",
  upload: "Enviar imagem",
  uploading: "Enviando...",
  file: "Arquivo de imagem",
  altPt: "Texto alternativo (português)",
  altEn: "Texto alternativo (inglês)",
  altHint: "Descreva o que a imagem mostra para quem não a vê.",
  focal: "Ponto focal",
  focalHint: "Clique na imagem no ponto que deve ficar sempre visível nos recortes.",
  focalValue: (x: number, y: number) => `Ponto focal: ${Math.round(x * 100)}% × ${Math.round(y * 100)}%`,
  search: "Buscar (nome ou texto alternativo)",
  searchButton: "Buscar",
  missingAlt: "sem texto alternativo",
  /** The Portuguese is there, the English page still reads an empty alt. */
  missingEnglishAlt: "sem texto em inglês",
  missingOnly: "Só as sem texto alternativo",
  none: "Nenhuma imagem encontrada.",
  count: (n: number) => (n === 1 ? "1 imagem" : `${n} imagens`),
  details: "Detalhes",
  save: "Salvar",
  saved: "Imagem atualizada.",
  delete: "Excluir imagem",
  deleted: "Imagem excluída.",
  confirmDelete: "Excluir esta imagem da biblioteca?",
  close: "Fechar",
  dimensions: (w: number, h: number) => `${w} × ${h} px`,
  size: (bytes: number) => formatFileSize(bytes),
  variants: "Versões WebP",
  noVariants: "Imagem vetorial (SVG): serve em qualquer largura, sem versões.",
  usedIn: "Usada em",
  unused: "Não está em uso.",
  address: "Endereço",
  uploadedBy: "Enviada por",
  createdAt: "Data",
  original: "Original",
  fromSite: "imagem do site",
  choose: "Escolher da biblioteca",
  use: "Usar esta imagem",
  sent: "Imagem enviada para a biblioteca.",
  loadError: "Não foi possível carregar a biblioteca de mídia.",
} as const;

/** A usage of an image: a document at a level, and its fields. */
export interface MediaUsage {
  document: string;
  /** Segment and language of the level ('' for none). */
  segment: string;
  lang: string;
  fields: string[];
  /** Used by a draft not published yet (decision 099): deleting it would break that draft. */
  draft?: boolean;
}

/** "hero-section-data (Padrão): slides.0.background.src; blog-data (en, rascunho): ..." */
export function describeUsages(usages: readonly MediaUsage[]): string {
  return usages
    .map((u) => {
      const level = [u.segment, u.lang].filter(Boolean).join(" + ") || "Padrão";
      return `${u.document} (${level}${u.draft ? ", rascunho" : ""}): ${u.fields.join(", ")}`;
    })
    .join("; ");
}

/** The alt text of an image of the library in a language (pt for any language but English). */
export const altIn = (alt: { pt: string; en: string }, language: string) =>
  language === "en" ? alt.en || alt.pt : alt.pt || alt.en;
