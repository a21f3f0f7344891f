import { describe, expect, it } from "vitest";
import { OFFERED_LANGUAGES } from "./languages.ts";
import { refusalPart } from "./refusals/part.ts";
import { REFUSALS, type RefusalCode, refusalText, refusalWording } from "./refusals.ts";

const codes = Object.entries(REFUSALS).flatMap(([part, words]) =>
  Object.keys(words.pt).map((name) => `${part}.${name}` as RefusalCode),
);

/** Arguments for any wording: one placeholder per parameter. */
function placeholders(code: RefusalCode): string[] {
  const [part, name] = code.split(".") as [keyof typeof REFUSALS, string];
  const wording = (REFUSALS[part].pt as Record<string, unknown>)[name];
  return typeof wording === "function" ? Array.from({ length: wording.length }, (_, i) => `arg${i}`) : [];
}

const worded = (language: "pt" | "en", code: RefusalCode) =>
  refusalText({ code, args: placeholders(code) }, language);

/** The refusals whose words are the same in both languages: a schema's message, said as it is. */
const SAID_AS_GIVEN: RefusalCode[] = ["webhooks.invalidField"];
/** The refusals whose argument chooses the words (the role) or is a record (the fields and their messages). */
const ARGUMENTS_NOT_QUOTED: RefusalCode[] = ["members.cannotGive", "invoices.invalidFields"];

describe("the catalogue of refusals (decision 115)", () => {
  it("words every code in Portuguese and in English, as a sentence or a function of its arguments", () => {
    expect(codes.length).toBeGreaterThan(100);
    for (const words of Object.values(REFUSALS)) {
      expect(Object.keys(words.en).sort()).toEqual(Object.keys(words.pt).sort());
      for (const language of OFFERED_LANGUAGES)
        for (const wording of Object.values(words[language] as Record<string, unknown>))
          expect(["string", "function"]).toContain(typeof wording);
    }
    for (const code of codes)
      for (const language of OFFERED_LANGUAGES) expect(worded(language, code).trim(), code).not.toBe("");
  });

  it("says English in English: no code's English is its Portuguese", () => {
    const same = codes.filter((code) => worded("en", code) === worded("pt", code));
    expect(same).toEqual(SAID_AS_GIVEN);
  });

  it("keeps every argument in both languages", () => {
    for (const code of codes.filter((code) => !ARGUMENTS_NOT_QUOTED.includes(code))) {
      for (const arg of placeholders(code)) {
        expect(worded("pt", code), code).toContain(arg);
        expect(worded("en", code), code).toContain(arg);
      }
    }
  });

  it("renders the arguments into the Portuguese the services always said, and into English", () => {
    expect(refusalWording("pt", "members.alreadyMember", "ana@agrosul.com.br")).toBe(
      "ana@agrosul.com.br já faz parte da sua empresa.",
    );
    expect(refusalWording("en", "members.alreadyMember", "ana@agrosul.com.br")).toBe(
      "ana@agrosul.com.br is already part of your company.",
    );
    expect(refusalWording("en", "members.planLimit", "Essencial", 5)).toBe(
      "The Essencial plan allows up to 5 users, counting open invitations. Remove someone, cancel an invitation or change plans.",
    );
    expect(refusalWording("pt", "members.cannotGive", "owner")).toBe(
      "Somente um proprietário pode nomear outro proprietário.",
    );
    expect(refusalWording("en", "members.cannotGive", "admin")).toBe("You cannot give this role.");
    expect(refusalWording("pt", "auth.passwordTooShort", 8)).toBe(
      "A senha deve ter pelo menos 8 caracteres.",
    );
    expect(refusalWording("pt", "uploads.tooLarge")).toBe("A imagem passa do limite de 5 MB.");
    expect(refusalWording("pt", "webhooks.tooMany", 20)).toBe(
      "Há 20 endpoints: exclua um antes de criar outro.",
    );
    expect(refusalWording("en", "tickets.fileTooLarge", "nota.pdf", 10)).toBe(
      "The file nota.pdf is over the 10 MB limit.",
    );
    expect(refusalWording("pt", "workflow.moved", null, 3)).toBe(
      "A versão publicada mudou depois do agendamento (nenhuma → versão 3). Revise o rascunho e agende de novo.",
    );
    expect(
      refusalWording("pt", "invoices.invalidFields", {
        cnpj: "CNPJ inválido",
        "lines.0.amountCentavos": "Obrigatório",
      }),
    ).toBe("Dados inválidos: cnpj: CNPJ inválido lines.0.amountCentavos: Obrigatório");
  });

  it("says a refusal, by its code and arguments, in the page's language", () => {
    const refusal = { code: "tickets.fileType", args: ["nota.exe"] } as const;
    expect(refusalText(refusal, "en")).toBe(
      "The file nota.exe is not of an accepted type: send images, PDF, text, CSV, spreadsheets or documents.",
    );
    expect(refusalText(refusal, "pt")).toBe(
      "O arquivo nota.exe não é de um tipo aceito: envie imagens, PDF, textos, CSV, planilhas ou documentos.",
    );
    expect(refusalText({ code: "plans.openRequest", args: [] }, "en")).toBe(
      "There is already an open plan change request. Please wait for our team's answer before asking for another.",
    );
  });

  it("does not compile a part whose English misses a code, takes other arguments or has a code of its own", () => {
    const part = refusalPart({
      pt: { a: "a", b: (n: number) => `${n}` },
      en: { a: "A", b: (n: number) => `${n}` },
    });
    expect(part.en.b(2)).toBe("2");
    // @ts-expect-error: no English for b.
    refusalPart({ pt: { a: "a", b: "b" }, en: { a: "A" } });
    // @ts-expect-error: the English of b ignores its argument.
    refusalPart({ pt: { b: (n: number) => `${n}` }, en: { b: () => "B" } });
    // @ts-expect-error: the English of b takes a string.
    refusalPart({ pt: { b: (n: number) => `${n}` }, en: { b: (n: string) => n } });
    // @ts-expect-error: c has no Portuguese.
    refusalPart({ pt: { a: "a" }, en: { a: "A", c: "C" } });
  });
});
