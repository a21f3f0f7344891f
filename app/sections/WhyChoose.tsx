import type { WhyChooseData } from "@domain/content/sections.ts";
import { Icon } from "~/components/Icon.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";

/** Why-choose features (A §2); without a call to action in the data it leads to /demonstracao. */
export function WhyChoose({ data, defaultCta }: { data: WhyChooseData; defaultCta: string }) {
  const cta = data.cta ?? { text: defaultCta, link: "/demonstracao" };
  return (
    <section className="section why" aria-labelledby="por-que-titulo">
      <div className="section__inner">
        <header className="section__header">
          <h2 id="por-que-titulo">{data.title}</h2>
          {data.subtitle && <p>{data.subtitle}</p>}
        </header>
        <ul className="why__grid">
          {data.features.map((feature) => (
            <li key={feature.id} className="why__card">
              <span className="why__icon" style={feature.color ? { color: feature.color } : undefined}>
                <Icon name={feature.icon} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.description}</p>
              {feature.link && data.exploreText && (
                <SiteLink to={feature.link} className="why__link">
                  {data.exploreText} <span className="visually-hidden">— {feature.title}</span>
                </SiteLink>
              )}
            </li>
          ))}
        </ul>
        <p className="section__cta">
          <SiteLink to={cta.link} className="button button--primary">
            {cta.text}
          </SiteLink>
        </p>
      </div>
    </section>
  );
}
