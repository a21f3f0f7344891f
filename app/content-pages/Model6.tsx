import type { PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/Icon.tsx";
import { BenefitsBlock, ContentLink, CtaBlock, PageHero, PointsBlock } from "./parts.tsx";

type Model6Content = Extract<ContentPage, { template: "model6" }>["content"];

/** The floating call to action appears once the page has scrolled past 70 % of the window (B §9.5). */
export const FLOATING_CTA_AFTER = 0.7;

/** Arrow keys move along a vertical list of tabs, wrapping; Home and End go to the ends. */
export function nextTab(key: string, current: number, count: number): number | null {
  if (key === "ArrowDown" || key === "ArrowRight") return (current + 1) % count;
  if (key === "ArrowUp" || key === "ArrowLeft") return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * model6 (B §2.3), the AI page: intro with a background image, a list of features whose detail
 * shows beside it (the first selected; 'Descubra o Poder da IA' when none is), why AI, benefits,
 * call to action, and a floating call to action once the page is scrolled. The list is a tablist.
 */
export function Model6({ content, texts }: { content: Model6Content; texts: PageTexts }) {
  const [selected, setSelected] = useState<number | null>(0);
  const [floating, setFloating] = useState(false);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const feature = selected === null ? null : content.features[selected];
  const ctaLink = content.cta?.primaryButton?.link ?? content.cta?.buttonLink ?? "/demonstracao";

  useEffect(() => {
    const onScroll = () => setFloating(window.scrollY > window.innerHeight * FLOATING_CTA_AFTER);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextTab(event.key, index, content.features.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <>
      <PageHero hero={content.hero} />
      {content.introText && (
        <section
          className="ai-intro"
          style={
            content.introText.introBackground
              ? {
                  backgroundImage: `linear-gradient(rgba(6, 27, 64, 0.85), rgba(6, 27, 64, 0.85)), url(${JSON.stringify(content.introText.introBackground)})`,
                }
              : undefined
          }
        >
          <h2>{content.introText.title}</h2>
          <p>{content.introText.description}</p>
          {content.introText.buttonText && content.introText.buttonLink && (
            <ContentLink to={content.introText.buttonLink} className="button button--primary">
              {content.introText.buttonText}
            </ContentLink>
          )}
        </section>
      )}
      <section className="page-section ai-features" aria-labelledby="ia-recursos-titulo">
        <h2 id="ia-recursos-titulo" className="visually-hidden">
          {texts.aiFeatures}
        </h2>
        <div className="ai-features__layout">
          <div
            role="tablist"
            aria-orientation="vertical"
            aria-labelledby="ia-recursos-titulo"
            className="ai-features__list"
          >
            {content.features.map((item, index) => (
              <button
                key={item.title}
                ref={(button) => {
                  tabs.current[index] = button;
                }}
                type="button"
                role="tab"
                id={`ia-aba-${index}`}
                aria-selected={selected === index}
                aria-controls="ia-detalhe"
                tabIndex={selected === index || (selected === null && index === 0) ? 0 : -1}
                className="ai-feature"
                onClick={() => setSelected(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <Icon name={item.icon ?? "sparkles"} size={24} />
                <span>
                  <strong>{item.title}</strong>
                  <span>{item.description}</span>
                </span>
              </button>
            ))}
          </div>
          <div
            id="ia-detalhe"
            role="tabpanel"
            aria-labelledby={selected === null ? undefined : `ia-aba-${selected}`}
            className="ai-features__detail"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel without focusable content takes focus itself (ARIA tabs pattern)
            tabIndex={0}
          >
            {feature ? (
              <>
                <h3>{feature.title}</h3>
                <p>{feature.fullDescription ?? feature.description}</p>
                {feature.highlights.length > 0 && (
                  <ul className="check-list">
                    {feature.highlights.map((h) => (
                      <li key={h}>{h}</li>
                    ))}
                  </ul>
                )}
              </>
            ) : (
              <p className="ai-features__placeholder">{texts.discoverAi}</p>
            )}
          </div>
        </div>
      </section>
      {content.whyChooseAI && <PointsBlock id="por-que-ia-titulo" block={content.whyChooseAI} />}
      {content.benefits && <BenefitsBlock id="beneficios-ia-titulo" block={content.benefits} />}
      {content.cta && <CtaBlock cta={content.cta} />}
      <ContentLink
        to={ctaLink}
        className={`floating-cta button button--primary ${floating ? "is-visible" : ""}`}
      >
        {texts.floatingCta}
      </ContentLink>
    </>
  );
}
