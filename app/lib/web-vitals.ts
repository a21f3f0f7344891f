import { type AnalyticsWindow, send } from "./analytics.ts";

/** A Web Vitals measure (A §7: page-performance metrics are observed), sent like the page_view. */
export function trackWebVital(
  metric: { name: string; value: number; id: string; rating?: string },
  target: AnalyticsWindow = globalThis as AnalyticsWindow,
): void {
  send(
    "web_vitals",
    {
      metric_name: metric.name,
      metric_value: Math.round(metric.name === "CLS" ? metric.value * 1000 : metric.value),
      metric_id: metric.id,
      metric_rating: metric.rating ?? "",
    },
    target,
  );
}

/** Starts reporting the Web Vitals; loaded after hydration so it never delays the page. */
export async function observeWebVitals(): Promise<void> {
  const { onCLS, onINP, onLCP, onFCP, onTTFB } = await import("web-vitals");
  for (const observe of [onCLS, onINP, onLCP, onFCP, onTTFB]) observe((metric) => trackWebVital(metric));
}
