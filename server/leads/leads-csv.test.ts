import type { FormDefinition } from "@domain/forms/definition.ts";
import { describe, expect, it } from "vitest";
import { leadsCsv, spreadsheetDateTime } from "./leads-csv.ts";
import type { LeadRow } from "./repository.ts";

const trial = {
  id: "trial",
  steps: [
    {
      fields: [
        { name: "nomeResponsavel", type: "text", label: "Nome completo", validation: [] },
        { name: "email", type: "email", label: "E-mail corporativo", validation: [] },
        {
          name: "modulosInteresse",
          type: "checkbox",
          label: "Módulos de interesse",
          validation: [],
          options: [
            { value: "financeiro", label: "Financeiro" },
            { value: "estoque", label: "Estoque" },
          ],
        },
      ],
    },
  ],
} as unknown as FormDefinition;

const lead = (fields: Partial<LeadRow>): LeadRow =>
  ({
    protocol: "VRT-20261202-AN6MWJ",
    createdAt: new Date("2026-12-02T17:35:00Z"),
    formId: "trial",
    stage: "completed",
    level: "warm",
    score: 62,
    deliveryStatus: "simulated",
    trackerKey: null,
    ownerName: "Ana Souza",
    respondBy: new Date("2026-12-03T12:00:00Z"),
    outcome: "won",
    answers: {},
    consentPurpose: "Contato comercial",
    consentAt: new Date("2026-12-02T17:35:00Z"),
    consentWithdrawnAt: null,
    tracking: { utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "erp" } },
    ...fields,
  }) as LeadRow;

function parse(csv: string): string[][] {
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  return csv
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));
}

describe("the leads' CSV as a Brazilian spreadsheet opens it (decision 127)", () => {
  it("São Paulo's date and time, as a spreadsheet reads them", () => {
    expect(spreadsheetDateTime(new Date("2026-12-02T17:35:00Z"))).toBe("02/12/2026 14:35");
    expect(spreadsheetDateTime(null)).toBe("");
  });

  it("semicolons, words in Portuguese, one column per question by its label", () => {
    const [header, row] = parse(
      leadsCsv(
        [
          lead({
            answers: {
              nomeResponsavel: "Maria Oliveira",
              email: "maria@agro.com.br",
              modulosInteresse: ["financeiro", "estoque"],
            },
          }),
        ],
        new Map([["trial", trial]]),
      ),
    );
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(header!.slice(0, 11)).toEqual([
      "Protocolo",
      "Data",
      "Formulário",
      "Etapa",
      "Temperatura",
      "Pontuação",
      "Entrega",
      "Jira",
      "Responsável",
      "Responder até",
      "Resultado",
    ]);
    expect(cell("Data")).toBe("02/12/2026 14:35");
    expect(cell("Temperatura")).toBe("Morno");
    expect(cell("Entrega")).toBe("Guardado no site");
    expect(cell("Etapa")).toBe("Completo");
    expect(cell("Resultado")).toBe("Ganho");
    expect(cell("Responder até")).toBe("03/12/2026 09:00");
    expect(cell("Nome completo")).toBe("Maria Oliveira");
    expect(cell("E-mail corporativo")).toBe("maria@agro.com.br");
    expect(cell("Módulos de interesse")).toBe("Financeiro, Estoque");
    expect(cell("Primeira origem: fonte")).toBe("google");
    expect(cell("Última origem: meio")).toBe("cpc");
    expect(row).toHaveLength(header!.length);
    expect(header).not.toContain("respostas");
  });

  it("a visitor's formula is shown as text", () => {
    const [header, row] = parse(
      leadsCsv(
        [lead({ answers: { nomeResponsavel: '=HYPERLINK("http://x")', email: "a@b.co" } })],
        new Map([["trial", trial]]),
      ),
    );
    expect(row![header!.indexOf("Nome completo")]).toBe(`"'=HYPERLINK(""http://x"")"`);
  });
});
