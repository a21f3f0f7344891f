import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type FormDefinition, formDefinitionSchema } from "./definition.ts";
import { answerRows, displayAnswer, GROUP_TITLES, groupedAnswers, inferGroup } from "./summary.ts";

function shipped(key: string): FormDefinition {
  return formDefinitionSchema.parse(
    JSON.parse(readFileSync(new URL(`../../content/data/form-${key}.json`, import.meta.url), "utf8")),
  );
}

/** A definition whose fields come in the reverse of the summary's group order. */
function definition(): FormDefinition {
  return formDefinitionSchema.parse({
    id: "teste",
    slug: "teste",
    type: "lead_capture_qualified",
    title: "Teste",
    actions: {
      cold: { priority: "low", hours: 72, nurture: true },
      warm: { priority: "medium", hours: 24, nurture: true },
      hot: { priority: "high", hours: 4, nurture: false },
    },
    integrations: {
      jira: { enabled: true, projectKey: "FDVW" },
      webhooks: { slack: false, teams: false, backup: true },
    },
    steps: [
      {
        id: "um",
        title: "Um",
        type: "lead_capture",
        fields: [
          { name: "observacoes", type: "textarea", label: "Observações" },
          {
            name: "melhorHorario",
            type: "select",
            label: "Melhor horário",
            options: [
              { value: "manha", label: "Manhã" },
              { value: "tarde", label: "Tarde" },
            ],
          },
          {
            name: "segmento",
            type: "checkbox",
            label: "Segmento",
            options: [
              { value: "industria", label: "Indústria" },
              { value: "comercio", label: "Comércio" },
              { value: "servicos", label: "Serviços" },
            ],
          },
          { name: "nomeEmpresa", type: "text", label: "Empresa" },
          { name: "emailContato", type: "email", label: "E-mail" },
          { name: "nomeResponsavel", type: "text", label: "Nome" },
          { name: "apelido", type: "text", label: "Apelido", group: "contato" },
        ],
      },
    ],
    success: { title: "Ok", description: "Ok" },
    privacy: { text: "Texto", linkText: "Política", linkUrl: "/politicas", purpose: "Teste", version: "1" },
  });
}

