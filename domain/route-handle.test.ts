import { describe, expect, it } from "vitest";
import { isBare, isStandalone, pageLanguage } from "./route-handle.ts";

describe("route handles", () => {
  it("a page is bare or standalone when any matched route's handle says so", () => {
    const matches = [{ handle: undefined }, { handle: { standalone: true, hideChat: true } }];
    expect(isStandalone(matches)).toBe(true);
    expect(isBare(matches)).toBe(false);
    expect(isBare([{ handle: { bare: true } }, { handle: {} }])).toBe(true);
    expect(isStandalone([{ handle: { bare: true } }, { handle: null }])).toBe(false);
  });

  it("the page's language is the one the deepest route's loader answered, when it is offered", () => {
    expect(pageLanguage([{ data: { language: "pt" } }, { data: { language: "en" } }])).toBe("en");
    expect(pageLanguage([{ data: { language: "en" } }, { data: { other: 1 } }])).toBeNull();
    expect(pageLanguage([{ data: { language: "fr" } }])).toBeNull();
    expect(pageLanguage([{ data: undefined }])).toBeNull();
    expect(pageLanguage([])).toBeNull();
  });
});
