import { describe, expect, it } from "vitest";
import { eventsOnStore, isLeadEvent, LEAD_EVENTS, subscribes, WEBHOOK_EVENT_LABELS } from "./webhooks.ts";

describe("lead events for webhook endpoints", () => {
  it("a stored lead is created; a multi-step lead that arrives complete is also qualified", () => {
    expect(eventsOnStore("captured", 3)).toEqual(["lead.created"]);
    expect(eventsOnStore("completed", 3)).toEqual(["lead.created", "lead.qualified"]);
    // A contact message or a newsletter subscription has no qualification steps.
    expect(eventsOnStore("completed", 1)).toEqual(["lead.created"]);
  });

  it("an endpoint gets only the events it subscribed to (and a test whenever asked)", () => {
    expect(subscribes(["lead.qualified"], "lead.created")).toBe(false);
    expect(subscribes(["lead.qualified"], "lead.qualified")).toBe(true);
    expect(subscribes(["lead.created", "lead.outcome_changed"], "lead.outcome_changed")).toBe(true);
    expect(subscribes([], "webhook.test")).toBe(true);
  });

  it("every event has a Portuguese label and only the three lead events can be subscribed", () => {
    for (const event of LEAD_EVENTS) expect(WEBHOOK_EVENT_LABELS[event]).toBeTruthy();
    expect(isLeadEvent("lead.created")).toBe(true);
    expect(isLeadEvent("webhook.test")).toBe(false);
    expect(isLeadEvent("lead.captured")).toBe(false);
  });
});
