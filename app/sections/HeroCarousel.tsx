import { carouselReducer, HERO_INTERVAL_MS, nextAdvanceDelay } from "@domain/carousel.ts";
import type { HeroSectionData } from "@domain/content/sections.ts";
import { useEffect, useReducer, useRef, useState } from "react";
import { failedBeforeHydration } from "~/browser/media.ts";
import { ContentImage } from "~/components/ContentImage.tsx";
import { Icon } from "~/components/Icon.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";
import { mouseHover } from "./mouse-hover.ts";

export interface HeroTexts {
  previous: string;
  next: string;
  paused: string;
  slide: (n: number, total: number) => string;
  slides: string;
  videoUnsupported: string;
}

/**
 * The hero carousel of A §2, §4, §9: auto-advance (8 s desktop, 7 s phone) with wrap-around, pause on
 * hover with the 'Pausado' badge, arrows, dots, swipe over 50 px, resume after manual moves, and video
 * slides falling back to the default image. Reduced motion: no auto-advance.
 */
export function HeroCarousel({ data, texts }: { data: HeroSectionData; texts: HeroTexts }) {
  const [state, dispatch] = useReducer(carouselReducer, {
    index: 0,
    count: data.slides.length,
    hovered: false,
    resumeAt: null,
  });
  const [failed, setFailed] = useState<Set<string | number>>(new Set());
  const touchStart = useRef<number | null>(null);

  // One timer per slide shown: every move, hover change or manual pause sets it again.
  const { index: shown, hovered, resumeAt, count } = state;
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const mobile = window.matchMedia("(max-width: 768px)").matches;
    const interval = mobile ? HERO_INTERVAL_MS.mobile : HERO_INTERVAL_MS.desktop;
    const delay = nextAdvanceDelay({ index: shown, hovered, resumeAt, count }, Date.now(), interval);
    if (delay === null) return;
    const timer = setTimeout(() => dispatch({ type: "tick", now: Date.now() }), delay);
    return () => clearTimeout(timer);
  }, [shown, hovered, resumeAt, count]);

  const fallback = (id: string | number) => setFailed((current) => new Set(current).add(id));

  return (
    // pausing on hover is a pointer nicety; the same controls exist as buttons
    <section
      className="hero"
      aria-roledescription="carrossel"
      aria-label={texts.slides}
      {...mouseHover((hovered) => dispatch({ type: "hover", hovered }))}
      onTouchStart={(e) => {
        touchStart.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const end = e.changedTouches[0]?.clientX;
        if (touchStart.current !== null && end !== undefined)
          dispatch({ type: "swipe", deltaX: end - touchStart.current, now: Date.now() });
        touchStart.current = null;
      }}
    >
      {data.slides.map((slide, index) => {
        const current = index === state.index;
        const showVideo = slide.background.type === "video" && !failed.has(slide.id);
        return (
          <div
            key={slide.id}
            className={`hero__slide${current ? " is-current" : ""}`}
            role="group"
            aria-roledescription="slide"
            aria-label={texts.slide(index + 1, data.slides.length)}
            aria-hidden={!current}
            inert={!current || undefined}
          >
            <div className="hero__media">
              {showVideo ? (
                <HeroVideo
                  src={slide.background.src}
                  poster={data.defaultBackground}
                  active={current}
                  onFail={() => fallback(slide.id)}
                  unsupported={texts.videoUnsupported}
                />
              ) : (
                <ContentImage
                  src={slide.background.type === "video" ? data.defaultBackground : slide.background.src}
                  alt={slide.background.alt || undefined}
                  width={1600}
                  height={900}
                  sizes="full"
                  loading={index === 0 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : undefined}
                  onError={(e) => {
                    if (e.currentTarget.src.endsWith(data.defaultBackground)) return;
                    // The variants (srcset) would win over a new src: they go too.
                    e.currentTarget.removeAttribute("srcset");
                    e.currentTarget.src = data.defaultBackground;
                  }}
                />
              )}
            </div>
            <div className="hero__content">
              {index === 0 ? (
                <h1 className="hero__title">{slide.title}</h1>
              ) : (
                <p className="hero__title">{slide.title}</p>
              )}
              <p className="hero__subtitle">{slide.subtitle}</p>
              <SiteLink
                to={slide.cta.link}
                className="button button--primary hero__cta"
                tabIndex={current ? undefined : -1}
              >
                {slide.cta.text}
                {slide.cta.icon && <Icon name={slide.cta.icon} size={18} />}
              </SiteLink>
              {slide.features.length > 0 && (
                <ul className="hero__features">
                  {slide.features.map((feature) => (
                    <li key={feature.title}>
                      <Icon name={feature.icon} size={18} />
                      {feature.link ? (
                        <SiteLink to={feature.link} tabIndex={current ? undefined : -1}>
                          {feature.title}
                        </SiteLink>
                      ) : (
                        feature.title
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        );
      })}
      {data.slides.length > 1 && (
        <div className="hero__controls">
          <button
            type="button"
            className="hero__arrow"
            onClick={() => dispatch({ type: "previous", now: Date.now() })}
            aria-label={texts.previous}
          >
            ‹
          </button>
          <ul className="hero__dots">
            {data.slides.map((slide, index) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className="hero__dot"
                  aria-label={texts.slide(index + 1, data.slides.length)}
                  aria-current={index === state.index || undefined}
                  onClick={() => dispatch({ type: "go", index, now: Date.now() })}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="hero__arrow"
            onClick={() => dispatch({ type: "next", now: Date.now() })}
            aria-label={texts.next}
          >
            ›
          </button>
        </div>
      )}
      {state.hovered && <span className="hero__paused">{texts.paused}</span>}
    </section>
  );
}

/**
 * A video slide's background. It loads nothing until its slide is shown (preload none, no
 * autoplay), plays while shown and pauses when the carousel moves on. With reduced motion it keeps
 * its poster, the default background.
 */
function HeroVideo(props: {
  src: string;
  poster: string;
  active: boolean;
  onFail: () => void;
  unsupported: string;
}) {
  const { active, onFail } = props;
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (failedBeforeHydration(element)) {
      onFail();
      return;
    }
    if (active && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      element.play().catch(() => {});
    } else {
      element.pause();
    }
  }, [active, onFail]);
  return (
    <video
      ref={video}
      src={props.src}
      poster={props.poster}
      muted
      loop
      playsInline
      preload="none"
      onError={onFail}
      tabIndex={-1}
    >
      {props.unsupported}
    </video>
  );
}
