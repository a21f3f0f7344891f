import { z } from "../zod.ts";
import { asset, color, href, text } from "./fields.ts";

/**
 * Schemas of the landing-page sections (spec A §3, "Content sections, loaded by name"). Field names
 * follow the data format exactly, including its misspellings (`img_backgroud`, `video_backgroud`):
 * content files use them, so the schemas do too. Objects are strict, so any other typo fails the load
 * naming the file and the field.
 *
 * Required: what the section cannot be drawn without (titles, the items themselves, the media of a
 * slide or video). Optional: what a page can leave out or fill in itself (icons, colours, links,
 * background images, calls to action with a known default, secondary texts).
 */

/** Icon name (kebab-case, as in menu_data: "sprout", "hard-hat"); the page maps it to a drawing. */
const icon = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
  error: "ícone deve ser um nome em minúsculas com hífens, ex.: bar-chart",
});

/** Item identifiers: numbers in most sections, slugs where they name something (segments). */
const id = z.union([z.number().int(), z.string().min(1)]);

/** An array whose items' ids are unique (they key carousel slides and wheel positions). */
function withUniqueIds<T extends z.ZodType<{ id: string | number }>>(item: T) {
  return z.array(item).superRefine((items, ctx) => {
    const seen = new Set<string | number>();
    items.forEach((entry, index) => {
      if (seen.has(entry.id))
        ctx.addIssue({ code: "custom", message: `id repetido: ${entry.id}`, path: [index, "id"] });
      seen.add(entry.id);
    });
  });
}

const ctaLink = z.strictObject({ text, link: href });

// hero-section-data ---------------------------------------------------------------------------------

export const heroSlideSchema = z.strictObject({
  id,
  title: text,
  subtitle: text,
  /** A video that fails to play falls back to the document's defaultBackground (A §4). */
  background: z.strictObject({
    type: z.enum(["image", "video"]),
    src: asset,
    /** Decorative backgrounds may leave it empty; the slide's title carries the meaning. */
    alt: z.string().default(""),
  }),
  cta: z.strictObject({ text, link: href, icon: icon.optional() }),
  features: z
    .array(z.strictObject({ title: text, link: href.optional(), icon: icon.optional() }))
    .max(4)
    .default([]),
});

export const heroSectionSchema = z.strictObject({
  slides: withUniqueIds(heroSlideSchema).min(1),
  /** Image shown behind any slide whose own background cannot be shown. */
  defaultBackground: asset,
});

// video-demo-data -----------------------------------------------------------------------------------

export const videoDemoSchema = z.strictObject({
  /** Shown as "{main} {highlighted}", the second part emphasised. */
  title: z.strictObject({ main: text, highlighted: z.string().optional() }),
  description: z.string().optional(),
  video: z.strictObject({
    thumbnail: asset,
    alt: text,
    /** A local video file ("/videos/...", webm or mp4) or an embed address (https://www.youtube-nocookie.com/embed/...). */
    url: asset,
  }),
  cta: ctaLink.optional(),
  metrics: withUniqueIds(
    z.strictObject({
      id,
      /** The counter animates from 0 to this value when scrolled into view. */
      value: z.number().nonnegative(),
      suffix: z.string().default(""),
      color: color.optional(),
      label_title: text,
      label_description: z.string().optional(),
      /** Counter animation in milliseconds (A §9: default 2000). */
      duration: z.number().int().min(0).max(10000).default(2000),
    }),
  ).max(6),
});

// why-choose-data -----------------------------------------------------------------------------------

export const whyChooseSchema = z.strictObject({
  title: text,
  subtitle: z.string().optional(),
  /** Absent: the page shows its default call to action to /demonstracao (A §2). */
  cta: ctaLink.optional(),
  features: withUniqueIds(
    z.strictObject({
      id,
      title: text,
      description: text,
      icon: icon.optional(),
      color: color.optional(),
      link: href.optional(),
    }),
  ).min(1),
  /** Label of each feature's link ("Saiba mais"). */
  exploreText: z.string().optional(),
});

// cards-slider-data ---------------------------------------------------------------------------------

