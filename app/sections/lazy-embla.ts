import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * Embla for a carousel below the fold, loaded when the carousel comes near the viewport: its
 * ~7 KB (gzip) are not part of what the home page loads before the visitor scrolls. Until then the
 * server-rendered track shows its first cards, and the controls do nothing.
 * Returns the ref for the viewport element (always rendered) and the carousel once it runs.
 *
 * A ref object, not a state setter as callback ref: React calls a callback ref while it commits the
 * hydration, and a state update there is urgent. It made React run the whole page's effects and a
 * second render in the hydration's own task, one long task on a phone (Total Blocking Time).
 */
export function useLazyEmbla(
  options: EmblaOptionsType,
): readonly [RefObject<HTMLDivElement | null>, EmblaCarouselType | null] {
  const viewport = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  // Options are read once, as useEmblaCarousel does when they do not change.
  const [initial] = useState(options);
  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    let instance: EmblaCarouselType | null = null;
    let cancelled = false;
    const start = () => {
      observer?.disconnect();
      void import("embla-carousel").then(({ default: EmblaCarousel }) => {
        if (cancelled) return;
        instance = EmblaCarousel(node, initial);
        setApi(instance);
      });
    };
    const observer =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
            rootMargin: "300px 0px",
          })
        : null;
    if (observer) observer.observe(node);
    else start();
    return () => {
      cancelled = true;
      observer?.disconnect();
      instance?.destroy();
      setApi(null);
    };
  }, [initial]);
  return [viewport, api] as const;
}
