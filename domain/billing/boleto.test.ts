import { getBoletoInfo, isValidBoleto } from "@brazilian-utils/brazilian-utils";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  barcodeOfLine,
  boletoLineProblem,
  formatBoletoLine,
  lineOfBarcode,
  modulo10,
  modulo11,
  normaliseBoletoLine,
  parseBoletoLine,
} from "./boleto.ts";

/**
 * Published lines of real boletos, with where each was published and what it carries. The check
 * digits are cross-checked against @brazilian-utils/brazilian-utils (already a dependency for the
 * CNPJ), whose rules follow Carta-Circular BCB nº 2.926/2000.
 */
const PUBLISHED = [
  {
    // Banco do Brasil: the example of @brazilian-utils' isValidBoleto and getBoletoInfo docs.
    line: "00190000090114971860168524522114675860000102656",
    bank: "001",
    amount: 102656,
    factor: 7586,
    printed: "00190.00009 01149.718601 68524.522114 6 75860000102656",
  },
  {
    // Caixa: @mrmgomes/boleto-utils' test suite, with its barcode.
    line: "10492006506100010004200997263900989810000021403",
    barcode: "10499898100000214032006561000100040099726390",
    bank: "104",
    amount: 21403,
    factor: 8981,
    printed: "10492.00650 61000.100042 00997.263900 9 89810000021403",
  },
  {
    // Bradesco, a slip with neither due date nor amount (factor and amount zero): same suite.
    line: "23794150099001980167035000211405700000000000000",
    barcode: "23797000000000000004150090019801673500021140",
    bank: "237",
    amount: 0,
    factor: 0,
    printed: "23794.15009 90019.801670 35000.211405 7 00000000000000",
  },
  {
    // Banco Safra (422): the README of Tagliatti/Boleto-Validator-PHP.
    line: "42297.11504 00001.954411 60020.034520 2 68610000054659",
    bank: "422",
    amount: 54659,
    factor: 6861,
    printed: "42297.11504 00001.954411 60020.034520 2 68610000054659",
  },
  {
    // Banco do Brasil: clipbarcode's tests (Python), as printed.
    line: "00190.50095 40144.816069 06809.350314 3 37370000000100",
    bank: "001",
    amount: 100,
    factor: 3737,
    printed: "00190.50095 40144.816069 06809.350314 3 37370000000100",
  },
  {
    // Caixa, Itaú and HSBC (399): a published C# example of the general digit (ideone.com/EoJxa4).
    line: "10490.05539 03698.700006 00091.449587 5 55490000028531",
    bank: "104",
    amount: 28531,
    factor: 5549,
    printed: "10490.05539 03698.700006 00091.449587 5 55490000028531",
  },
  {
    line: "34198.85912 01354.522771 90199.970006 7 55100000500000",
    bank: "341",
    amount: 500000,
    factor: 5510,
    printed: "34198.85912 01354.522771 90199.970006 7 55100000500000",
  },
  {
    line: "39992.84841 90000.001702 12459.064122 1 48970000041452",
    bank: "399",
    amount: 41452,
    factor: 4897,
    printed: "39992.84841 90000.001702 12459.064122 1 48970000041452",
  },
];

