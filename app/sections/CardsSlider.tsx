import type { CardsSliderData } from "@domain/content/sections.ts";
import { useEffect, useState } from "react";
import { Icon } from "~/components/Icon.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";
import { useLazyEmbla } from "./lazy-embla.ts";
import { mouseHover } from "./mouse-hover.ts";

/** Cards slider (A §4, §9): Embla carousel showing previous, current and next cards; 5000 ms, pause on hover. */
export function CardsSlider({
  data,
  texts,
}: {
  data: CardsSliderData;
  texts: { previous: string; next: string };
}) {
  const [ref, embla] = useLazyEmbla({ loop: true, align: "center" });
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (!embla || hovered || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => embla.scrollNext(), 5000);
    return () => clearInterval(timer);
  }, [embla, hovered]);
  return (
    <section className="section cards" aria-labelledby="cards-titulo" {...mouseHover(setHovered)}>
      <div className="section__inner">
        <header className="section__header">
          <h2 id="cards-titulo">{data.sectionTitle}</h2>
          {data.sectionDescription && <p>{data.sectionDescription}</p>}
        </header>
        <div className="cards__viewport" ref={ref}>
          <ul className="cards__track">
            {data.cards.map((card) => (
              <li key={card.title} className="cards__slide">
                <article className="card feature-card">
                  <Icon name={card.icon} />
                  <h3>{card.title}</h3>
                  <p>{card.description}</p>
                  {card.cta && <SiteLink to={card.cta.url}>{card.cta.text}</SiteLink>}
                </article>
              </li>
            ))}
          </ul>
        </div>
        <div className="cards__controls">
          <button
            type="button"
            className="hero__arrow"
            aria-label={texts.previous}
            onClick={() => embla?.scrollPrev()}
          >
            ‹
          </button>
          <button
            type="button"
            className="hero__arrow"
            aria-label={texts.next}
            onClick={() => embla?.scrollNext()}
          >
            ›
          </button>
        </div>
      </div>
    </section>
  );
}
