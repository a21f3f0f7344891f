import type { PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import { Icon } from "~/components/Icon.tsx";
import { CtaBlock, PageHero, SafeImage, TestimonialList } from "./parts.tsx";

type Model7Content = Extract<ContentPage, { template: "model7" }>["content"];

/** model7 (B §2.3), the company page: intro, image features, stats, timeline, testimonials, call to action. */
export function Model7({ content, texts }: { content: Model7Content; texts: PageTexts }) {
  return (
    <>
      <PageHero hero={content.hero} />
      <section className="page-section page-intro">
        <h2>{content.introduction.title}</h2>
        <p>{content.introduction.text}</p>
      </section>
      {content.imageFeatures.length > 0 && (
        <ul className="image-features">
          {content.imageFeatures.map((item) => (
            <li key={item.title}>
              <SafeImage src={item.image.src} alt={item.image.alt || undefined} texts={texts} sizes="card" />
              <h3>{item.title}</h3>
              <p>{item.description}</p>
            </li>
          ))}
        </ul>
      )}
      {content.stats.length > 0 && (
        <ul className="stat-band">
          {content.stats.map((stat) => (
            <li key={stat.label}>
              {stat.icon && <Icon name={stat.icon} size={28} />}
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </li>
          ))}
        </ul>
      )}
      <section className="page-section" aria-labelledby="historia-titulo">
        <h2 id="historia-titulo">{texts.timeline}</h2>
        <ol className="timeline">
          {content.timeline.map((entry) => (
            <li key={`${entry.year}-${entry.title}`}>
              <span className="timeline__year">{entry.year}</span>
              <h3>{entry.title}</h3>
              <p>{entry.description}</p>
            </li>
          ))}
        </ol>
      </section>
      <TestimonialList items={content.testimonials} texts={texts} />
      {content.cta && <CtaBlock cta={content.cta} />}
    </>
  );
}
