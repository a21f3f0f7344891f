import { readFileSync } from "node:fs";
import { type FormDefinition, formDefinitionSchema } from "@domain/forms/definition.ts";
import { describe, expect, it } from "vitest";
import { captureStepIndex, sanitizeAnswers } from "./answers.ts";

function shipped(key: string): FormDefinition {
  return formDefinitionSchema.parse(
    JSON.parse(readFileSync(new URL(`../../content/data/form-${key}.json`, import.meta.url), "utf8")),
  );
}

const demo = shipped("demo");

describe("server-side answers: only what the form asks", () => {
  it("drops fields the form does not have and fills absent ones with empty values", () => {
    const answers = sanitizeAnswers(shipped("contato"), {
      nome: "Ana",
      email: "ana@x.com.br",
      isAdmin: "true",
      __proto__x: "y",
    });
    expect(answers).toEqual({ nome: "Ana", email: "ana@x.com.br", telefone: "", assunto: "", mensagem: "" });
  });
  it("stores a CNPJ normalised: 14 letters and digits, upper-cased, no punctuation", () => {
    expect(sanitizeAnswers(demo, { cnpjEmpresa: " 12.abc.345/01de-35 " }).cnpjEmpresa).toBe("12ABC34501DE35");
    expect(sanitizeAnswers(demo, { cnpjEmpresa: "11.222.333/0001-81" }).cnpjEmpresa).toBe("11222333000181");
  });
  it("keeps only option values that exist in a checkbox list, without repeats", () => {
    const answers = sanitizeAnswers(demo, {
      segmento: ["industria", "inventado", "industria", 7, "comercio"],
    });
    expect(answers.segmento).toEqual(["industria", "comercio"]);
  });
  it("B §5.3 keeps the LAST maxSelect checkbox values (the form drops the oldest)", () => {
    // demo segmento: maxSelect 3
    const answers = sanitizeAnswers(demo, {
      segmento: ["agronegocio", "industria", "distribuicao", "comercio", "servicos"],
    });
    expect(answers.segmento).toEqual(["distribuicao", "comercio", "servicos"]);
  });
  it("a checkbox sent as one string becomes a list; anything else an empty list", () => {
    expect(sanitizeAnswers(demo, { segmento: "industria" }).segmento).toEqual(["industria"]);
    expect(sanitizeAnswers(demo, { segmento: "" }).segmento).toEqual([]);
    expect(sanitizeAnswers(demo, { segmento: 3 }).segmento).toEqual([]);
    expect(sanitizeAnswers(demo, {}).segmento).toEqual([]);
  });
  it("a select keeps a known option value and turns an unknown one into ''", () => {
    expect(sanitizeAnswers(demo, { numeroFuncionarios: "media" }).numeroFuncionarios).toBe("media");
    expect(sanitizeAnswers(demo, { numeroFuncionarios: "gigante" }).numeroFuncionarios).toBe("");
    expect(sanitizeAnswers(demo, { numeroFuncionarios: ["media"] }).numeroFuncionarios).toBe("");
    expect(sanitizeAnswers(demo, { numeroFuncionarios: "De 50 a 99 funcionários" }).numeroFuncionarios).toBe(
      "",
    );
  });
  it("trims text and caps it at 5000 characters", () => {
    const answers = sanitizeAnswers(demo, {
      nomeResponsavel: "  Ana Souza \n",
      observacoes: `  ${"a".repeat(6000)}`,
    });
    expect(answers.nomeResponsavel).toBe("Ana Souza");
    expect(answers.observacoes).toBe("a".repeat(5000));
  });
  it("a text field sent as a list or a number becomes ''", () => {
    const answers = sanitizeAnswers(demo, { nomeResponsavel: ["Ana"], emailContato: 42 });
    expect(answers.nomeResponsavel).toBe("");
    expect(answers.emailContato).toBe("");
  });
  it("answers every field of every step", () => {
    const names = demo.steps.flatMap((s) => s.fields.map((f) => f.name));
    expect(Object.keys(sanitizeAnswers(demo, {}))).toEqual(names);
  });
});

describe("B §4.3 capture: the first lead_capture step", () => {
  it("the shipped forms capture at their first step", () => {
    for (const key of ["demo", "parceiros", "contato", "trial", "newsletter", "whatsapp"]) {
      expect(captureStepIndex(shipped(key)), key).toBe(0);
    }
  });
  it("the index of the first lead_capture step when it is not the first", () => {
    const steps = [
      { ...demo.steps[1]!, type: "qualification" as const },
      { ...demo.steps[0]!, type: "lead_capture" as const },
      { ...demo.steps[2]!, type: "lead_capture" as const },
    ];
    expect(captureStepIndex({ ...demo, steps })).toBe(1);
  });
  it("no lead_capture step: 0", () => {
    const steps = demo.steps.map((s) => ({ ...s, type: "qualification" as const }));
    expect(captureStepIndex({ ...demo, steps })).toBe(0);
  });
});
