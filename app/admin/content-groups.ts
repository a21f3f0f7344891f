import type { DocumentName } from "@domain/content/schemas.ts";
import { FORM_KEYS, formDocumentName } from "@domain/forms/manifest.ts";

/**
 * The content documents by the part of the site they feed (decision 116): how the admin's content
 * list groups them, so an editor looks for "the home page's highlight", not a file name. Every
 * document is in exactly one group (content-groups.test.ts).
 */
export const CONTENT_GROUPS: readonly { label: string; documents: readonly DocumentName[] }[] = [
  {
    label: "Página inicial",
    documents: [
      "hero-section-data",
      "video-demo-data",
      "why-choose-data",
      "cards-slider-data",
      "circle-features-data",
      "accordion-features-data",
      "testimonials-data",
      "vertice-segments-data",
    ],
  },
  { label: "Em todas as páginas", documents: ["menu_data", "footer-data", "newsletter-data", "seo-config"] },
  { label: "Planos e preços", documents: ["plans-data"] },
  {
    label: "Formulários",
    documents: FORM_KEYS.map(formDocumentName),
  },
  { label: "Páginas, blog e mapa de parceiros", documents: ["pages-data", "blog-data", "partners-data"] },
  { label: "Portal do cliente", documents: ["user-dashboard", "integrations-data"] },
];
