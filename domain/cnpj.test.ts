import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cnpjProblem, formatCnpjForDisplay, isCnpj, maskCnpj, normaliseCnpj } from "./cnpj.ts";

/**
 * The check digits as the Receita Federal's manual computes them ("Cálculo do DV do CNPJ
 * alfanumérico"), written here from the manual and not from the library: each character's value is
 * its ASCII code minus 48, weights 2 to 9 from the right, remainder of 11, 0 or 1 give 0.
 */
function checkDigits(base12: string): string {
  const digit = (chars: string) => {
    let sum = 0;
    for (let i = 0; i < chars.length; i++) {
      const weight = ((chars.length - 1 - i) % 8) + 2;
      sum += (chars.charCodeAt(i) - 48) * weight;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base12);
  return `${first}${digit(base12 + first)}`;
}

describe("CNPJ (alphanumeric since July 2026)", () => {
  it("accepts the Receita Federal's published examples, numeric and alphanumeric, typed any way", () => {
    // The manual's alphanumeric example: base 12ABC34501DE, check digits 35.
    expect(checkDigits("12ABC34501DE")).toBe("35");
    for (const valid of [
      "12.ABC.345/01DE-35",
      "12ABC34501DE35",
      "12abc34501de35",
      " 12.abc.345/01de-35 ",
      "11.222.333/0001-81",
      "11222333000181",
      "12.345.678/0001-95",
    ]) {
      expect(cnpjProblem(valid), valid).toBeNull();
    }
  });

  it("says 'length' unless there are 14 letters and digits, 'invalid' for wrong check digits or shape", () => {
    expect(cnpjProblem("")).toBe("length");
    expect(cnpjProblem("12.345.678/0001-9")).toBe("length");
    expect(cnpjProblem("12.345.678/0001-951")).toBe("length");
    expect(cnpjProblem("12.ABC.345/01DE-3")).toBe("length");
    expect(cnpjProblem("12.ABC.345/01DE-36")).toBe("invalid");
    expect(cnpjProblem("12.345.678/0001-90")).toBe("invalid");
    // Letters are never check digits; a numeric CNPJ of one repeated digit is reserved.
    expect(cnpjProblem("12ABC34501DE3A")).toBe("invalid");
    expect(cnpjProblem("00000000000000")).toBe("invalid");
    expect(cnpjProblem("11111111111111")).toBe("invalid");
  });

  it("agrees with the manual's arithmetic for any base of 12 letters and digits", () => {
    const base = fc.stringMatching(/^[0-9A-Z]{12}$/);
    fc.assert(
      fc.property(base, fc.integer({ min: 0, max: 99 }), (chars, other) => {
        const dv = checkDigits(chars);
        // Fourteen times one digit is reserved (00.000.000/0000-00 and the like).
        expect(isCnpj(chars + dv)).toBe(!/^(\d)\1{13}$/.test(chars + dv));
        const wrong = String(other).padStart(2, "0");
        if (wrong !== dv) expect(isCnpj(chars + wrong)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("is stored normalised and shown formatted", () => {
    expect(normaliseCnpj("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(normaliseCnpj("11.222.333/0001-81")).toBe("11222333000181");
    expect(formatCnpjForDisplay("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpjForDisplay("11222333000181")).toBe("11.222.333/0001-81");
    // Anything that is not 14 characters is shown as it came.
    expect(formatCnpjForDisplay("123")).toBe("123");
  });

  it("masks as typed: letters kept and upper-cased, the two check places take digits only", () => {
    expect(maskCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(maskCnpj("12ABC")).toBe("12.ABC");
    expect(maskCnpj("12ABC34501DE")).toBe("12.ABC.345/01DE");
    expect(maskCnpj("12ABC34501DEX3Y5")).toBe("12.ABC.345/01DE-35");
    expect(maskCnpj("12.ABC.345/01DE-35999")).toBe("12.ABC.345/01DE-35");
    expect(maskCnpj("12-abc_345 01de*35")).toBe("12.ABC.345/01DE-35");
    expect(maskCnpj("12ABC34501DE35").length).toBe(18);
  });
});
