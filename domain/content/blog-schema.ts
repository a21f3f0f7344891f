import { z } from "../zod.ts";
import { asset, button, text } from "./fields.ts";

/** The blog document `blog-data` (B §3.7, §9.6): settings, hero and the posts. */

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "slug em minúsculas com hífens" });

export const blogPostSchema = z.strictObject({
  slug,
  title: text,
  excerpt: text,
  content: z.strictObject({
    introduction: text,
    sections: z
      .array(
        z.strictObject({
          title: text,
          paragraphs: z.array(text).min(1),
          highlights: z.array(text).default([]),
          image: z.strictObject({ url: asset, caption: z.string(), alt: z.string().optional() }).optional(),
        }),
      )
      .default([]),
  }),
  author: text,
  /** ISO date (2026-10-14). */
  publishDate: z.iso.date(),
  /** Minutes; computed from the words (200 a minute) when absent. */
  readTime: z.number().int().positive().optional(),
  category: text,
  tags: z.array(text).default([]),
  featuredImage: asset,
  featured: z.boolean().default(false),
  /** false: taken off the site (decision 100, a scheduled unpublish); absent means published. */
  published: z.boolean().optional(),
});

export const blogDataSchema = z
  .strictObject({
    settings: z.strictObject({
      title: text,
      description: text,
      postsPerPage: z.number().int().positive().default(9),
      featuredPostsCount: z.number().int().nonnegative().default(3),
      /** Drawn at the end of every post: a reader who got to the end is asked for the next step. */
      postCallToAction: z
        .strictObject({
          title: text,
          description: z.string().optional(),
          primaryButton: button.optional(),
          secondaryButton: button.optional(),
        })
        .optional(),
    }),
    hero: z.strictObject({
      title: text,
      subtitle: z.string().optional(),
      description: z.string().optional(),
      backgroundImage: asset.optional(),
      overlayColor: z.string().optional(),
    }),
    posts: z.array(blogPostSchema),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.posts.forEach((post, index) => {
      if (seen.has(post.slug))
        ctx.addIssue({
          code: "custom",
          message: `slug repetido: ${post.slug}`,
          path: ["posts", index, "slug"],
        });
      seen.add(post.slug);
    });
  });

export type BlogPost = z.output<typeof blogPostSchema>;
export type BlogData = z.output<typeof blogDataSchema>;
