import { describe, expect, it } from "vitest";
import { FUNNEL_MAX_EVENTS } from "./events.ts";
import { funnelBatchSchema } from "./schema.ts";

const view = "7d4f5a52-3c8e-4f7e-9a53-2f1d8b0c6e11";
const batch = (over: Record<string, unknown> = {}) => ({
  view,
  lang: "pt",
  events: [{ form: "demo", type: "shown" }],
  ...over,
});

describe("the beacon's batch (decision 104)", () => {
  it("takes a page view's events with its language, tags and referrer host", () => {
    const parsed = funnelBatchSchema.parse(
      batch({
        utm: { utm_source: "google", utm_medium: "cpc" },
        referrer: "www.google.com",
        events: [
          { form: "demo", type: "shown" },
          { form: "demo", type: "touched" },
          { form: "demo", type: "step", step: 2 },
          { form: "newsletter", type: "submitted" },
        ],
      }),
    );
    expect(parsed.events).toHaveLength(4);
    expect(parsed.events[2]).toEqual({ form: "demo", type: "step", step: 2 });
  });

  it.each([
    ["an unknown form", batch({ events: [{ form: "nope", type: "shown" }] })],
    ["an unknown event", batch({ events: [{ form: "demo", type: "clicked" }] })],
    ["a step without its number", batch({ events: [{ form: "demo", type: "step" }] })],
    ["a number on another event", batch({ events: [{ form: "demo", type: "shown", step: 2 }] })],
    ["step 1 (that is the form shown)", batch({ events: [{ form: "demo", type: "step", step: 1 }] })],
    ["a step past 20", batch({ events: [{ form: "demo", type: "step", step: 21 }] })],
    ["no events", batch({ events: [] })],
    [
      "too many events",
      batch({ events: Array(FUNNEL_MAX_EVENTS + 1).fill({ form: "demo", type: "shown" }) }),
    ],
    ["a view that is no UUID", batch({ view: "abc" })],
    ["an unknown language", batch({ lang: "xx" })],
    ["a whole address as referrer", batch({ referrer: "https://www.google.com/search?q=ana" })],
    ["anything else (an answer, an e-mail)", batch({ email: "ana@example.com" })],
    ["an event with more fields", batch({ events: [{ form: "demo", type: "shown", nome: "Ana" }] })],
    ["an unknown tag", batch({ utm: { gclid: "x" } })],
  ])("refuses %s", (_, value) => {
    expect(funnelBatchSchema.safeParse(value).success).toBe(false);
  });
});
