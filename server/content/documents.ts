import {
  BLOG,
  blogPages,
  contentPages,
  HOME,
  mapPages,
  type PageRef,
  PLANS,
  type PreviewRoute,
  SHELL_PAGES,
} from "@domain/content/preview-routes.ts";
import type { DocumentName } from "@domain/content/schemas.ts";
import { FORM_PATHS } from "@domain/forms/form-paths.ts";
import { byFormDocument, FORMS } from "@domain/forms/manifest.ts";
import { formMeta } from "./fields/forms.ts";
import {
  accordionFeaturesData,
  cardsSliderData,
  circleFeaturesData,
  heroSectionData,
  segmentsData,
  testimonialsData,
  videoDemoData,
  whyChooseData,
} from "./fields/landing.ts";
import { blogData, pagesData, partnersData } from "./fields/pages.ts";
import { plansData } from "./fields/plans.ts";
import { integrationsData, userDashboard } from "./fields/portal.ts";
import { footerData, menuData, newsletterData, seoConfig } from "./fields/site.ts";
import type { DocumentMeta } from "./fields/words.ts";

/**
 * The content documents, one entry each (decision 136): the part of the site it feeds (how the
 * admin's content list groups it, decision 116), the editor's words for its fields (decision 098,
 * written in ./fields/ by group) and the public pages a draft of it can be previewed on (decision
 * 100). The content list, the editor's structure and the preview links are derived from here.
 *
 * A document's zod schema is registered in domain/content/schemas.ts, as the browser validates with
 * it too (the lead forms); the words stay on the server, for staff only. This table is keyed by that
 * registry, so a document without an entry here does not compile; structure.test.ts checks the words
 * against the schema field by field. The forms' entries follow from the forms' manifest.
 */
export interface ContentDocument {
  group: ContentGroup;
  editor: DocumentMeta;
  /** Where a draft is shown: from the draft itself (its new posts, pages) and the site's content pages. */
  preview: (draft: unknown, pages: readonly PageRef[]) => readonly PreviewRoute[];
}

/** The groups of the content list, in the list's order, with their headings. */
export const CONTENT_GROUP_LABELS = {
  home: "Página inicial",
  shell: "Em todas as páginas",
  plans: "Planos e preços",
  forms: "Formulários",
  pages: "Páginas, blog e mapa de parceiros",
  portal: "Portal do cliente",
} as const;
export type ContentGroup = keyof typeof CONTENT_GROUP_LABELS;

const onHome = () => [HOME];
const nowhere = () => [];

/** In each group, the content list's order. */
export const CONTENT_DOCUMENTS: Record<DocumentName, ContentDocument> = {
  "hero-section-data": { group: "home", editor: heroSectionData, preview: onHome },
  "video-demo-data": { group: "home", editor: videoDemoData, preview: onHome },
  "why-choose-data": { group: "home", editor: whyChooseData, preview: onHome },
  "cards-slider-data": { group: "home", editor: cardsSliderData, preview: onHome },
  "circle-features-data": { group: "home", editor: circleFeaturesData, preview: onHome },
  "accordion-features-data": { group: "home", editor: accordionFeaturesData, preview: onHome },
  "testimonials-data": { group: "home", editor: testimonialsData, preview: onHome },
  // The segments also name and colour the partner map's (decision 129).
  "vertice-segments-data": {
    group: "home",
    editor: segmentsData,
    preview: (_, pages) => [HOME, ...mapPages(pages)],
  },
  menu_data: { group: "shell", editor: menuData, preview: () => SHELL_PAGES },
  "footer-data": { group: "shell", editor: footerData, preview: () => SHELL_PAGES },
  "newsletter-data": {
    group: "shell",
    editor: newsletterData,
    preview: () => [HOME, BLOG, { path: "/newsletter", label: "Newsletter" }],
  },
  "seo-config": { group: "shell", editor: seoConfig, preview: () => SHELL_PAGES },
  "plans-data": {
    group: "plans",
    editor: plansData,
    preview: () => [PLANS, { path: FORM_PATHS.trial[0], label: "Teste grátis" }],
  },
  ...byFormDocument((key) => ({
    group: "forms",
    editor: formMeta(FORMS[key].editorName),
    preview: () => FORMS[key].preview,
  })),
  "pages-data": { group: "pages", editor: pagesData, preview: contentPages },
  "blog-data": { group: "pages", editor: blogData, preview: blogPages },
  "partners-data": { group: "pages", editor: partnersData, preview: (_, pages) => mapPages(pages) },
  "user-dashboard": { group: "portal", editor: userDashboard, preview: nowhere },
  "integrations-data": { group: "portal", editor: integrationsData, preview: nowhere },
};

const entries = Object.entries(CONTENT_DOCUMENTS) as [DocumentName, ContentDocument][];

/** Every document's words, by document. */
export const documentMeta = Object.fromEntries(entries.map(([name, doc]) => [name, doc.editor])) as Record<
  DocumentName,
  DocumentMeta
>;

/** The content list's groups: heading and documents, each document in exactly one. */
export const CONTENT_GROUPS: readonly { label: string; documents: readonly DocumentName[] }[] = (
  Object.keys(CONTENT_GROUP_LABELS) as ContentGroup[]
).map((group) => ({
  label: CONTENT_GROUP_LABELS[group],
  documents: entries.filter(([, doc]) => doc.group === group).map(([name]) => name),
}));

/** The pages a draft of a document can be previewed on; none for a name that is not a document. */
export function previewRoutes(name: string, draft: unknown, pages: readonly PageRef[] = []): PreviewRoute[] {
  const doc = Object.hasOwn(CONTENT_DOCUMENTS, name) ? CONTENT_DOCUMENTS[name as DocumentName] : undefined;
  return doc ? [...doc.preview(draft, pages)] : [];
}
