import type { PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import { CtaBlock, FaqBlock, FeatureCard, PageHero, VideoBlock } from "./parts.tsx";

type Model1Content = Extract<ContentPage, { template: "model1" }>["content"];

/** model1 (default, B §2.3): hero, the 'Recursos Completos' grid in sections, video, FAQ, call to action. */
export function Model1({ content, texts }: { content: Model1Content; texts: PageTexts }) {
  const empty = !content.introduction && content.sections.length === 0 && !content.video && !content.faq;
  return (
    <>
      <PageHero hero={content.hero} />
      {empty && !content.cta && <p className="content-unavailable">{texts.contentUnavailable}</p>}
      {content.introduction && (
        <section className="page-section page-intro">
          <h2>{content.introduction.title}</h2>
          <p>{content.introduction.text}</p>
        </section>
      )}
      {content.sections.length > 0 && (
        <section className="page-section" aria-labelledby="recursos-titulo">
          <h2 id="recursos-titulo">{texts.completeFeatures}</h2>
          {content.sections.map((section) => (
            <div key={section.title} className="feature-group">
              <h3 className="feature-group__title">{section.title}</h3>
              {section.description && <p>{section.description}</p>}
              <ul className="feature-grid">
                {section.features.map((feature) => (
                  <FeatureCard key={feature.title} feature={feature} texts={texts} />
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      {content.video && <VideoBlock video={content.video} />}
      {content.faq && <FaqBlock faq={content.faq} />}
      {content.cta && <CtaBlock cta={content.cta} />}
    </>
  );
}
