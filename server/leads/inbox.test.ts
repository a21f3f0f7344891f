import { describeTouch, touchMedium, touchOrigin, UNCONSENTED_TOUCH } from "@domain/attribution/touch.ts";
import { describe, expect, it } from "vitest";
import { firstTouchOf, lastTouchOf } from "./inbox.ts";

describe("a lead's touches as the admin reads them", () => {
  it("a referrer from another site is the visit's source", () => {
    expect(
      lastTouchOf({ page: "https://vertice.com.br/demonstracao", referrer: "https://www.bing.com/search" }),
    ).toEqual({ referrer: "https://www.bing.com/search" });
  });

  it("the site's own pages, a segment's subdomain included, are no source: the visit reads as direct", () => {
    expect(
      lastTouchOf({ page: "http://127.0.0.1:3100/demonstracao", referrer: "http://127.0.0.1:3100/" }),
    ).toEqual({});
    expect(
      lastTouchOf({
        page: "https://agronegocio.vertice.com.br/demonstracao",
        referrer: "https://vertice.com.br/planos",
      }),
    ).toEqual({});
  });

  it("keeps the referrer of a lead stored without its page, and the campaign tags and click ids", () => {
    expect(
      lastTouchOf({
        referrer: "https://parceiro.com.br/artigo",
        utm: { utm_source: "newsletter", utm_medium: "email" },
        clickIds: { gclid: "abc" },
      }),
    ).toEqual({
      referrer: "https://parceiro.com.br/artigo",
      tags: { utm_source: "newsletter", utm_medium: "email", gclid: "abc" },
    });
    expect(lastTouchOf({ referrer: "direct" })).toEqual({});
  });

  it("the first touch is the cookie's when kept, else this visit's", () => {
    const first = { tags: { utm_source: "google" }, landing: "/" };
    expect(firstTouchOf({ firstTouch: first, referrer: "https://www.bing.com/" })).toBe(first);
    expect(firstTouchOf({ referrer: "https://www.bing.com/" })).toEqual({
      referrer: "https://www.bing.com/",
    });
  });

  it("a visitor who did not allow Medição has no first touch: reports say so instead of guessing", () => {
    const touch = firstTouchOf({
      referrer: "https://www.bing.com/",
      consent: { id: null, measurement: false, marketing: false },
    });
    expect(touch).toBe(UNCONSENTED_TOUCH);
    expect(touchOrigin(touch)).toBe("sem consentimento");
    expect(describeTouch(touch)).toBe("sem consentimento");
    expect(touchMedium(touch)).toBe("sem consentimento");
    // Allowed, the visit's own touch stands in as before.
    expect(
      firstTouchOf({
        referrer: "https://www.bing.com/",
        consent: { id: null, measurement: true, marketing: false },
      }),
    ).toEqual({
      referrer: "https://www.bing.com/",
    });
  });
});
