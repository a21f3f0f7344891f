import { createStaticPix, hasError, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { crc16, pixAmount, pixKeyKind, pixPayload, pixText, pixTxid } from "./pix.ts";

const RECEIVER = {
  key: "financeiro@vertice.com.br",
  merchantName: "Vértice Gestão",
  merchantCity: "Goiânia",
};

/** What pix-utils (a maintained parser of BR Codes) reads back from a payload, or its error. */
function readBack(payload: string) {
  const parsed = parsePix(payload);
  if (hasError(parsed) || parsed.type !== "STATIC")
    throw new Error(`pix-utils refused: ${JSON.stringify(parsed)}`);
  return parsed;
}

describe("the CRC16-CCITT of a BR Code", () => {
  it("gives the CRC of published examples", () => {
    // The Banco Central's example (Manual de Padrões para Iniciação do Pix): a random key, no amount.
    expect(
      crc16(
        "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304",
      ),
    ).toBe("1D3D");
    // pix-utils' README example: an e-mail key, an additional text and R$ 1,00.
    expect(
      crc16(
        "00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6009Sao Paulo62070503***6304",
      ),
    ).toBe("6069");
    // CRC-16/CCITT-FALSE's check value.
    expect(crc16("123456789")).toBe("29B1");
  });
});

describe("Pix copia e cola (decision 097)", () => {
  it("is a static BR Code pix-utils accepts, reading back key, amount, txid, name and city", () => {
    const payload = pixPayload({ ...RECEIVER, amountCentavos: 123456, txid: pixTxid("FAT-2026/0001") });
    const pix = readBack(payload);
    expect(pix.pixKey).toBe("financeiro@vertice.com.br");
    expect(pix.transactionAmount).toBe(1234.56);
    expect(pix.txid).toBe("FAT20260001");
    expect(pix.merchantName).toBe("VERTICE GESTAO");
    expect(pix.merchantCity).toBe("GOIANIA");
    expect(pix.merchantCategoryCode).toBe("0000");
    expect(pix.transactionCurrency).toBe("986");
    expect(pix.countryCode).toBe("BR");
    // The fields in the manual's order, with the amount's 2 decimals, and the CRC over "…6304".
    expect(payload).toBe(
      "00020126470014br.gov.bcb.pix0125financeiro@vertice.com.br52040000530398654071234.565802BR5914VERTICE GESTAO6007GOIANIA62150511FAT20260001" +
        `6304${crc16(`${payload.slice(0, -4)}`)}`,
    );
  });

  it("is the same payload pix-utils makes for the same charge", () => {
    const made = createStaticPix({
      merchantName: "VERTICE GESTAO",
      merchantCity: "GOIANIA",
      pixKey: "+5562999887766",
      transactionAmount: 99.9,
      txid: "FAT000123",
    });
    if (hasError(made)) throw new Error("pix-utils could not make the example");
    expect(
      pixPayload({
        key: "+5562999887766",
        merchantName: "Vértice Gestão",
        merchantCity: "Goiânia",
        amountCentavos: 9990,
        txid: "FAT000123",
      }),
    ).toBe(made.toBRCode());
  });

  it.each([
    ["a CPF", "12345678909"],
    ["a CNPJ", "11222333000181"],
    ["a phone", "+5562333340000"],
    ["a random key", "123e4567-e12b-12d1-a456-426655440000"],
    ["an e-mail", "pagamentos.clientes@vertice-sistemas.com.br"],
  ])("carries %s as the key", (_kind, key) => {
    expect(readBack(pixPayload({ ...RECEIVER, key, amountCentavos: 1, txid: "X1" })).pixKey).toBe(key);
  });

  it("writes amounts from centavos without floating point", () => {
    expect(pixAmount(1)).toBe("0.01");
    expect(pixAmount(10)).toBe("0.10");
    expect(pixAmount(100)).toBe("1.00");
    expect(pixAmount(123456)).toBe("1234.56");
    // 0.1 + 0.2 in reais would print 0.30000000000000004; centavos cannot.
    expect(pixAmount(10 + 20)).toBe("0.30");
    expect(pixAmount(99_999_999_99)).toBe("99999999.99");
    expect(() => pixAmount(0)).toThrow(RangeError);
    expect(() => pixAmount(12.5)).toThrow(RangeError);
    for (const centavos of [1, 7, 99, 100, 101, 1999, 250000, 31415926])
      expect(
        readBack(pixPayload({ ...RECEIVER, amountCentavos: centavos, txid: "A" })).transactionAmount,
      ).toBe(Number(pixAmount(centavos)));
  });

  it("limits and cleans the name (25), the city (15) and the txid (25 letters and digits)", () => {
    expect(pixText("Vértice Sistemas de Gestão Ltda.", 25)).toBe("VERTICE SISTEMAS DE GESTA");
    expect(pixText("São José dos Campos", 15)).toBe("SAO JOSE DOS CA");
    expect(pixText("  Açaí & Cia  ", 25)).toBe("ACAI CIA");
    expect(pixTxid("2026/000123")).toBe("2026000123");
    // Longer numbers keep their end, where the sequence is.
    expect(pixTxid("FATURA-ANUAL-2026-EMPRESA-0000123")).toBe("RAANUAL2026EMPRESA0000123");
    expect(pixTxid("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123")).toBe("FGHIJKLMNOPQRSTUVWXYZ0123");
    expect(pixTxid("---")).toBe("***");
    const pix = readBack(
      pixPayload({
        key: RECEIVER.key,
        merchantName: "Vértice Sistemas de Gestão Ltda.",
        merchantCity: "São José dos Campos",
        amountCentavos: 5000,
        txid: pixTxid("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123"),
      }),
    );
    expect(pix.merchantName).toBe("VERTICE SISTEMAS DE GESTA");
    expect(pix.merchantCity).toBe("SAO JOSE DOS CA");
    expect(pix.txid).toBe("FGHIJKLMNOPQRSTUVWXYZ0123");
  });

  it("tells the kinds of Pix key apart and refuses what is none", () => {
    expect(pixKeyKind("12345678909")).toBe("cpf");
    expect(pixKeyKind("11222333000181")).toBe("cnpj");
    expect(pixKeyKind("+5562999887766")).toBe("phone");
    expect(pixKeyKind("123E4567-E12B-12D1-A456-426655440000")).toBe("evp");
    expect(pixKeyKind("a@b.com")).toBe("email");
    // 11 digits are a CPF's shape: without its check digits they are no key (a typo in PIX_KEY).
    for (const bad of [
      "",
      "12.345.678/0001-90",
      "62999887766",
      "12345678900",
      "11222333000180",
      "nobody",
      "a@b",
      `${"x".repeat(70)}@b.com.br`,
    ])
      expect(pixKeyKind(bad), bad).toBeNull();
    expect(() => pixPayload({ ...RECEIVER, key: "nobody", amountCentavos: 1, txid: "A" })).toThrow(
      RangeError,
    );
  });
});
