import { formDefinitionSchema } from "../forms/definition.ts";
import { byFormDocument } from "../forms/manifest.ts";
import { plansDataSchema } from "../plans-schema.ts";
import { seoConfigSchema } from "../seo/config.ts";
import { z } from "../zod.ts";
import { blogDataSchema } from "./blog-schema.ts";
import { pagesDataSchema } from "./pages-schema.ts";
import { partnersDataSchema } from "./partners-schema.ts";
import {
  accordionFeaturesSchema,
  cardsSliderSchema,
  circleFeaturesSchema,
  heroSectionSchema,
  segmentsSchema,
  testimonialsSchema,
  videoDemoSchema,
  whyChooseSchema,
} from "./sections.ts";

/**
 * One zod schema per content document (spec A §3). The same schemas check the shipped files at
 * load, every admin edit, and type the pages that render them. Objects are strict so a typo in a
 * content file fails loudly instead of silently vanishing.
 */

const link = z.string().min(1);

const menuEntryItem: z.ZodType<MenuEntryItem> = z.lazy(() =>
  z.strictObject({
    title: z.string(),
    link: link.optional(),
    icon: z.string().optional(),
    badge: z.string().optional(),
    description: z.string().optional(),
    items: z.array(menuEntryItem).optional(),
  }),
);
export interface MenuEntryItem {
  title: string;
  link?: string;
  icon?: string;
  badge?: string;
  description?: string;
  items?: MenuEntryItem[];
}

export const menuItemSchema = z.strictObject({
  type: z.enum(["showmenu", "submenu", "link"]),
  class: z.array(z.string()).default([]),
  title: z.string(),
  link: link.optional(),
  highlight: z.boolean().optional(),
  intro: z.string().optional(),
  content: z
    .array(
      z.strictObject({
        column: z.number().int().min(1),
        section_title: z.string().optional(),
        items: z.array(menuEntryItem),
      }),
    )
    .optional(),
});

export const menuDataSchema = z.strictObject({
  logo: z.string(),
  logo_white: z.string().optional(),
  main_menu: z.array(menuItemSchema),
});

export const footerDataSchema = z.strictObject({
  description: z.string(),
  sections: z.array(
    z.strictObject({ title: z.string(), links: z.array(z.strictObject({ title: z.string(), url: link })) }),
  ),
  social: z.strictObject({
    networks: z.array(z.strictObject({ icon: z.enum(["facebook", "instagram", "linkedin"]), url: z.url() })),
  }),
  contact: z.strictObject({ email: z.email(), phone: z.string() }),
  copyright: z.strictObject({ text: z.string() }),
  img_logo: z.string().optional(),
  background: z.string().optional(),
});

/** The newsletter section (A §3). */
export const newsletterDataSchema = z.strictObject({
  title: z.string(),
  subtitle: z.string().optional(),
  img_backgroud: z.string().optional(),
  form: z.strictObject({
    email: z.strictObject({ placeholder: z.string(), errorMessage: z.string().default("Email inválido") }),
    button: z.strictObject({ text: z.string() }),
  }),
  successMessage: z.string(),
  legalText: z.string().optional(),
});

/**
 * The customer dashboard (B §3.8). GET /api/json/user-dashboard computes it from the customer's
 * company (server/portal/dashboard.ts); this document is its layout: the header's title, and what
 * staff see. Times of activities are ISO instants; `link` (an addition to B §3.8) opens what an
 * activity is about, such as a ticket. `nextPayment` is null while there is no charge.
 */
