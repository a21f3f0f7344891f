import { z } from "../zod.ts";
import { asset, button, color, href, text } from "./fields.ts";

/**
 * The content pages document `pages-data` (spec A §3 "Content page", B §2.3, §3.1): one entry per
 * page, each with its template and the content that template draws. One zod schema per template,
 * chosen by the `template` field, so a page's content is checked against what its layout needs.
 */

/** Icon names in kebab, snake or Pascal case (B §2.3); an unknown name draws the default icon. */
const icon = z.string().regex(/^[A-Za-z0-9_-]+$/, { error: "ícone deve ser um nome, ex.: bar-chart" });
const image = z.strictObject({ src: asset, alt: z.string(), effect: z.string().optional() });

const hero = z.strictObject({
  title: text,
  subtitle: z.string().optional(),
  description: z.string().optional(),
  backgroundImage: asset.optional(),
  overlayColor: z.string().optional(),
  /** The page's first call to action, in the hero: the pages ads point to (demo, trial). */
  primaryButton: button.optional(),
  secondaryButton: button.optional(),
});

const cta = z.strictObject({
  title: text,
  description: z.string().optional(),
  buttonText: z.string().optional(),
  buttonLink: href.optional(),
  primaryButton: button.optional(),
  secondaryButton: button.optional(),
});

const feature = z.strictObject({
  title: text,
  description: z.string(),
  icon: icon.optional(),
  iconColor: color.optional(),
  link: href.optional(),
  imageUrl: asset.optional(),
  /** model4: the card leads here when clicked. */
  path: href.optional(),
  badge: z.string().optional(),
  /** model6: the detail panel's text. */
  fullDescription: z.string().optional(),
  highlights: z.array(z.string()).default([]),
});

const testimonial = z.strictObject({ quote: text, author: text, company: z.string().optional() });
const stat = z.strictObject({ value: text, label: text, icon: icon.optional() });
const points = z.strictObject({
  title: text,
  description: z.string().optional(),
  points: z.array(text).min(1),
});
const benefits = z.strictObject({ title: text, items: z.array(text).min(1) });

const video = z.strictObject({
  title: text,
  description: z.string().optional(),
  /** A local video file (mp4/webm) or a YouTube/Vimeo embed address. */
  url: z.string().min(1),
  thumbnail: asset.optional(),
});
const faq = z.strictObject({
  title: text,
  items: z.array(z.strictObject({ question: text, answer: text })).min(1),
});

/** model3 blocks: heading, paragraph and bulleted-section items, with the date each was updated. */
const contentItem = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("heading"), text }),
  // An optional link after the text (decision 111: the privacy policy's "ask for a copy of your data").
  z.strictObject({ type: z.literal("paragraph"), text, link: button.optional() }),
  z.strictObject({ type: z.literal("section"), title: z.string().optional(), items: z.array(text).min(1) }),
  // The site's cookies, drawn when the page renders from the list the cookie choice uses (decision 123).
  z.strictObject({
    type: z.literal("cookie-table"),
    cookies: z
      .array(z.strictObject({ name: text, purpose: text, duration: text, category: text }))
      .optional(),
  }),
]);

const blockId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "id em minúsculas com hífens" });

/** Pages of the model1 template (default): product modules. */
export const model1ContentSchema = z.strictObject({
  hero,
  introduction: z.strictObject({ title: text, text }).optional(),
  /** The 'Recursos Completos' grid: feature cards grouped in sections. */
  sections: z.array(
    z.strictObject({ title: text, description: z.string().optional(), features: z.array(feature).min(1) }),
  ),
  video: video.optional(),
  faq: faq.optional(),
  cta: cta.optional(),
});

/** model2: alternating left/right image blocks. */
export const model2ContentSchema = z.strictObject({
  hero,
  contentBlocks: z
    .array(
      z.strictObject({
        id: blockId,
        title: text,
        subtitle: z.string().optional(),
        description: text,
        highlights: z.array(z.string()).default([]),
        image,
      }),
    )
    .min(1),
  cta: cta.optional(),
});

/** model3: legal and policy pages with a sticky sidebar of their blocks. */
export const model3ContentSchema = z.strictObject({
  hero,
  sidebarContent: z
    .strictObject({
      backgroundColor: color.optional(),
      profileImage: asset.optional(),
      navigation: z.array(z.strictObject({ id: blockId, label: text, icon: icon.optional() })).default([]),
    })
    .default({ navigation: [] }),
  contentBlocks: z
    .array(
      z.strictObject({
        id: blockId,
        title: text,
        content: z.array(contentItem).min(1),
        /** ISO date (2026-11-01). */
        lastUpdate: z.iso.date(),
      }),
    )
    .min(1),
});

/** model4: segment pages with clickable capability cards. */
export const model4ContentSchema = z.strictObject({
  hero,
  capabilities: z.strictObject({
    title: text,
    description: z.string().optional(),
    features: z.array(feature).min(1),
  }),
  whyChoose: points.optional(),
  benefits: benefits.optional(),
  testimonials: z.array(testimonial).default([]),
  cta: cta.optional(),
});

