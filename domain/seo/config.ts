import { z } from "../zod.ts";

/**
 * The page-head configuration document "seo-config" (spec A §3 "Page-head configuration", §9): site and
 * company identity, one entry per segment, title and description templates per route, keywords, the
 * organisation facts of the structured data, and the social-sharing defaults. One file per language
 * (content/data/seo-config.json, content/data/en/seo-config.json), resolved by the usual lookup order.
 * Objects are strict so a typo in the file fails the load naming the field.
 */

/** Placeholders a template may use; anything else in braces is refused at load (a typo would show). */
export const TEMPLATE_PLACEHOLDERS = [
  "siteName",
  "segmentName",
  "segmentDescription",
  "pageTitle",
  "pageDescription",
  "companyName",
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

const text = z.string().trim().min(1);

/** An image: a path under public/ ("/images/...") or an https address. */
const asset = z.string().regex(/^(\/[^/]|https:\/\/)/, {
  error: "caminho deve começar com / (arquivo em public/) ou https://",
});

const color = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, { error: "cor deve ser hexadecimal, ex.: #0b3d91" });

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
  error: "use letras minúsculas, dígitos e hífens",
});

const template = text.superRefine((value, ctx) => {
  for (const [, name] of value.matchAll(/\{([^{}]*)\}/g)) {
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name ?? "")) {
      ctx.addIssue({
        code: "custom",
        message: `marcador desconhecido {${name}}; use ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
      });
    }
  }
});

/**
 * A route's template: one text for every host, or a pair whose `segment` text is used on a segment
 * subdomain (A §2: the head changes when a segment is detected).
 */
const templateEntry = z.union([template, z.strictObject({ default: template, segment: template })]);

/** Templates by route key ("home", "planos", ...); "default" serves every route without its own entry. */
const templateMap = z
  .record(slug, templateEntry)
  .refine((map) => Object.hasOwn(map, "default"), { error: 'falta o modelo "default"' });

const keywordList = z.array(text);

export const seoSegmentSchema = z.strictObject({
  /** Shown in titles and descriptions ({segmentName}), with its accents: "Agronegócio". */
  name: text,
  /** Segment colour (A §9): the browser's theme-color on that subdomain. */
  color,
  /** Sentence used by {segmentDescription}. */
  description: text.optional(),
  keywords: keywordList,
  /** Share image; default /images/og/{segment}.png. */
  shareImage: asset.optional(),
});

export const seoConfigSchema = z.strictObject({
  global: z.strictObject({
    siteName: text,
    /** Canonical base address; may be empty, and PUBLIC_BASE_URL wins whenever it is set. */
    baseUrl: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]),
    company: z.strictObject({
      name: text,
      logo: asset,
      socialMedia: z.array(z.url({ protocol: /^https$/ })),
      phone: text,
      email: z.email(),
      address: z.strictObject({
        /** ISO 3166-1 code ("BR") or the country's name. */
        country: text,
        region: text,
        locality: text.optional(),
      }),
    }),
  }),
  /** One entry per segment subdomain of config/domains.json. */
  segmentos: z.record(slug, seoSegmentSchema),
  titleTemplates: templateMap,
  descriptionTemplates: templateMap,
  /** Keywords of every page; the segment's and the page's are added (at most 20 in all, A §9). */
  keywords: keywordList,
  /** Page texts by route key, used when the route gives none: {pageTitle}, {pageDescription}, keywords. */
  dynamicContent: z
    .record(
      slug,
      z.strictObject({
        title: text.optional(),
        description: text.optional(),
        keywords: keywordList.optional(),
      }),
    )
    .optional(),
  /** Organisation facts of the structured data (JSON-LD); name, logo and contacts come from global.company. */
  schema: z.strictObject({
    type: z.enum(["Organization", "Corporation", "LocalBusiness"]).default("Organization"),
    legalName: text.optional(),
    description: text,
    foundingDate: z
      .string()
      .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, { error: "data no formato AAAA, AAAA-MM ou AAAA-MM-DD" })
      .optional(),
    contactType: text.default("customer service"),
    areaServed: text.default("BR"),
    availableLanguage: z.array(text).default(["Portuguese"]),
  }),
  seoDefaults: z.strictObject({
    /** Share image of the main site (and of a segment missing from `segmentos`). */
    shareImage: asset,
    twitterHandle: z
      .string()
      .regex(/^@\w{1,15}$/, { error: "perfil do X/Twitter no formato @nome" })
      .optional(),
    /** Open Graph locale of this document's language, e.g. pt_BR or en_US. */
    locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, { error: "locale no formato pt_BR" }),
    /** theme-color of the main site; a segment uses its own colour. */
    themeColor: color.default("#0b3d91"),
  }),
});

export type SeoConfig = z.output<typeof seoConfigSchema>;
export type SeoSegment = z.output<typeof seoSegmentSchema>;
export type TemplateEntry = SeoConfig["titleTemplates"][string];
