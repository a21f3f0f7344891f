import type { PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import { CtaBlock, PageHero, SafeImage } from "./parts.tsx";

type Model2Content = Extract<ContentPage, { template: "model2" }>["content"];

/** model2 (B §2.3): hero, image and text blocks alternating left and right, call to action. */
export function Model2({ content, texts }: { content: Model2Content; texts: PageTexts }) {
  return (
    <>
      <PageHero hero={content.hero} />
      {content.contentBlocks.map((block, index) => (
        <section
          key={block.id}
          id={block.id}
          className={`alt-block ${index % 2 ? "alt-block--reverse" : ""}`}
          aria-labelledby={`${block.id}-titulo`}
        >
          <div className="alt-block__text">
            {block.subtitle && <p className="alt-block__eyebrow">{block.subtitle}</p>}
            <h2 id={`${block.id}-titulo`}>{block.title}</h2>
            <p>{block.description}</p>
            {block.highlights.length > 0 && (
              <ul className="check-list">
                {block.highlights.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
            )}
          </div>
          <SafeImage
            src={block.image.src}
            alt={block.image.alt || undefined}
            texts={texts}
            className="alt-block__image"
            sizes="half"
          />
        </section>
      ))}
      {content.cta && <CtaBlock cta={content.cta} />}
    </>
  );
}