export const userDashboardSchema = z.strictObject({
  header: z.strictObject({ title: z.string(), subtitle: z.string() }),
  stats: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      value: z.number(),
      total: z.number().nullable(),
      description: z.string(),
      trend: z.string(),
      icon: z.string(),
    }),
  ),
  quickActions: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      icon: z.string(),
      link: z.string(),
    }),
  ),
  integrations: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      icon: z.string(),
      status: z.string(),
      lastSync: z.string(),
    }),
  ),
  recentActivities: z.array(
    z.strictObject({
      id: z.string(),
      text: z.string(),
      time: z.string(),
      icon: z.string(),
      link: link.optional(),
    }),
  ),
  systemStats: z.array(
    z.strictObject({ id: z.string(), label: z.string(), value: z.number(), description: z.string() }),
  ),
  nextPayment: z
    .strictObject({
      amount: z.number(),
      dueDate: z.string(),
      status: z.string(),
      icon: z.string(),
      paymentLink: z.string(),
    })
    .nullable(),
});

/** The categories of the integrations catalogue, in this order on the page. */
export const INTEGRATION_CATEGORIES = ["bancos", "marketplaces", "ecommerce", "fiscal", "outros"] as const;

/**
 * The integrations catalogue: what a customer's company can connect, by category, with
 * the partner's documentation. Which ones a company has connected comes from the vendor's platform
 * (PUT /api/platform/companies/{cnpj}/integrations/{id}), never from this document.
 */
export const integrationsDataSchema = z.strictObject({
  title: z.string(),
  subtitle: z.string(),
  categories: z.strictObject(
    Object.fromEntries(INTEGRATION_CATEGORIES.map((c) => [c, z.string()])) as Record<
      (typeof INTEGRATION_CATEGORIES)[number],
      z.ZodString
    >,
  ),
  integrations: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/),
      name: z.string().min(1),
      category: z.enum(INTEGRATION_CATEGORIES),
      icon: z.string(),
      description: z.string(),
      docs_url: z.string().optional(),
    }),
  ),
});

/** Registry: the document name is its type. A file whose name is not here is refused at load. */
export const documentSchemas = {
  menu_data: menuDataSchema,
  "footer-data": footerDataSchema,
  "newsletter-data": newsletterDataSchema,
  "plans-data": plansDataSchema,
  "seo-config": seoConfigSchema,
  "user-dashboard": userDashboardSchema,
  // One document per form of the manifest (forms/manifest.ts), each a form definition.
  ...byFormDocument(() => formDefinitionSchema),
  "hero-section-data": heroSectionSchema,
  "video-demo-data": videoDemoSchema,
  "why-choose-data": whyChooseSchema,
  "cards-slider-data": cardsSliderSchema,
  "circle-features-data": circleFeaturesSchema,
  "accordion-features-data": accordionFeaturesSchema,
  "testimonials-data": testimonialsSchema,
  "vertice-segments-data": segmentsSchema,
  "pages-data": pagesDataSchema,
  "blog-data": blogDataSchema,
  "partners-data": partnersDataSchema,
  "integrations-data": integrationsDataSchema,
} as const satisfies Record<string, z.ZodType>;

export type DocumentName = keyof typeof documentSchemas;
export type DocumentData<N extends DocumentName> = z.output<(typeof documentSchemas)[N]>;
export type MenuData = DocumentData<"menu_data">;
export type FooterData = DocumentData<"footer-data">;
export type NewsletterData = DocumentData<"newsletter-data">;
export type UserDashboardData = DocumentData<"user-dashboard">;
export type IntegrationsData = DocumentData<"integrations-data">;
export type HeroSectionData = DocumentData<"hero-section-data">;
export type VideoDemoData = DocumentData<"video-demo-data">;
export type WhyChooseData = DocumentData<"why-choose-data">;
export type CardsSliderData = DocumentData<"cards-slider-data">;
export type CircleFeaturesData = DocumentData<"circle-features-data">;
export type AccordionFeaturesData = DocumentData<"accordion-features-data">;
export type TestimonialsData = DocumentData<"testimonials-data">;
export type SegmentsData = DocumentData<"vertice-segments-data">;

export function isDocumentName(name: string): name is DocumentName {
  return Object.hasOwn(documentSchemas, name);
}

/** Document names in URLs: letters, digits, '-', '_' (no dots, no slashes: no path tricks). */
export const DOCUMENT_NAME_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
