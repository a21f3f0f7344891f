import type { VideoDemoData } from "@domain/content/sections.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { formatNumber } from "@domain/number-format.ts";
import { useEffect, useRef, useState } from "react";
import { failedBeforeHydration, isEmbedUrl } from "~/browser/media.ts";
import { ContentImage } from "~/components/ContentImage.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";

const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** Metric counters run from 0 to their value when scrolled into view, 200 ms apart (A §4, §9). */
function useCountUp(metrics: VideoDemoData["metrics"]) {
  const ref = useRef<HTMLUListElement>(null);
  // The server renders the final values (crawlers and visitors without JavaScript read the real
  // numbers); the browser sets them to 0 and counts up when the metrics come into view.
  const [values, setValues] = useState(metrics.map((m) => m.value));
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (
      window.matchMedia("(prefers-reduced-motion: reduce)").matches ||
      !("IntersectionObserver" in window)
    ) {
      setValues(metrics.map((m) => m.value));
      return;
    }
    setValues(metrics.map(() => 0));
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const step = (now: number) => {
        let running = false;
        setValues(
          metrics.map((metric, i) => {
            const elapsed = now - start - i * 200;
            const progress = Math.min(1, Math.max(0, elapsed / (metric.duration || 2000)));
            if (progress < 1) running = true;
            return Math.round(metric.value * progress * 10) / 10;
          }),
        );
        if (running) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [metrics]);
  return { ref, values };
}

/** The video demo (A §2, §3): title, description, a video that loads only when asked, and the metrics. */
export function VideoDemo({
  data,
  language,
  texts,
}: {
  data: VideoDemoData;
  language: OfferedLanguage;
  texts: { play: string; videoUnsupported: string; placeholder: string };
}) {
  const [playing, setPlaying] = useState(false);
  const [thumbFailed, setThumbFailed] = useState(false);
  const { ref, values } = useCountUp(data.metrics);
  const embed = isEmbedUrl(data.video.url);
  return (
    <section className="section video-demo" aria-labelledby="video-titulo">
      <div className="section__inner video-demo__layout">
        <header className="section__header">
          <h2 id="video-titulo">
            {data.title.main} {data.title.highlighted && <em>{data.title.highlighted}</em>}
          </h2>
          {data.description && <p>{data.description}</p>}
          {data.cta && (
            <SiteLink to={data.cta.link} className="button button--primary">
              {data.cta.text}
            </SiteLink>
          )}
        </header>
        <div className="video-demo__player">
          {playing ? (
            embed ? (
              <iframe
                src={`${data.video.url}${data.video.url.includes("?") ? "&" : "?"}autoplay=1`}
                title={data.video.alt}
                allow="autoplay; encrypted-media; picture-in-picture"
                allowFullScreen
                loading="lazy"
              />
            ) : (
              // biome-ignore lint/a11y/useMediaCaption: product demo without speech; captions live with the video file when it has them
              <video src={data.video.url} controls autoPlay>
                {texts.videoUnsupported}
              </video>
            )
          ) : (
            <button type="button" className="video-demo__thumb" onClick={() => setPlaying(true)}>
              {/* A thumbnail that fails gives way to the placeholder image (A §4). */}
              <ContentImage
                imgRef={(img) => {
                  if (!thumbFailed && failedBeforeHydration(img)) setThumbFailed(true);
                }}
                src={thumbFailed ? PLACEHOLDER_IMAGE : data.video.thumbnail}
                alt={thumbFailed ? texts.placeholder : data.video.alt || undefined}
                width={960}
                height={540}
                sizes="(max-width: 960px) 100vw, 960px"
                onError={() => setThumbFailed(true)}
              />
              <span className="video-demo__play" aria-hidden="true">
                ▶
              </span>
              <span className="visually-hidden">{texts.play}</span>
            </button>
          )}
        </div>
        <ul className="metrics" ref={ref}>
          {data.metrics.map((metric, i) => (
            // The content's colour marks the metric; the number keeps the brand colour for contrast.
            <li
              key={metric.id}
              className="metric"
              style={metric.color ? { ["--metric-color" as string]: metric.color } : undefined}
            >
              <span className="metric__value">
                {values[i] === undefined ? null : formatNumber(values[i], language)}
                {metric.suffix}
              </span>
              <span className="metric__title">{metric.label_title}</span>
              {metric.label_description && (
                <span className="metric__description">{metric.label_description}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