export const cardsSliderSchema = z.strictObject({
  sectionTitle: text,
  sectionDescription: z.string().optional(),
  img_backgroud: asset.optional(),
  cards: z
    .array(
      z.strictObject({
        icon: icon.optional(),
        title: text,
        description: text,
        cta: z.strictObject({ text, url: href }).optional(),
      }),
    )
    .min(1),
});

// circle-features-data ------------------------------------------------------------------------------

export const circleFeaturesSchema = z
  .strictObject({
    title: text,
    subtitle: z.string().optional(),
    description: z.string().optional(),
    cta: ctaLink.optional(),
    centralImage: asset.optional(),
    /** Background video (mp4 or embed address); the data format knows it by three names. */
    video_background: asset.optional(),
    video_backgroud: asset.optional(),
    videoBackground: asset.optional(),
    features: withUniqueIds(z.strictObject({ id, name: text, description: text, icon: icon.optional() })).min(
      1,
    ),
  })
  .refine(
    (data) =>
      [data.video_background, data.video_backgroud, data.videoBackground].filter((v) => v !== undefined)
        .length <= 1,
    {
      error: "use só um de video_background, video_backgroud ou videoBackground",
      path: ["video_background"],
    },
  );

/** The circle-features background video, whichever of its three names the document uses. */
export function circleFeaturesVideo(data: CircleFeaturesData): string | undefined {
  return data.video_background ?? data.video_backgroud ?? data.videoBackground;
}

// accordion-features-data ---------------------------------------------------------------------------

export const accordionFeaturesSchema = z.strictObject({
  /** The section's short label, above the heading. */
  title: text,
  /** The heading in three parts, "{title1} {title2} {title3}", title2 emphasised. */
  title1: z.string().optional(),
  title2: z.string().optional(),
  title3: z.string().optional(),
  description: z.string().optional(),
  cta: ctaLink.optional(),
  img_backgroud: asset.optional(),
  /** One item open at a time (A §4). */
  features: withUniqueIds(z.strictObject({ id, title: text, content: text, icon: icon.optional() })).min(1),
});

// testimonials-data ---------------------------------------------------------------------------------

export const testimonialsSchema = z.strictObject({
  title: text,
  subtitle: z.string().optional(),
  testimonials: z
    .array(
      z.strictObject({
        /** The highlighted sentence of the testimonial. */
        quote: text,
        /** The longer account, shown under the quote. */
        content: z.string().optional(),
        /** The person, with their role: "Mariana Costa, diretora financeira". */
        author: text,
        company: text,
      }),
    )
    .min(1),
});

// vertice-segments-data ({product}-segments-data) ---------------------------------------------------

export const segmentsSchema = z.strictObject({
  sectionTitle: text,
  sectionDescription: z.string().optional(),
  img_background: asset.optional(),
  /** Image in the middle of the segments wheel. */
  img_circle: asset.optional(),
  /** Hint on how to use the wheel ("Passe o mouse ..."). */
  instructionText: z.string().optional(),
  /** Label of the link to the selected segment's page. */
  exploreSolutionText: z.string().optional(),
  cta: ctaLink.optional(),
  /** Absent: the page uses the generic texts of A §8. */
  loadingMessages: z.strictObject({ loading: text }).optional(),
  errorMessages: z.strictObject({ title: text, description: text, retryButton: text }).optional(),
  segments: withUniqueIds(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9-]+$/, { error: "id do segmento: letras minúsculas, dígitos e hífen" }),
      category: text,
      name: text,
      description: text,
      icon: icon.optional(),
      link: href,
    }),
  ).min(1),
});

export type HeroSlide = z.output<typeof heroSlideSchema>;
export type HeroSectionData = z.output<typeof heroSectionSchema>;
export type VideoDemoData = z.output<typeof videoDemoSchema>;
export type WhyChooseData = z.output<typeof whyChooseSchema>;
export type CardsSliderData = z.output<typeof cardsSliderSchema>;
export type CircleFeaturesData = z.output<typeof circleFeaturesSchema>;
export type AccordionFeaturesData = z.output<typeof accordionFeaturesSchema>;
export type TestimonialsData = z.output<typeof testimonialsSchema>;
export type SegmentsData = z.output<typeof segmentsSchema>;
