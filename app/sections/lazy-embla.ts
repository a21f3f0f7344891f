import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useState } from "react";

/**
 * Embla for a carousel below the fold, loaded when the carousel comes near the viewport: its
 * ~7 KB (gzip) are not part of what the home page loads before the visitor scrolls. Until then the
 * server-rendered track shows its first cards, and the controls do nothing.
 * Returns the ref callback for the viewport element and the carousel once it runs.
 */
export function useLazyEmbla(options: EmblaOptionsType) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  // Options are read once, as useEmblaCarousel does when they do not change.
  const [initial] = useState(options);
  useEffect(() => {
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
  }, [node, initial]);
  return [setNode, api] as const;
}
