import type { AccordionFeaturesData } from "@domain/content/sections.ts";
import { useState } from "react";
import { Icon } from "~/components/Icon.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";

/** Accordion features (A §2, §4): one item open at a time; clicking the open item closes it. */
export function AccordionFeatures({ data }: { data: AccordionFeaturesData }) {
  const [open, setOpen] = useState<string | number | null>(data.features[0]?.id ?? null);
  return (
    <section className="section accordion" aria-labelledby="acordeao-titulo">
      <div className="section__inner accordion__layout">
        <header className="section__header">
          <p className="section__eyebrow">{data.title}</p>
          <h2 id="acordeao-titulo">
            {data.title1} {data.title2 && <em>{data.title2}</em>} {data.title3}
          </h2>
          {data.description && <p>{data.description}</p>}
          {data.cta && (
            <SiteLink to={data.cta.link} className="button button--primary">
              {data.cta.text}
            </SiteLink>
          )}
        </header>
        <div className="accordion__items">
          {data.features.map((feature) => {
            const expanded = open === feature.id;
            return (
              <div key={feature.id} className={`accordion__item${expanded ? " is-open" : ""}`}>
                <h3>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={`acordeao-${feature.id}`}
                    id={`acordeao-botao-${feature.id}`}
                    onClick={() => setOpen(expanded ? null : feature.id)}
                  >
                    <Icon name={feature.icon} size={20} />
                    <span>{feature.title}</span>
                  </button>
                </h3>
                <section
                  id={`acordeao-${feature.id}`}
                  aria-labelledby={`acordeao-botao-${feature.id}`}
                  hidden={!expanded}
                >
                  <p>{feature.content}</p>
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
