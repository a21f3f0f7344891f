import { describe, expect, it } from "vitest";
import { formatReais, parseReais, stepReais } from "./currency.ts";

describe("B §5.5 — the editor's currency input: R$, step 0.01, decimal comma", () => {
  it("reads the comma or a point, and thousands points before a comma", () => {
    expect(parseReais("199,90")).toBe(199.9);
    expect(parseReais("199.90")).toBe(199.9);
    expect(parseReais("1.234,56")).toBe(1234.56);
    expect(parseReais("R$ 49")).toBe(49);
    expect(parseReais("0,5")).toBe(0.5);
  });

  it("an empty field stays empty; anything else that is not a price in centavos is refused", () => {
    expect(parseReais("")).toBeUndefined();
    expect(parseReais("  ")).toBeUndefined();
    expect(parseReais("12,345")).toBeNull();
    expect(parseReais("-3")).toBeNull();
    expect(parseReais("dez")).toBeNull();
    expect(parseReais("1,2,3")).toBeNull();
  });

  it("shows two decimals with a comma, and reads back what it shows", () => {
    expect(formatReais(321.9)).toBe("321,90");
    expect(formatReais(1234)).toBe("1234,00");
    for (const value of [0, 0.01, 9.99, 199.9, 1234.56]) expect(parseReais(formatReais(value))).toBe(value);
  });

  it("steps by one centavo without float drift, never below zero", () => {
    expect(stepReais(0.1, 1)).toBe(0.11);
    expect(stepReais(199.9, -1)).toBe(199.89);
    expect(stepReais(undefined, 1)).toBe(0.01);
    expect(stepReais(0, -1)).toBe(0);
  });
});
