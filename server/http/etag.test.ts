import { describe, expect, it } from "vitest";
import { matchesEtag } from "./etag.ts";

describe("matchesEtag", () => {
  it("compares weakly (RFC 9110 §13.1.2): W/ is ignored on either side, any tag of a list, or *", () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag("*", '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag('"a', '"a"')).toBe(false);
    expect(matchesEtag("", '"a"')).toBe(false);
    expect(matchesEtag(null, '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});
