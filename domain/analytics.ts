/**
 * Analytics hooks (A §7): a page_view event (title, location, segment, route) and the Web Vitals go to
 * window.gtag and window.clarity when the page has them; nothing happens, and nothing breaks, without.
 * The Web Vitals part is in ./web-vitals.ts, loaded after the page (./after-page.ts).
 */
type Gtag = (command: "event", name: string, params: Record<string, unknown>) => void;
type Clarity = (command: "event" | "set", ...args: unknown[]) => void;

export interface AnalyticsWindow {
  gtag?: Gtag;
  clarity?: Clarity;
}

export interface PageView {
  title: string;
  location: string;
  segment: string | null;
  route: string;
}

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

export function trackPageView(view: PageView, target: AnalyticsWindow = globalThis as AnalyticsWindow): void {
  send(
    "page_view",
    {
      page_title: view.title,
      page_location: view.location,
      segment: view.segment ?? "default",
      route: view.route,
    },
    target,
  );
}
