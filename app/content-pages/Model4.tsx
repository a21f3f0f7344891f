import type { PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import { Icon } from "~/components/Icon.tsx";
import { BenefitsBlock, ContentLink, CtaBlock, PageHero, PointsBlock, TestimonialList } from "./parts.tsx";

type Model4Content = Extract<ContentPage, { template: "model4" }>["content"];

/** model4 (B §2.3), the segment pages: capability cards that lead to a page, why choose, benefits, testimonials. */
export function Model4({ content, texts }: { content: Model4Content; texts: PageTexts }) {
  const { capabilities } = content;
  return (
    <>
      <PageHero hero={content.hero} />
      <section className="page-section" aria-labelledby="capacidades-titulo">
        <h2 id="capacidades-titulo">{capabilities.title}</h2>
        {capabilities.description && <p>{capabilities.description}</p>}
        <ul className="feature-grid">
          {capabilities.features.map((feature) => {
            const body = (
              <>
                <span
                  className="feature-card__icon"
                  style={feature.iconColor ? { color: feature.iconColor } : undefined}
                >
                  <Icon name={feature.icon} size={28} />
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.description}</p>
              </>
            );
            const target = feature.path ?? feature.link;
            return (
              <li key={feature.title} className="feature-card feature-card--clickable">
                {target ? (
                  <ContentLink to={target} className="feature-card__cover">
                    {body}
                  </ContentLink>
                ) : (
                  body
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {content.whyChoose && <PointsBlock id="por-que-titulo" block={content.whyChoose} />}
      {content.benefits && <BenefitsBlock id="beneficios-titulo" block={content.benefits} />}
      <TestimonialList items={content.testimonials} texts={texts} />
      {content.cta && <CtaBlock cta={content.cta} />}
    </>
  );
}