describe("the boleto's digitable line (47 digits)", () => {
  it.each(PUBLISHED)(
    "accepts the published line $line",
    ({ line, bank, amount, factor, printed, barcode }) => {
      expect(boletoLineProblem(line)).toBeNull();
      expect(isValidBoleto(line), "the library agrees").toBe(true);
      const parsed = parseBoletoLine(line)!;
      expect(parsed).toMatchObject({
        line: normaliseBoletoLine(line),
        bankCode: bank,
        amountCentavos: amount,
        dueFactor: factor,
      });
      expect(parsed.amountCentavos).toBe(getBoletoInfo(line)!.amount);
      if (barcode) expect(parsed.barcode).toBe(barcode);
      expect(lineOfBarcode(parsed.barcode)).toBe(parsed.line);
      expect(formatBoletoLine(parsed.line)).toBe(printed);
      expect(formatBoletoLine(printed)).toBe(printed);
    },
  );

  it("says which check digit fails", () => {
    const line = "00190000090114971860168524522114675860000102656";
    const change = (at: number) => `${line.slice(0, at)}${(Number(line[at]) + 1) % 10}${line.slice(at + 1)}`;
    expect(boletoLineProblem(change(9))).toBe("field-1");
    expect(boletoLineProblem(change(2))).toBe("field-1");
    expect(boletoLineProblem(change(15))).toBe("field-2");
    expect(boletoLineProblem(change(20))).toBe("field-2");
    expect(boletoLineProblem(change(25))).toBe("field-3");
    // The general digit and fields 4 and 5 (factor, amount) are covered by módulo 11 only.
    expect(boletoLineProblem(change(32))).toBe("general");
    expect(boletoLineProblem(change(40))).toBe("general");
    // Two fields swapped: each field's own digit still matches, the barcode's does not.
    const swapped = line.slice(0, 10) + line.slice(21, 32) + line.slice(10, 21) + line.slice(32);
    expect(boletoLineProblem(swapped)).toBe("general");
    expect(isValidBoleto(swapped)).toBe(false);
  });

  it("refuses other lengths, barcodes, arrecadação lines and other currencies, each with its reason", () => {
    expect(boletoLineProblem("")).toBe("length");
    expect(boletoLineProblem("0019000009011497186016852452211467586000010265")).toBe("length");
    expect(boletoLineProblem("10499898100000214032006561000100040099726390")).toBe("barcode");
    // Arrecadação (utilities, taxes), valid as such: not a vendor's boleto.
    expect(isValidBoleto("846100000005246100291102005460339004695895061080")).toBe(true);
    expect(boletoLineProblem("846100000005246100291102005460339004695895061080")).toBe("arrecadacao");
    // @mrmgomes/boleto-utils' electricity bill, formatted in its four blocks.
    expect(boletoLineProblem("83860000005-0 09600019000-9 00080178230-9 00034306271-2")).toBe("arrecadacao");
    // A currency code other than 9 (real), with every check digit recomputed to match.
    const rest = "10499898100000214032006561000100040099726390".slice(5);
    const foreign = lineOfBarcode(`1040${modulo11(`1040${rest}`)}${rest}`);
    expect(isValidBoleto(foreign), "the library does not check the currency").toBe(true);
    expect(boletoLineProblem(foreign)).toBe("currency");
  });

  it("keeps only digits and formats as banks print, leaving anything else as it was", () => {
    expect(normaliseBoletoLine(" 00190.00009\n01149.718601-68524.522114 6 75860000102656 ")).toBe(
      "00190000090114971860168524522114675860000102656",
    );
    expect(formatBoletoLine("123")).toBe("123");
  });

  it("computes módulo 10 and 11 as FEBRABAN's worked examples", () => {
    // Field 1 of the Banco do Brasil line: 001 9 00000 → 9.
    expect(modulo10("001900000")).toBe(9);
    expect(modulo10("0")).toBe(0);
    // The general digit is the barcode's 5th: módulo 11 of the 43 others.
    const barcode = barcodeOfLine("00190000090114971860168524522114675860000102656");
    expect(barcode).toBe("00196758600001026560000001149718606852452211");
    expect(modulo11(barcode.slice(0, 4) + barcode.slice(5))).toBe(6);
    // It is never 0: remainders 0 and 1 (11 − r = 11 or 10) give 1. 43 zeros sum to 0.
    expect(modulo11("0".repeat(43))).toBe(1);
  });
});

/** A valid line made from random barcode contents (currency 9), by the rules under test. */
const validLine = fc
  .tuple(fc.stringMatching(/^\d{3}$/), fc.stringMatching(/^\d{14}$/), fc.stringMatching(/^\d{25}$/))
  .map(([bank, factorAndAmount, free]) => {
    const withoutDigit = `${bank}9${factorAndAmount}${free}`;
    const general = modulo11(withoutDigit);
    return lineOfBarcode(`${bank}9${general}${factorAndAmount}${free}`);
  });

describe("agrees with @brazilian-utils on any line", () => {
  it("a line built by the rules is valid for both", () => {
    fc.assert(
      fc.property(validLine, (line) => {
        expect(boletoLineProblem(line)).toBeNull();
        expect(isValidBoleto(line)).toBe(true);
        expect(lineOfBarcode(barcodeOfLine(line))).toBe(line);
      }),
    );
  });

  it("a valid line with one digit changed is refused by both, or accepted by both", () => {
    fc.assert(
      fc.property(validLine, fc.nat(46), fc.integer({ min: 1, max: 9 }), (line, at, delta) => {
        const changed = `${line.slice(0, at)}${(Number(line[at]) + delta) % 10}${line.slice(at + 1)}`;
        expect(boletoLineProblem(changed) === null).toBe(isValidBoleto(changed));
      }),
    );
  });

  it("any 47 digits: valid for us only when valid for the library (and in reais)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{47}$/), (digits) => {
        const ours = boletoLineProblem(digits) === null;
        expect(ours).toBe(isValidBoleto(digits) && digits[3] === "9");
      }),
    );
  });
});