/** model6: the AI page, a feature list with a detail panel. */
export const model6ContentSchema = z.strictObject({
  hero,
  introText: z
    .strictObject({
      title: text,
      description: text,
      buttonText: z.string().optional(),
      buttonLink: href.optional(),
      introBackground: asset.optional(),
    })
    .optional(),
  features: z.array(feature).min(1),
  whyChooseAI: points.optional(),
  benefits: benefits.optional(),
  cta: cta.optional(),
});

/** model7: the company page. */
export const model7ContentSchema = z.strictObject({
  hero,
  introduction: z.strictObject({ title: text, text }),
  imageFeatures: z.array(z.strictObject({ title: text, description: text, image })).default([]),
  stats: z.array(stat).default([]),
  timeline: z.array(z.strictObject({ year: text, title: text, description: text })).min(1),
  testimonials: z.array(testimonial).default([]),
  cta: cta.optional(),
});

/** The partner map page (B §2.4): its texts; the partners are the partners-data document. */
export const mapContentSchema = z.strictObject({
  hero,
  sectionCards: z
    .array(z.strictObject({ title: text, description: text, icon: icon.optional() }))
    .default([]),
});

/** The site's forms a campaign page can hold (decision 133). */
export const CAMPAIGN_FORMS = ["demo", "trial", "parceiros", "contato", "newsletter"] as const;
export type CampaignForm = (typeof CAMPAIGN_FORMS)[number];

/**
 * campanha: a landing page marketing builds alone (decision 133). Only the hero's title is
 * required; every section is optional and draws only what the editor wrote (no heading of its own).
 */
export const campaignContentSchema = z.strictObject({
  hero,
  introduction: z.strictObject({ title: z.string().optional(), text }).optional(),
  features: z
    .strictObject({
      title: z.string().optional(),
      description: z.string().optional(),
      items: z.array(feature).default([]),
    })
    .optional(),
  video: video.optional(),
  /** One of the site's forms, placed on the page: its leads carry this page as where they came from. */
  leadForm: z
    .strictObject({
      form: z.enum(CAMPAIGN_FORMS, { error: "escolha um dos formulários do site" }),
      title: z.string().optional(),
      description: z.string().optional(),
    })
    .optional(),
  testimonials: z
    .strictObject({ title: z.string().optional(), items: z.array(testimonial).default([]) })
    .optional(),
  faq: faq.optional(),
  cta: cta.optional(),
});

const pageBase = {
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "id em minúsculas com hífens" }),
  /** Without the leading slash: "crm", "segmentos/agronegocio". */
  path: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, {
    error: "caminho em minúsculas, palavras com hífens e partes separadas por /, sem / no início",
  }),
  /** False: only signed-in visitors see the page. */
  isPublic: z.boolean().default(true),
  /** false: taken off the site (decision 100, a scheduled unpublish); absent means published. */
  published: z.boolean().optional(),
  /** true: search engines are asked not to index it and the sitemap leaves it out (decision 133). */
  noindex: z.boolean().optional(),
  seo: z.strictObject({ title: text, description: text }),
};

export const contentPageSchema = z.discriminatedUnion("template", [
  z.strictObject({ ...pageBase, template: z.literal("model1"), content: model1ContentSchema }),
  z.strictObject({ ...pageBase, template: z.literal("model2"), content: model2ContentSchema }),
  z.strictObject({ ...pageBase, template: z.literal("model3"), content: model3ContentSchema }),
  z.strictObject({ ...pageBase, template: z.literal("model4"), content: model4ContentSchema }),
  z.strictObject({ ...pageBase, template: z.literal("model6"), content: model6ContentSchema }),
  z.strictObject({ ...pageBase, template: z.literal("model7"), content: model7ContentSchema }),
  z.strictObject({
    ...pageBase,
    // A campaign page's search texts default to its hero: only the title is asked for.
    seo: z.strictObject({ title: z.string().optional(), description: z.string().optional() }).default({}),
    template: z.literal("campanha"),
    content: campaignContentSchema,
  }),
  z.strictObject({
    ...pageBase,
    template: z.enum(["map", "mapa", "PageModelMap"]),
    content: mapContentSchema,
  }),
]);

export const pagesDataSchema = z
  .strictObject({ pages: z.array(contentPageSchema) })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    const paths = new Set<string>();
    doc.pages.forEach((page, index) => {
      if (ids.has(page.id))
        ctx.addIssue({ code: "custom", message: `id repetido: ${page.id}`, path: ["pages", index, "id"] });
      if (paths.has(page.path))
        ctx.addIssue({
          code: "custom",
          message: `caminho repetido: ${page.path}`,
          path: ["pages", index, "path"],
        });
      ids.add(page.id);
      paths.add(page.path);
    });
  });

export type ContentPage = z.output<typeof contentPageSchema>;
export type PagesData = z.output<typeof pagesDataSchema>;
export type PageTemplate = ContentPage["template"];