describe("a CNPJ in the summary and the ticket", () => {
  it("is shown formatted, stored normalised or as typed", () => {
    const demo = shipped("demo");
    expect(displayAnswer(demo, "cnpjEmpresa", "12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(displayAnswer(demo, "cnpjEmpresa", "12.abc.345/01de-35")).toBe("12.ABC.345/01DE-35");
    expect(displayAnswer(demo, "cnpjEmpresa", "11222333000181")).toBe("11.222.333/0001-81");
  });
});

describe("B §2.6 success summary: grouped in a fixed order", () => {
  const form = definition();

  it("groups as Dados de Contato, Informações da Empresa, Preferências de Contato, Outros Dados", () => {
    const groups = groupedAnswers(form, {
      observacoes: "Ligar depois das 10h",
      melhorHorario: "manha",
      segmento: ["industria"],
      nomeEmpresa: "Agro Goiás Ltda",
      emailContato: "ana@agro.com.br",
      nomeResponsavel: "Ana Souza",
      apelido: "Aninha",
    });
    expect(groups).toEqual([
      {
        title: "Dados de Contato",
        rows: [
          ["E-mail", "ana@agro.com.br"],
          ["Nome", "Ana Souza"],
          ["Apelido", "Aninha"],
        ],
      },
      {
        title: "Informações da Empresa",
        rows: [
          ["Segmento", "Indústria"],
          ["Empresa", "Agro Goiás Ltda"],
        ],
      },
      { title: "Preferências de Contato", rows: [["Melhor horário", "Manhã"]] },
      { title: "Outros Dados", rows: [["Observações", "Ligar depois das 10h"]] },
    ]);
  });
  it("shows option labels, checkbox labels joined with ', '", () => {
    const groups = groupedAnswers(form, { segmento: ["servicos", "industria"], melhorHorario: "tarde" });
    expect(groups).toEqual([
      { title: "Informações da Empresa", rows: [["Segmento", "Serviços, Indústria"]] },
      { title: "Preferências de Contato", rows: [["Melhor horário", "Tarde"]] },
    ]);
  });
  it("skips empty answers and groups left without rows", () => {
    const groups = groupedAnswers(form, {
      observacoes: "",
      segmento: [],
      nomeResponsavel: "Ana Souza",
    });
    expect(groups).toEqual([{ title: "Dados de Contato", rows: [["Nome", "Ana Souza"]] }]);
    expect(groupedAnswers(form, {})).toEqual([]);
  });
  it("ignores answers for fields the form does not have", () => {
    expect(groupedAnswers(form, { inventado: "x" })).toEqual([]);
  });
  it("the shipped demo form places its fields in the groups its content declares", () => {
    const demo = shipped("demo");
    const groups = groupedAnswers(demo, {
      nomeResponsavel: "Ana Souza",
      numeroFuncionarios: "media",
      melhorHorario: "flexivel",
      urgencia: "urgente",
    });
    expect(groups.map((g) => g.title)).toEqual([
      "Dados de Contato",
      "Informações da Empresa",
      "Preferências de Contato",
      "Outros Dados",
    ]);
    const numero = demo.steps.flatMap((s) => s.fields).find((f) => f.name === "numeroFuncionarios")!;
    const label = numero.options!.find((o) => o.value === "media")!.label;
    expect(groups[1]!.rows).toEqual([[numero.label, label]]);
  });
  it("group titles", () => {
    expect(GROUP_TITLES).toEqual({
      contato: "Dados de Contato",
      empresa: "Informações da Empresa",
      preferencias: "Preferências de Contato",
      outros: "Outros Dados",
    });
  });
});

describe("B §2.6 displayAnswer: as the visitor saw it", () => {
  const form = definition();
  it("a value without an option keeps the value; text fields show the text", () => {
    expect(displayAnswer(form, "melhorHorario", "noite")).toBe("noite");
    expect(displayAnswer(form, "nomeEmpresa", "Agro Goiás")).toBe("Agro Goiás");
    expect(displayAnswer(form, "desconhecido", ["a", "b"])).toBe("a, b");
  });
});

describe("B §3.5 inferGroup: group of a field the definition does not place", () => {
  const table: [string, string][] = [
    ["nome", "contato"],
    ["nomeResponsavel", "contato"],
    ["email", "contato"],
    ["emailContato", "contato"],
    ["telefone", "contato"],
    ["telefoneContato", "contato"],
    ["cargoResponsavel", "contato"],
    ["nomeEmpresa", "empresa"],
    ["cnpjEmpresa", "empresa"],
    ["segmento", "empresa"],
    ["numeroFuncionarios", "empresa"],
    ["sistemaAtual", "empresa"],
    ["tipoEmpresa", "empresa"],
    ["tempoMercado", "empresa"],
    ["tamanhoEquipe", "empresa"],
    ["areasEspecialidade", "empresa"],
    ["setoresExperiencia", "empresa"],
    ["melhorHorario", "preferencias"],
    ["urgencia", "preferencias"],
    ["assunto", "preferencias"],
    ["modeloParceria", "preferencias"],
    ["modulosInteresse", "empresa"],
    ["observacoes", "outros"],
    ["mensagem", "outros"],
    ["principalDesafio", "outros"],
    ["nomeCompleto", "outros"],
  ];
  for (const [name, group] of table) {
    it(`${name} → ${group}`, () => {
      expect(inferGroup(name)).toBe(group);
    });
  }
});

describe("answerRows: the admin's lead page lists answers by label, not stored key (decision 116)", () => {
  it("in the form's order, options by name, a CNPJ formatted, empty ones left out, unknown keys last", () => {
    const demo = shipped("demo");
    const rows = answerRows(demo, {
      antigo: "campo de uma versão anterior",
      cnpjEmpresa: "11222333000181",
      nomeResponsavel: "Maria Oliveira",
      telefoneContato: "",
      vazio: " ",
    });
    const labelOf = (name: string) =>
      demo.steps.flatMap((step) => step.fields).find((field) => field.name === name)!.label;
    expect(rows).toEqual([
      [labelOf("nomeResponsavel"), "Maria Oliveira"],
      [labelOf("cnpjEmpresa"), "11.222.333/0001-81"],
      ["antigo", "campo de uma versão anterior"],
    ]);
  });

  it("without the form's definition, every answer under its stored name", () => {
    expect(answerRows(null, { nome: "Ana", areas: ["fiscal", "estoque"] })).toEqual([
      ["nome", "Ana"],
      ["areas", "fiscal, estoque"],
    ]);
  });
});
