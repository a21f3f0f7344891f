import { describe, expect, it } from "vitest";
import { maskCnpj } from "../cnpj.ts";
import { applyMask, maskChatPhone, maskPhone } from "./masks.ts";

describe("B §5.2 CNPJ mask 00.000.000/0000-00 (max 18 characters)", () => {
  it("formats progressively while typing", () => {
    const digits = "12345678000195";
    const expected = [
      "1",
      "12",
      "12.3",
      "12.34",
      "12.345",
      "12.345.6",
      "12.345.67",
      "12.345.678",
      "12.345.678/0",
      "12.345.678/00",
      "12.345.678/000",
      "12.345.678/0001",
      "12.345.678/0001-9",
      "12.345.678/0001-95",
    ];
    for (let n = 1; n <= 14; n++) expect(maskCnpj(digits.slice(0, n))).toBe(expected[n - 1]);
  });
  it("drops digits past the fourteenth and never exceeds 18 characters", () => {
    expect(maskCnpj("123456780001959999")).toBe("12.345.678/0001-95");
    expect(maskCnpj("123456780001959999")).toHaveLength(18);
  });
  it("ignores punctuation and spaces, so an already-masked value is stable", () => {
    expect(maskCnpj("12.345.678/0001-95")).toBe("12.345.678/0001-95");
    expect(maskCnpj("12.ABC.345/01DE-35")).toBe("12.ABC.345/01DE-35");
    expect(maskCnpj("12 345-678")).toBe("12.345.678");
  });
  it("keeps letters, upper-cased, since the CNPJ became alphanumeric (July 2026; the old mask dropped them)", () => {
    expect(maskCnpj("ab12 345x678")).toBe("AB.123.45X/678");
    expect(maskCnpj("abc")).toBe("AB.C");
  });
  it("empty input gives empty output", () => {
    expect(maskCnpj("")).toBe("");
    expect(maskCnpj("./- ")).toBe("");
  });
});

describe("B §5.2 phone mask (00) 0000-0000 / (00) 00000-0000 (max 15 characters)", () => {
  it("10 digits: (XX) XXXX-XXXX", () => {
    expect(maskPhone("6233334000")).toBe("(62) 3333-4000");
  });
  it("11 digits: (XX) XXXXX-XXXX, 15 characters", () => {
    expect(maskPhone("62999990000")).toBe("(62) 99999-0000");
    expect(maskPhone("62999990000")).toHaveLength(15);
  });
  it("partial inputs while typing", () => {
    expect(maskPhone("")).toBe("");
    expect(maskPhone("6")).toBe("(6");
    expect(maskPhone("62")).toBe("(62");
    expect(maskPhone("623")).toBe("(62) 3");
    expect(maskPhone("623333")).toBe("(62) 3333");
    expect(maskPhone("6233334")).toBe("(62) 3333-4");
    expect(maskPhone("623333400")).toBe("(62) 3333-400");
  });
  it("ignores non-digits, so re-masking a masked value is stable", () => {
    expect(maskPhone("(62) 3333-4000")).toBe("(62) 3333-4000");
    expect(maskPhone("+ 62 a 99999 b 0000")).toBe("(62) 99999-0000");
  });
  it("drops digits past the eleventh", () => {
    expect(maskPhone("629999900001234")).toBe("(62) 99999-0000");
  });
});

describe("A §5 chat phone mask: national 14/15 characters, international +55 up to 19", () => {
  it("10 digits: (11) 9999-9999, 14 characters", () => {
    expect(maskChatPhone("1133334444")).toBe("(11) 3333-4444");
    expect(maskChatPhone("1133334444")).toHaveLength(14);
  });
  it("11 digits: (11) 99999-9999, 15 characters", () => {
    expect(maskChatPhone("11999998888")).toBe("(11) 99999-8888");
    expect(maskChatPhone("11999998888")).toHaveLength(15);
  });
  it("partial national numbers follow the phone mask", () => {
    expect(maskChatPhone("11")).toBe("(11");
    expect(maskChatPhone("119999")).toBe("(11) 9999");
  });
  it("13 digits with the country code: +55 (11) 99999-8888, 19 characters", () => {
    expect(maskChatPhone("5511999998888")).toBe("+55 (11) 99999-8888");
    expect(maskChatPhone("+55 (11) 99999-8888")).toBe("+55 (11) 99999-8888");
    expect(maskChatPhone("5511999998888")).toHaveLength(19);
  });
  it("12 digits with the country code (landline): +55 (11) 3333-4444", () => {
    // 55 + a 10-digit landline; the national part is not always 11 digits.
    expect(maskChatPhone("551133334444")).toBe("+55 (11) 3333-4444");
  });
  it("never exceeds 19 characters", () => {
    expect(maskChatPhone("123456789012345").length).toBeLessThanOrEqual(19);
    expect(maskChatPhone("123456789012345").startsWith("+")).toBe(true);
    for (let n = 0; n <= 30; n++) expect(maskChatPhone("9".repeat(n)).length).toBeLessThanOrEqual(19);
  });
});

describe("A §5 chat phone mask keeps every digit up to 15 (the popup accepts 8 to 15, decision 038)", () => {
  const digits = "123456789012345678";

  it("keeps all the digits typed, one at a time, up to the fifteenth", () => {
    let value = "";
    for (let n = 1; n <= 15; n++) {
      // The field holds the previous masked value plus the new key, as in the browser.
      value = maskChatPhone(value + digits[n - 1]);
      expect(value.replace(/\D/g, ""), value).toBe(digits.slice(0, n));
    }
  });

  it("14 digits: +CCC AA NNNNN-NNNN, 18 characters", () => {
    expect(maskChatPhone("35111999998888")).toBe("+351 11 99999-8888");
    expect(maskChatPhone("35111999998888")).toHaveLength(18);
  });

  it("15 digits: +CCCC AA NNNNN-NNNN, 19 characters", () => {
    expect(maskChatPhone("123411999998888")).toBe("+1234 11 99999-8888");
    expect(maskChatPhone("123411999998888")).toHaveLength(19);
  });

  it("re-masking a masked 14- or 15-digit number is stable", () => {
    expect(maskChatPhone("+351 11 99999-8888")).toBe("+351 11 99999-8888");
    expect(maskChatPhone("+1234 11 99999-8888")).toBe("+1234 11 99999-8888");
  });

  it("a 16th digit is kept, shown plainly, so the popup can say 'Telefone muito longo'", () => {
    expect(maskChatPhone("+1234 11 99999-88887")).toBe("+1234119999988887");
    expect(maskChatPhone("1234567890123456").replace(/\D/g, "")).toHaveLength(16);
  });

  it("past 15 digits keeps at most 18 (19 characters with the +)", () => {
    expect(maskChatPhone(digits)).toBe(`+${digits}`);
    expect(maskChatPhone(`${digits}999`)).toBe(`+${digits}`);
  });
});

describe("B §5.2 applyMask: the mask named in the field definition", () => {
  it("cnpj", () => {
    expect(applyMask("cnpj", "12345678000195")).toBe("12.345.678/0001-95");
  });
  it("phone", () => {
    expect(applyMask("phone", "62999990000")).toBe("(62) 99999-0000");
  });
  it("no mask keeps the value as typed", () => {
    expect(applyMask(undefined, "12345678000195 abc")).toBe("12345678000195 abc");
  });
});
