import type { TestimonialsData } from "@domain/content/sections.ts";
import { useState } from "react";
import { mouseHover } from "./mouse-hover.ts";
import { useAutoAdvance } from "./useAutoAdvance.ts";

/** Testimonials (A §4, §9): auto-advance every 6000 ms, pause on hover. */
export function Testimonials({
  data,
  label,
}: {
  data: TestimonialsData;
  label: (n: number, total: number) => string;
}) {
  const [hovered, setHovered] = useState(false);
  const [index, setIndex] = useAutoAdvance(data.testimonials.length, 6000, hovered);
  return (
    // pausing on hover is a pointer nicety; the same controls exist as buttons
    <section
      className="section testimonials"
      aria-labelledby="depoimentos-titulo"
      {...mouseHover(setHovered)}
    >
      <div className="section__inner">
        <header className="section__header">
          <h2 id="depoimentos-titulo">{data.title}</h2>
          {data.subtitle && <p>{data.subtitle}</p>}
        </header>
        <div className="testimonials__track">
          {data.testimonials.map((item, i) => (
            <figure
              key={`${item.author}-${item.company}`}
              className={`testimonial${i === index ? " is-current" : ""}`}
              aria-hidden={i !== index}
            >
              <blockquote>
                <p className="testimonial__quote">“{item.quote}”</p>
                {item.content && <p>{item.content}</p>}
              </blockquote>
              <figcaption>
                <strong>{item.author}</strong> · {item.company}
              </figcaption>
            </figure>
          ))}
        </div>
        <ul className="dots">
          {data.testimonials.map((item, i) => (
            <li key={`${item.author}-dot`}>
              <button
                type="button"
                className="dot"
                aria-label={label(i + 1, data.testimonials.length)}
                aria-current={i === index || undefined}
                onClick={() => setIndex(i)}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
