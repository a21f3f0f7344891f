import { describe, expect, it } from "vitest";
import {
  fieldErrorsOf,
  invoiceInputSchema,
  invoiceStatusChangeSchema,
  MAX_INVOICE_CENTAVOS,
  parseReais,
} from "./invoice-input.ts";

const VALID = {
  number: "2026-000123",
  cnpj: "11.222.333/0001-81",
  competence: "2026-11",
  issuedOn: "2026-11-01",
  dueOn: "2026-11-10",
  amountCentavos: 102656,
  lines: [
    { description: "Plano Empresarial — novembro", amountCentavos: 99900 },
    { description: "Usuários adicionais", amountCentavos: 12756 },
    { description: "Desconto de fidelidade", amountCentavos: -10000 },
  ],
  // Banco do Brasil's published line, whose amount is R$ 1.026,56.
  boletoLine: "00190.00009 01149.718601 68524.522114 6 75860000102656",
};

/** The field errors of an input, or null when it is accepted. */
function errors(input: unknown): Record<string, string> | null {
  const parsed = invoiceInputSchema.safeParse(input);
  return parsed.success ? null : fieldErrorsOf(parsed.error);
}

describe("an invoice as billing posts it", () => {
  it("is accepted with its CNPJ and boleto line normalised; lines may discount", () => {
    const parsed = invoiceInputSchema.parse(VALID);
    expect(parsed.cnpj).toBe("11222333000181");
    expect(parsed.boletoLine).toBe("00190000090114971860168524522114675860000102656");
    expect(parsed.lines[2]!.amountCentavos).toBe(-10000);
    expect(invoiceInputSchema.parse({ ...VALID, boletoLine: null }).boletoLine).toBeNull();
    expect(invoiceInputSchema.parse({ ...VALID, boletoLine: "  " }).boletoLine).toBeNull();
    const { boletoLine: _, ...withoutBoleto } = VALID;
    expect(invoiceInputSchema.parse(withoutBoleto).boletoLine).toBeNull();
  });

  it("refuses amounts that are not integer centavos, naming the field", () => {
    const line = [{ description: "x", amountCentavos: 1000 }];
    for (const amount of [1026.56, "102656", 0.5, Number.NaN, null])
      expect(errors({ ...VALID, amountCentavos: amount })?.amountCentavos, String(amount)).toMatch(
        /inteiro de centavos/,
      );
    expect(
      errors({
        ...VALID,
        boletoLine: null,
        amountCentavos: 1000,
        lines: [{ ...line[0], amountCentavos: 999.5 }],
      }),
    ).toHaveProperty(["lines.0.amountCentavos"]);
    expect(
      errors({
        ...VALID,
        boletoLine: null,
        amountCentavos: 0,
        lines: [{ description: "x", amountCentavos: 0 }],
      }),
    ).toEqual({ amountCentavos: "O valor da fatura deve ser maior que zero." });
    expect(errors({ ...VALID, boletoLine: null, amountCentavos: MAX_INVOICE_CENTAVOS + 1 })).toHaveProperty(
      "amountCentavos",
    );
  });

  it("needs the lines to add up to the amount, in centavos", () => {
    expect(errors({ ...VALID, amountCentavos: 102657, boletoLine: null })).toEqual({
      lines: "A soma das linhas (R$ 1.026,56) difere do valor da fatura (R$ 1.026,57).",
    });
    expect(errors({ ...VALID, lines: [] })).toHaveProperty("lines");
    expect(errors({ ...VALID, lines: [{ description: " ", amountCentavos: 102656 }] })).toHaveProperty([
      "lines.0.description",
    ]);
  });

  it("checks the boleto line's digits and amount, naming boletoLine", () => {
    const wrongDigit = VALID.boletoLine.replace("6 7586", "7 7586");
    expect(errors({ ...VALID, boletoLine: wrongDigit })).toEqual({
      boletoLine: "Linha digitável inválida: o dígito verificador geral (5º grupo) não confere.",
    });
    expect(errors({ ...VALID, boletoLine: "123" })?.boletoLine).toMatch(/47 dígitos/);
    expect(
      errors({ ...VALID, boletoLine: "846100000005246100291102005460339004695895061080" })?.boletoLine,
    ).toMatch(/arrecadação/);
    // A valid boleto of another amount (R$ 214,03) is not this invoice's.
    expect(errors({ ...VALID, boletoLine: "10492006506100010004200997263900989810000021403" })).toEqual({
      boletoLine: "O valor do boleto (R$ 214,03) difere do valor da fatura (R$ 1.026,56).",
    });
    // A boleto that leaves the amount open (zero) fits any invoice.
    expect(errors({ ...VALID, boletoLine: "23794150099001980167035000211405700000000000000" })).toBeNull();
  });

  it("checks the CNPJ, the number, the competence and the dates", () => {
    expect(errors({ ...VALID, cnpj: "11.222.333/0001-82" })).toEqual({
      cnpj: "CNPJ inválido: os dígitos verificadores não conferem.",
    });
    expect(errors({ ...VALID, cnpj: "123" })).toEqual({ cnpj: "CNPJ deve ter 14 dígitos." });
    for (const number of ["", "A/1", "com espaço", "-1", "x".repeat(61)])
      expect(errors({ ...VALID, number }), number).toHaveProperty("number");
    for (const competence of ["2026-13", "2026-1", "11/2026"])
      expect(errors({ ...VALID, competence }), competence).toHaveProperty("competence");
    expect(errors({ ...VALID, issuedOn: "2026-02-30" })).toHaveProperty("issuedOn");
    expect(errors({ ...VALID, dueOn: "2026-10-31" })).toEqual({
      dueOn: "O vencimento não pode ser anterior à data de emissão.",
    });
    expect(Object.keys(errors({}) ?? {}).sort()).toEqual(
      ["amountCentavos", "cnpj", "competence", "dueOn", "issuedOn", "lines", "number"].sort(),
    );
  });
});

describe("a status change", () => {
  it("is paid with a day, or cancelled", () => {
    expect(invoiceStatusChangeSchema.parse({ status: "paid", paidOn: "2026-11-09" })).toEqual({
      status: "paid",
      paidOn: "2026-11-09",
    });
    expect(invoiceStatusChangeSchema.parse({ status: "cancelled" })).toEqual({ status: "cancelled" });
    const refused = (value: unknown) => {
      const parsed = invoiceStatusChangeSchema.safeParse(value);
      return parsed.success ? null : fieldErrorsOf(parsed.error);
    };
    expect(refused({ status: "paid" })).toHaveProperty("paidOn");
    expect(refused({ status: "paid", paidOn: "09/11/2026" })).toHaveProperty("paidOn");
    expect(refused({ status: "open" })).toHaveProperty("status");
  });
});

describe("reais typed by staff, into centavos without floating point", () => {
  it.each([
    ["1.234,56", 123456],
    ["R$ 1.234,56", 123456],
    ["1234,5", 123450],
    ["1234", 123400],
    ["0,10", 10],
    ["0,07", 7],
    ["21.474.836,47", MAX_INVOICE_CENTAVOS],
  ])("%s is %i centavos", (text, centavos) => {
    expect(parseReais(text)).toBe(centavos);
  });
  it.each(["", "1,234", "12.34", "1.23,00", "abc", "1,2,3", "-5"])("%s is not an amount", (text) => {
    expect(parseReais(text)).toBeNull();
  });
});
