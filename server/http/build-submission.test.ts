import { encodeTouch } from "@domain/attribution/touch.ts";
import { encodeChoice } from "@domain/consent/choice.ts";
import { describe, expect, it } from "vitest";
import { buildSubmission } from "./build-submission.ts";
import type { RequestInfo } from "./request-info.ts";

const ID = "0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f70";
const consent = (measurement: boolean, marketing: boolean) =>
  `vertice_consent=${encodeChoice({ id: ID, version: "1", measurement, marketing, method: "custom", at: 1_796_000_000 })}`;
const firstTouch = `vertice_ft=${encodeTouch({ tags: { utm_source: "google", gclid: "abc" }, landing: "/?gclid=abc", at: "2026-11-01T10:00:00.000Z" })}`;

const info = { segment: null, language: "pt", ip: "203.0.113.7" } as unknown as RequestInfo;

function submit(cookie: string, headers: Record<string, string> = {}) {
  const all = new Headers({ cookie, ...headers });
  return buildSubmission(
    {
      formKey: "demo",
      stage: "complete",
      answers: {},
      requestKey: "k",
      tracking: { page: "https://vertice.example/demonstracao", utm: { utm_source: "news", gclid: "xyz" } },
    },
    { url: "https://vertice.example/api/leads", headers: all },
    info,
  );
}

describe("a submission keeps what the visitor's cookie choice allows (decision 123)", () => {
  it("without a choice: the visit's own UTM tags, no click ids, no first touch, no analytics id", () => {
    const input = submit(`${firstTouch}; _clck=abc123|2|f|0`);
    expect(input.tracking.utm).toEqual({ utm_source: "news" });
    expect(input.tracking.firstTouch).toBeUndefined();
    expect(input.client.clarityCookie).toBeNull();
    expect(input.tracking.consent).toEqual({ id: null, measurement: false, marketing: false });
  });

  it("with Medição: the first touch and the analytics id; the click ids wait for Marketing", () => {
    const input = submit(`${consent(true, false)}; ${firstTouch}; _clck=abc123|2|f|0`);
    expect(input.tracking.firstTouch?.tags).toEqual({ utm_source: "google", gclid: "abc" });
    expect(input.client.clarityCookie).toBe("abc123|2|f|0");
    expect(input.tracking.utm).toEqual({ utm_source: "news" });
    expect(input.tracking.consent).toEqual({ id: ID, measurement: true, marketing: false });
  });

  it("with both: everything the visit carried", () => {
    const input = submit(`${consent(true, true)}; ${firstTouch}`);
    expect(input.tracking.utm).toEqual({ utm_source: "news", gclid: "xyz" });
  });

  it("Global Privacy Control refuses both, whatever the stored choice says", () => {
    const input = submit(`${consent(true, true)}; ${firstTouch}`, { "sec-gpc": "1" });
    expect(input.tracking.firstTouch).toBeUndefined();
    expect(input.tracking.utm).toEqual({ utm_source: "news" });
  });
});
