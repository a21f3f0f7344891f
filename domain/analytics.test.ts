import { describe, expect, it } from "vitest";
import { trackPageView } from "./analytics.ts";
import { trackWebVital } from "./web-vitals.ts";

describe("analytics hooks (A §7)", () => {
  it("sends page_view with title, location, segment and route to gtag and clarity", () => {
    const calls: unknown[][] = [];
    const target = {
      gtag: (...args: unknown[]) => void calls.push(["gtag", ...args]),
      clarity: (...args: unknown[]) => void calls.push(["clarity", ...args]),
    };
    trackPageView({ title: "Planos", location: "https://x/planos", segment: null, route: "/planos" }, target);
    expect(calls[0]).toEqual([
      "gtag",
      "event",
      "page_view",
      { page_title: "Planos", page_location: "https://x/planos", segment: "default", route: "/planos" },
    ]);
    expect(calls).toContainEqual(["clarity", "set", "segment", "default"]);
    expect(calls.at(-1)).toEqual(["clarity", "event", "page_view"]);
  });

  it("does nothing, and throws nothing, without analytics or when they fail", () => {
    expect(() =>
      trackPageView({ title: "t", location: "l", segment: "agronegocio", route: "/" }, {}),
    ).not.toThrow();
    const broken = {
      gtag: () => {
        throw new Error("blocked");
      },
    };
    expect(() => trackWebVital({ name: "LCP", value: 1234.5, id: "v1" }, broken)).not.toThrow();
  });

  it("reports Web Vitals as whole numbers (CLS in thousandths)", () => {
    const events: Record<string, unknown>[] = [];
    const target = {
      gtag: (_c: string, _n: string, params: Record<string, unknown>) => void events.push(params),
    };
    trackWebVital({ name: "CLS", value: 0.0123, id: "a", rating: "good" }, target);
    trackWebVital({ name: "LCP", value: 1834.6, id: "b" }, target);
    expect(events).toEqual([
      { metric_name: "CLS", metric_value: 12, metric_id: "a", metric_rating: "good" },
      { metric_name: "LCP", metric_value: 1835, metric_id: "b", metric_rating: "" },
    ]);
  });
});
