import { useEffect, useState } from "react";
import { isEmbedUrl } from "~/browser/media.ts";
import { Icon } from "~/components/Icon.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";
import { mouseHover } from "./mouse-hover.ts";

export interface WheelItem {
  id: string | number;
  name: string;
  description: string;
  icon?: string;
  link?: string;
}

interface Props {
  id: string;
  title: string;
  subtitle?: string;
  description?: string;
  items: WheelItem[];
  /** Auto-rotation interval (circle features 4000 ms, segments 5000 ms) and the pause after a click (10000 ms). */
  intervalMs: number;
  resumeAfterClickMs: number;
  centralImage?: string;
  exploreText?: string;
  cta?: { text: string; link: string };
  /** Background video: an mp4 file or an embed address (A §4). */
  backgroundVideo?: string;
}

/** An embedded background video is reloaded now and then (A §4), so a stalled player recovers. */
const EMBED_RELOAD_MS = 10 * 60_000;

/** Muted, looping background video; an mp4 cross-fades near its loop point (A §4). */
function BackgroundVideo({ src }: { src: string }) {
  const [fading, setFading] = useState(false);
  const [generation, setGeneration] = useState(0);
  const embed = isEmbedUrl(src);
  useEffect(() => {
    if (!embed) return;
    const timer = setInterval(() => setGeneration((g) => g + 1), EMBED_RELOAD_MS);
    return () => clearInterval(timer);
  }, [embed]);
  if (embed) {
    const url = `${src}${src.includes("?") ? "&" : "?"}autoplay=1&mute=1&loop=1&controls=0`;
    return (
      <iframe
        key={generation}
        className="wheel__video"
        src={url}
        title="Vídeo de fundo"
        aria-hidden="true"
        tabIndex={-1}
        allow="autoplay"
        loading="lazy"
      />
    );
  }
  return (
    <video
      className={`wheel__video${fading ? " is-fading" : ""}`}
      src={src}
      muted
      loop
      autoPlay
      playsInline
      tabIndex={-1}
      onTimeUpdate={(e) => {
        const video = e.currentTarget;
        setFading(Number.isFinite(video.duration) && video.duration - video.currentTime < 0.6);
      }}
    />
  );
}

/**
 * The circle-features and segments wheels (A §4, §9): random starting item, auto-rotation, pause on
 * hover, a click selects and pauses for a while, hovering an item shows its details.
 */
export function FeatureWheel(props: Props) {
  const { items, intervalMs, resumeAfterClickMs } = props;
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [holdUntil, setHoldUntil] = useState(0);
  // Random start only in the browser, so the server-rendered page and the hydrated one agree.
  useEffect(() => setActive(Math.floor(Math.random() * items.length)), [items.length]);
  useEffect(() => {
    if (hovered || items.length < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => {
      if (Date.now() >= holdUntil) setActive((i) => (i + 1) % items.length);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [hovered, holdUntil, intervalMs, items.length]);
  const current = items[active] ?? items[0];
  return (
    <section className="section wheel" aria-labelledby={`${props.id}-titulo`}>
      {props.backgroundVideo && <BackgroundVideo src={props.backgroundVideo} />}
      <div className="section__inner wheel__layout">
        <header className="section__header">
          <h2 id={`${props.id}-titulo`}>{props.title}</h2>
          {props.subtitle && <p className="section__eyebrow">{props.subtitle}</p>}
          {props.description && <p>{props.description}</p>}
        </header>
        <div className="wheel__body" {...mouseHover(setHovered)}>
          <ul className="wheel__ring" style={{ ["--count" as string]: items.length }}>
            {items.map((item, i) => (
              <li key={item.id} style={{ ["--i" as string]: i }}>
                <button
                  type="button"
                  className={`wheel__item${i === active ? " is-active" : ""}`}
                  aria-pressed={i === active}
                  onMouseEnter={() => setActive(i)}
                  onFocus={() => setActive(i)}
                  onClick={() => {
                    setActive(i);
                    setHoldUntil(Date.now() + resumeAfterClickMs);
                  }}
                >
                  <Icon name={item.icon} size={22} />
                  <span>{item.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {current && (
            <div className="wheel__detail" aria-live="polite">
              {props.centralImage && (
                <img src={props.centralImage} alt="" width={120} height={120} loading="lazy" />
              )}
              <h3>{current.name}</h3>
              <p>{current.description}</p>
              {current.link && props.exploreText && (
                <SiteLink to={current.link}>{props.exploreText}</SiteLink>
              )}
            </div>
          )}
        </div>
        {props.cta && (
          <p className="section__cta">
            <SiteLink to={props.cta.link} className="button button--outline">
              {props.cta.text}
            </SiteLink>
          </p>
        )}
      </div>
    </section>
  );
}
