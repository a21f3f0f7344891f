import type { FormDefinition } from "@domain/forms/definition.ts";

/** The optional hero of a form screen (B §2.6): title, subtitle, description and benefits. */
export function FormHero({ hero }: { hero: NonNullable<FormDefinition["hero"]> }) {
  return (
    <>
      <header className="form-hero">
        <h1>{hero.title}</h1>
        {hero.subtitle && <p className="form-hero__subtitle">{hero.subtitle}</p>}
      </header>
      {(hero.description || hero.benefits.length > 0) && (
        <div className="form-hero-details">
          {hero.description && <p>{hero.description}</p>}
          {hero.benefits.length > 0 && (
            <ul className="form-hero__benefits">
              {hero.benefits.map((benefit) => (
                <li key={benefit.title}>
                  <strong>{benefit.title}</strong>
                  {benefit.description && <span>{benefit.description}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
