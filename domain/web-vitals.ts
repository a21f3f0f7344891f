import type { AnalyticsWindow } from "./analytics.ts";

/**
 * The same as analytics.ts's own `send`, written again on purpose: importing it would make
 * analytics.ts a chunk shared with this after-the-page one, and every page would load one more file
 * before interaction (decision 104 measured it: 108 bytes gzip more on the home page).
 */
function send(name: string, params: Record<string, unknown>, target: AnalyticsWindow): void {
  try {
    target.gtag?.("event", name, params);
  } catch {}
  try {
    if (target.clarity) {
      for (const [key, value] of Object.entries(params)) target.clarity("set", key, String(value ?? ""));
      target.clarity("event", name);
    }
  } catch {}
}

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
