import { useEffect, useState } from "react";

/**
 * Index that advances every `intervalMs` with wrap-around, held while `paused` or until `holdUntil`
 * (ms since epoch). Reduced motion: it never advances by itself.
 */
export function useAutoAdvance(count: number, intervalMs: number, paused: boolean, holdUntil = 0) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2 || paused) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => {
      if (Date.now() >= holdUntil) setIndex((i) => (i + 1) % count);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, paused, holdUntil]);
  return [index, setIndex] as const;
}
