import { describe, expect, it } from "vitest";
import { formatNumber, formatPrice } from "./number-format.ts";

describe("formatNumber: the visitor's language writes the number (A §4 metrics)", () => {
  it("writes Portuguese with a decimal comma and dot thousands", () => {
    expect(formatNumber(5.9)).toBe("5,9");
    expect(formatNumber(1234.5, "pt")).toBe("1.234,5");
    expect(formatNumber(0, "pt")).toBe("0");
  });

  it("writes English with a decimal point and comma thousands", () => {
    expect(formatNumber(5.9, "en")).toBe("5.9");
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
  });

  it("keeps at most 2 decimals", () => {
    expect(formatNumber(98.456, "pt")).toBe("98,46");
    expect(formatNumber(98.456, "en")).toBe("98.46");
  });

  it("keeps each language's format apart once both are built", () => {
    // The formats are cached per language: a cache keyed wrongly would answer English with Portuguese.
    expect(formatPrice(1234.5, "pt")).toBe("R$ 1.234,50");
    expect(formatPrice(1234.5, "en")).toBe("R$1,234.50");
    expect(formatNumber(1234.5, "pt")).toBe("1.234,5");
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
  });
});
