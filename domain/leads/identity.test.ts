import { describe, expect, it } from "vitest";
import { companyRoot, contactKey, leadIdentity } from "./identity.ts";

/** Who a lead is (decision 105): one contact per e-mail, one company per CNPJ root. */
describe("contactKey: the normalised e-mail", () => {
  it.each([
    ["maria@empresa.com.br", "maria@empresa.com.br", "already normal"],
    ["  Maria@Empresa.COM.br ", "maria@empresa.com.br", "trimmed and lower-cased"],
    ["\tJOAO.SILVA+leads@Vertice.com\n", "joao.silva+leads@vertice.com", "tabs, newlines, tags kept"],
    ["josé@empresa.com.br", "josé@empresa.com.br", "accents kept"],
    ["jose\u0301@empresa.com.br", "josé@empresa.com.br", "decomposed accent composed (NFC)"],
    ["a@b.co", "a@b.co", "short"],
  ])("%j → %j (%s)", (email, key) => {
    expect(contactKey(email)).toBe(key);
  });

  it("gives one key to every spelling of one address", () => {
    const keys = ["Maria@Empresa.com.br", " maria@empresa.com.br", "MARIA@EMPRESA.COM.BR "].map(contactKey);
    expect(new Set(keys).size).toBe(1);
  });

  it.each([
    ["", "empty"],
    ["   ", "blank"],
    ["maria", "no @"],
    ["maria@empresa", "no dot in the domain"],
    ["@empresa.com.br", "no local part"],
    ["maria@", "no domain"],
    ["maria@.com", "nothing before the dot"],
    ["maria@empresa.", "nothing after the dot"],
    ["maria silva@empresa.com.br", "space inside"],
    ["maria@@empresa.com.br", "two @"],
    ["maria@empresa@outra.com", "@ in the domain"],
    [`${"a".repeat(243)}@empresa.com`, "255 characters, over the 254 limit"],
  ])("refuses %j (%s)", (email) => {
    expect(contactKey(email)).toBeNull();
  });

  it("accepts exactly 254 characters", () => {
    const email = `${"a".repeat(242)}@empresa.com`;
    expect(email).toHaveLength(254);
    expect(contactKey(email)).toBe(email);
  });

  it.each([[null], [undefined], [42], [{}], [["maria@empresa.com.br"]], [true]])(
    "refuses %j (not a string)",
    (value) => {
      expect(contactKey(value)).toBeNull();
    },
  );
});

describe("companyRoot: the CNPJ's first 8 characters", () => {
  it.each([
    ["12.ABC.345/01DE-35", "12ABC345", "alphanumeric, formatted"],
    ["12ABC34501DE35", "12ABC345", "alphanumeric, stored form"],
    ["12abc34501de35", "12ABC345", "lower case typed: upper-cased"],
    [" 12.abc.345/01de-35 ", "12ABC345", "spaces around"],
    ["11.222.333/0001-81", "11222333", "numeric, head office"],
    ["11.222.333/0002-62", "11222333", "numeric, a branch: same root"],
    ["11222333000181", "11222333", "numeric, digits only"],
    ["00.000.000/0001-91", "00000000", "leading zeros kept"],
    // Only the length is checked: the check digits are the form's business (cnpjProblem).
    ["11222333000100", "11222333", "wrong check digits still have a root"],
  ])("%j → %j (%s)", (cnpj, root) => {
    expect(companyRoot(cnpj)).toBe(root);
  });

  it("gives the head office and every branch one root", () => {
    expect(companyRoot("12.ABC.345/0001-35")).toBe(companyRoot("12ABC34501DE35"));
  });

  it.each([
    ["12.ABC.345/01DE-3", "13 characters"],
    ["1122233300018", "13 digits"],
    ["112223330001811", "15 digits"],
    ["11.222.333", "only the root"],
    ["", "empty"],
    ["   ", "blank"],
    ["--./", "punctuation only"],
  ])("refuses %j (%s)", (cnpj) => {
    expect(companyRoot(cnpj)).toBeNull();
  });

  it.each([[null], [undefined], [11222333000181], [{}], [["11222333000181"]]])(
    "refuses %j (not a string)",
    (value) => {
      expect(companyRoot(value)).toBeNull();
    },
  );
});

describe("leadIdentity: the keys of a lead's answers", () => {
  it.each<[Record<string, unknown>, ReturnType<typeof leadIdentity>, string]>([
    [
      { emailContato: " Ana@X.com.br ", cnpjEmpresa: "12.ABC.345/01DE-35" },
      { contactKey: "ana@x.com.br", companyRoot: "12ABC345" },
      "the contact fields",
    ],
    [
      { email: "ana@x.com.br", cnpj: "11222333000181" },
      { contactKey: "ana@x.com.br", companyRoot: "11222333" },
      "the short field names",
    ],
    [
      {
        emailContato: "contato@x.com.br",
        email: "outro@x.com.br",
        cnpjEmpresa: "11222333000181",
        cnpj: "12ABC34501DE35",
      },
      { contactKey: "contato@x.com.br", companyRoot: "11222333" },
      "emailContato and cnpjEmpresa first",
    ],
    [
      { emailContato: "   ", email: "ana@x.com.br", cnpjEmpresa: "", cnpj: "11222333000181" },
      { contactKey: "ana@x.com.br", companyRoot: "11222333" },
      "blank answers are skipped",
    ],
    [
      { emailContato: 42, email: "ana@x.com.br", cnpjEmpresa: ["x"], cnpj: "11222333000181" },
      { contactKey: "ana@x.com.br", companyRoot: "11222333" },
      "answers that are not text are skipped",
    ],
    [
      { emailContato: "not an e-mail", email: "ana@x.com.br", cnpjEmpresa: "123", cnpj: "11222333000181" },
      { contactKey: null, companyRoot: null },
      "the first answered field counts, even when it is not valid",
    ],
    [{}, { contactKey: null, companyRoot: null }, "nothing answered"],
    [
      { nome: "Ana", telefone: "(11) 98765-4321" },
      { contactKey: null, companyRoot: null },
      "other answers only",
    ],
  ])("%j → %j (%s)", (answers, identity) => {
    expect(leadIdentity(answers)).toEqual(identity);
  });
});
