import { readFileSync } from "node:fs";
import {
  type Answers,
  type FormDefinition,
  type FormType,
  formDefinitionSchema,
} from "@domain/forms/definition.ts";
import Ajv, { type ValidateFunction } from "ajv-draft-04";
import { describe, expect, it } from "vitest";
import type { AdfDocument, AdfNode, AdfText } from "./adf.ts";
import type { IssueType } from "./jira-client.ts";
import {
  chooseIssueType,
  FALLBACK_ISSUE_TYPE,
  NURTURE_LABEL,
  type TicketLead,
  ticketDescription,
  ticketLabels,
  ticketSummary,
  toLabel,
} from "./ticket.ts";

function shipped(key: string): FormDefinition {
  return formDefinitionSchema.parse(
    JSON.parse(readFileSync(new URL(`../../content/data/form-${key}.json`, import.meta.url), "utf8")),
  );
}

const LEAD_ID = "3f2b9c1e-8a4d-4e6f-9b21-0c7d5e4a1b2c";

describe("B §9.3 labels", () => {
  it("demo: slug, temp-{level}, product tag, site tag, type with its first underscore dashed, seg-, urgencia-, porte-, lead-{id}", () => {
    const labels = ticketLabels(
      shipped("demo"),
      {
        nomeResponsavel: "Ana Souza",
        segmento: ["agronegocio", "industria"],
        urgencia: "urgente",
        numeroFuncionarios: "media",
      },
      "hot",
      LEAD_ID,
    );
    expect(labels).toEqual([
      "demo",
      "temp-hot",
      "vertice-erp",
      "site",
      "lead-capture_qualified",
      "seg-agronegocio",
      "seg-industria",
      "urgencia-urgente",
      "porte-media",
      `lead-${LEAD_ID}`,
    ]);
  });
  it("only the FIRST underscore of the type becomes a dash", () => {
    expect(ticketLabels(shipped("parceiros"), {}, "cold", LEAD_ID)).toContain("partner-lead");
    expect(ticketLabels(shipped("contato"), {}, "cold", LEAD_ID)).toContain("contact-message");
    expect(ticketLabels(shipped("newsletter"), {}, "warm", LEAD_ID)).toContain("newsletter-subscription");
    expect(ticketLabels(shipped("demo"), {}, "warm", LEAD_ID)).not.toContain("lead-capture-qualified");
  });
  it("a single-value segment (trial select) gives one seg- label; no answers, no seg-/urgencia-/porte-", () => {
    expect(ticketLabels(shipped("trial"), { segmento: "comercio" }, "warm", LEAD_ID)).toEqual([
      "trial",
      "temp-warm",
      "vertice-erp",
      "site",
      "trial-signup",
      "seg-comercio",
      "nutricao-automatica",
      `lead-${LEAD_ID}`,
    ]);
    const bare = ticketLabels(shipped("demo"), { segmento: [], urgencia: "" }, "cold", LEAD_ID);
    expect(bare.filter((l) => /^(seg|urgencia|porte)-/.test(l))).toEqual([]);
  });
  it("B §9.2 marks cold and warm demo, partner and trial leads for automatic nurture, never hot ones", () => {
    for (const form of ["demo", "parceiros", "trial"] as const) {
      expect(ticketLabels(shipped(form), {}, "cold", LEAD_ID), form).toContain(NURTURE_LABEL);
      expect(ticketLabels(shipped(form), {}, "warm", LEAD_ID), form).toContain(NURTURE_LABEL);
      expect(ticketLabels(shipped(form), {}, "hot", LEAD_ID), form).not.toContain(NURTURE_LABEL);
    }
    expect(ticketLabels(shipped("contato"), {}, "cold", LEAD_ID)).not.toContain(NURTURE_LABEL);
  });
  it("adds the form's own labels without duplicates (whatsapp: whatsapp, lead)", () => {
    expect(ticketLabels(shipped("whatsapp"), {}, "warm", LEAD_ID)).toEqual([
      "whatsapp",
      "temp-warm",
      "vertice-erp",
      "site",
      "lead",
      "whatsapp-chat",
      `lead-${LEAD_ID}`,
    ]);
  });
  it("removes duplicates from repeated answers", () => {
    const labels = ticketLabels(shipped("demo"), { segmento: ["industria", "industria"] }, "hot", LEAD_ID);
    expect(labels.filter((l) => l === "seg-industria")).toHaveLength(1);
  });
  it("labels never hold spaces or accents", () => {
    const form = shipped("demo");
    const withLabels: FormDefinition = {
      ...form,
      integrations: { ...form.integrations, jira: { ...form.integrations.jira, labels: ["Promoção"] } },
    };
    const labels = ticketLabels(
      withLabels,
      { urgencia: "Muito Urgente Já", segmento: ["Construção Civil"] },
      "hot",
      LEAD_ID,
    );
    expect(labels).toContain("promocao");
    expect(labels).toContain("urgencia-muito-urgente-ja");
    expect(labels).toContain("seg-construcao-civil");
    for (const label of labels) expect(label).toMatch(/^[a-z0-9_-]+$/);
  });
  it("toLabel: lower case, accents removed, other characters dashed, at most 100 characters", () => {
    expect(toLabel("Ação Rápida")).toBe("acao-rapida");
    expect(toLabel("  --Olá, Mundo!--  ")).toBe("ola-mundo");
    expect(toLabel("a_b-c")).toBe("a_b-c");
    expect(toLabel("x".repeat(150))).toBe("x".repeat(100));
  });
});

describe("B §9.3 summary prefix: 🔥 hot, 🌡️ warm, ❄️ cold", () => {
  const demo = shipped("demo");
  const answers = { nomeEmpresa: "Agro Goiás Ltda", nomeResponsavel: "Ana Souza" };

  it("prefix, form title, company and person", () => {
    expect(ticketSummary(demo, answers, "hot")).toBe(`🔥 ${demo.title}: Agro Goiás Ltda (Ana Souza)`);
    expect(ticketSummary(demo, answers, "warm")).toBe(`🌡️ ${demo.title}: Agro Goiás Ltda (Ana Souza)`);
    expect(ticketSummary(demo, answers, "cold")).toBe(`❄️ ${demo.title}: Agro Goiás Ltda (Ana Souza)`);
  });
  it("company only, or person only", () => {
    expect(ticketSummary(demo, { nomeEmpresa: "Agro Goiás Ltda" }, "hot")).toBe(
      `🔥 ${demo.title}: Agro Goiás Ltda`,
    );
    expect(ticketSummary(demo, { nomeResponsavel: "  Ana Souza " }, "hot")).toBe(
      `🔥 ${demo.title}: Ana Souza`,
    );
  });
  it("the person falls back from nomeResponsavel to nome, then to the e-mail", () => {
    const contato = shipped("contato");
    expect(ticketSummary(contato, { nome: "Bruno Lima", email: "bruno@x.com.br" }, "warm")).toBe(
      `🌡️ ${contato.title}: Bruno Lima`,
    );
    expect(ticketSummary(contato, { nome: "  ", email: "bruno@x.com.br" }, "warm")).toBe(
      `🌡️ ${contato.title}: bruno@x.com.br`,
    );
    expect(ticketSummary(shipped("newsletter"), { email: "leitor@x.com.br" }, "cold")).toBe(
      "❄️ Newsletter Vértice: leitor@x.com.br",
    );
    expect(ticketSummary(demo, { emailContato: "ana@agro.com.br" }, "cold")).toBe(
      `❄️ ${demo.title}: ana@agro.com.br`,
    );
  });
  it("nobody identified: 'Sem identificação'", () => {
    expect(ticketSummary(demo, {}, "cold")).toBe(`❄️ ${demo.title}: Sem identificação`);
  });
  it("is cut at 255 characters (Jira's limit), ending with '...'", () => {
    const summary = ticketSummary(demo, { nomeEmpresa: "E".repeat(400), nomeResponsavel: "Ana" }, "hot");
    expect(summary).toHaveLength(255);
    expect(summary.startsWith(`🔥 ${demo.title}: EEE`)).toBe(true);
    expect(summary.endsWith("E...")).toBe(true);
  });
  it("a chat from the partner map names the partner instead of the form's title (decision 129)", () => {
    const whatsapp = shipped("whatsapp");
    const partner = { id: 2, nome: "Campo Forte Consultoria Agro", cidade: "Rio Verde", estado: "GO" };
    expect(ticketSummary(whatsapp, { nomeResponsavel: "Ana Souza" }, "cold", partner)).toBe(
      "❄️ Contato com o parceiro Campo Forte Consultoria Agro (Rio Verde/GO): Ana Souza",
    );
    expect(ticketSummary(whatsapp, { nomeResponsavel: "Ana Souza" }, "cold", null)).toBe(
      `❄️ ${whatsapp.title}: Ana Souza`,
    );
  });
  it("a summary of exactly 255 characters is kept whole", () => {
    const head = `🔥 ${demo.title}: `;
    const summary = ticketSummary(demo, { nomeEmpresa: "E".repeat(255 - head.length) }, "hot");
    expect(summary).toHaveLength(255);
    expect(summary.endsWith("EEE")).toBe(true);
  });
});

const type = (id: string, name: string): IssueType => ({ id, name });
const TASK = type("1", "Task");
const STORY = type("2", "Story");
const SUBTASK = type("3", "Sub-task");
const TAREFA = type("4", "Tarefa");
const EPIC = type("5", "Epic");
const BUG = type("6", "Bug");
const SUPPORT = type("7", "Support");
const OTHER = type("8", "Improvement");

/** A form of the given type whose own issue type list is `own`. */
function formOf(formType: FormType, own: string[] = []): Pick<FormDefinition, "type" | "integrations"> {
  return {
    type: formType,
    integrations: {
      jira: { enabled: true, projectKey: "FDVW", issue_types: own, labels: [] },
      webhooks: { slack: false, teams: false, backup: false },
    },
  };
}

describe("B §9.3 issue type: the form's own names first, then the preference list of its type", () => {
  it("the form's own issue type wins over Task (shipped demo: 'Demo Lead')", () => {
    const demoLead = type("10005", "Demo Lead");
    expect(chooseIssueType([TASK, STORY, demoLead], shipped("demo"))).toEqual(demoLead);
    expect(chooseIssueType([TASK, type("9", "Partner Lead")], shipped("parceiros"))).toEqual(
      type("9", "Partner Lead"),
    );
    expect(chooseIssueType([TASK, type("9", "Trial Lead")], shipped("trial"))).toEqual(
      type("9", "Trial Lead"),
    );
  });
  it("names compare case-insensitively", () => {
    expect(chooseIssueType([type("9", "demo lead")], shipped("demo"))).toEqual(type("9", "demo lead"));
    expect(chooseIssueType([type("9", "TASK")], formOf("contact_message"))).toEqual(type("9", "TASK"));
  });
  it("the form's own type missing: falls through to the preference list", () => {
    expect(chooseIssueType([OTHER, STORY, TASK], shipped("demo"))).toEqual(TASK);
  });

  it("lead (demo, trial, chat): Task, Story, Sub-task, Tarefa", () => {
    for (const formType of ["lead_capture_qualified", "trial_signup", "whatsapp_chat"] as const) {
      const form = formOf(formType);
      expect(chooseIssueType([TAREFA, SUBTASK, STORY, TASK], form)).toEqual(TASK);
      expect(chooseIssueType([TAREFA, SUBTASK, STORY], form)).toEqual(STORY);
      expect(chooseIssueType([TAREFA, SUBTASK, EPIC], form)).toEqual(SUBTASK);
      expect(chooseIssueType([BUG, TAREFA, EPIC], form)).toEqual(TAREFA);
      expect(chooseIssueType([BUG, EPIC, SUPPORT], form)).toEqual(FALLBACK_ISSUE_TYPE);
    }
  });
  it("partner: Task, Story, Epic, Tarefa", () => {
    const form = formOf("partner_lead");
    expect(chooseIssueType([TAREFA, EPIC, STORY, TASK], form)).toEqual(TASK);
    expect(chooseIssueType([TAREFA, EPIC, STORY], form)).toEqual(STORY);
    expect(chooseIssueType([TAREFA, EPIC, SUBTASK], form)).toEqual(EPIC);
    expect(chooseIssueType([TAREFA, SUBTASK], form)).toEqual(TAREFA);
    expect(chooseIssueType([SUBTASK, BUG], form)).toEqual(FALLBACK_ISSUE_TYPE);
  });
  it("contact: Task, Bug, Support, Tarefa", () => {
    const form = formOf("contact_message");
    expect(chooseIssueType([TAREFA, SUPPORT, BUG, TASK], form)).toEqual(TASK);
    expect(chooseIssueType([TAREFA, SUPPORT, BUG, STORY], form)).toEqual(BUG);
    expect(chooseIssueType([TAREFA, SUPPORT, STORY], form)).toEqual(SUPPORT);
    expect(chooseIssueType([TAREFA, STORY, EPIC], form)).toEqual(TAREFA);
    expect(chooseIssueType([STORY, EPIC], form)).toEqual(FALLBACK_ISSUE_TYPE);
  });
  it("newsletter: Task, Story, Tarefa", () => {
    const form = formOf("newsletter_subscription");
    expect(chooseIssueType([TAREFA, STORY, TASK], form)).toEqual(TASK);
    expect(chooseIssueType([TAREFA, STORY, BUG], form)).toEqual(STORY);
    expect(chooseIssueType([TAREFA, EPIC], form)).toEqual(TAREFA);
    expect(chooseIssueType([EPIC, SUBTASK, BUG], form)).toEqual(FALLBACK_ISSUE_TYPE);
  });
  it("B §8.2 nothing matches, or no types could be read: Task with id 10001", () => {
    expect(FALLBACK_ISSUE_TYPE).toEqual({ id: "10001", name: "Task" });
    expect(chooseIssueType([], shipped("demo"))).toEqual({ id: "10001", name: "Task" });
    expect(chooseIssueType([OTHER], formOf("partner_lead"))).toEqual({ id: "10001", name: "Task" });
  });
});

// ---------------------------------------------------------------------------------------------------
// The description is validated with the official ADF schema, as the fake Jira does.

let validator: ValidateFunction | undefined;
function validateAdf(document: unknown): { valid: boolean; errors: unknown } {
  if (!validator) {
    const schemaUrl = new URL(
      "../../node_modules/@atlaskit/adf-schema/json-schema/v1/full.json",
      import.meta.url,
    );
    const schema = JSON.parse(readFileSync(schemaUrl, "utf8")) as object;
    validator = new Ajv({ strict: false, validateFormats: false }).compile(schema);
  }
  const valid = validator(document) as boolean;
  return { valid, errors: validator.errors };
}

function nodes(document: AdfDocument): (AdfNode | AdfText)[] {
  const all: (AdfNode | AdfText)[] = [];
  const walk = (node: AdfNode | AdfText) => {
    all.push(node);
    if ("content" in node) for (const child of node.content ?? []) walk(child);
  };
  for (const node of document.content) walk(node);
  return all;
}

/** Each block of the document as plain text, in order. */
function blocks(document: AdfDocument): string[] {
  const textOf = (node: AdfNode | AdfText): string =>
    node.type === "text" ? (node as AdfText).text : ((node as AdfNode).content ?? []).map(textOf).join("");
  return document.content.flatMap((node) =>
    node.type === "bulletList" ? (node.content ?? []).map((item) => `• ${textOf(item)}`) : [textOf(node)],
  );
}

function expectWellFormed(document: AdfDocument) {
  const result = validateAdf(document);
  expect(result.errors).toBeNull();
  expect(result.valid).toBe(true);
  for (const node of nodes(document)) {
    if (node.type === "text") expect((node as AdfText).text).not.toBe("");
    if (node.type === "bulletList") expect((node as AdfNode).content?.length ?? 0).toBeGreaterThan(0);
  }
}

function lead(overrides: Partial<TicketLead>): TicketLead {
  return {
    id: LEAD_ID,
    protocol: "VRT-20261122-7K3F9Q",
    stage: "completed",
    answers: {},
    score: 82,
    level: "hot",
    priority: "high",
    responseHours: 4,
    tracking: {},
    context: {},
    consentPurpose: "Contato comercial sobre o Vértice ERP.",
    consentTextVersion: "2026-11-01",
    consentAt: new Date("2026-11-22T13:00:00.000Z"),
    createdAt: new Date("2026-11-22T13:05:00.000Z"),
    ...overrides,
  };
}

describe("ticket description (B §7.1 POST /issue: a rich-text document) is valid ADF", () => {
  const demo = shipped("demo");
  const completed: Answers = {
    nomeResponsavel: "Ana Souza",
    emailContato: "ana@agro.com.br",
    telefoneContato: "(62) 99999-0000",
    nomeEmpresa: "Agro Goiás Ltda",
    cnpjEmpresa: "12.345.678/0001-95",
    segmento: ["agronegocio", "industria"],
    numeroFuncionarios: "media",
    sistemaAtual: ["planilhas"],
    principalDesafio: ["controle-financeiro", "gestao-estoque"],
    urgencia: "urgente",
    cargoResponsavel: "diretor",
    melhorHorario: "manha",
    observacoes: "Temos 3 filiais.",
  };

  it("a completed demo lead with every answer and the whole visit", () => {
    const document = ticketDescription(
      demo,
      lead({
        answers: completed,
        tracking: {
          page: "https://vertice.example/demo",
          referrer: "https://www.google.com/",
          clarityId: "abc123",
          userAgent: "Mozilla/5.0",
          utm: { utm_source: "google", utm_campaign: "erp-2026" },
        },
        context: { segment: "agronegocio", language: "pt", planId: "plano-pro", annual: true },
      }),
    );
    expectWellFormed(document);
    const text = blocks(document);
    expect(text[0]).toBe(`${demo.title} — formulário concluído`);
    expect(text[1]).toBe("Temperatura: Quente (82/100) · Prioridade: High · Responder em até 4 h úteis");
    expect(text).toContain("Dados de Contato");
    expect(text).toContain("• Nome completo: Ana Souza");
    expect(text).toContain("• Segmento de atuação: Agronegócio, Indústria");
    expect(text).toContain("• Número de funcionários: De 50 a 99 funcionários");
    expect(text).toContain("• Protocolo: VRT-20261122-7K3F9Q");
    expect(text).toContain("• Plano escolhido: plano-pro");
    expect(text).toContain("• Cobrança anual: sim");
    expect(text).toContain("• UTM: utm_source=google utm_campaign=erp-2026");
    expect(text).toContain("• Recebido em: 2026-11-22T13:05:00.000Z");
    expect(text).toContain("• Finalidade: Contato comercial sobre o Vértice ERP.");
    expect(text).toContain("• Aceito em: 2026-11-22T13:00:00.000Z");
  });

  it("a captured lead with empty optional answers and no visit data: no empty text nodes, no empty lists", () => {
    const document = ticketDescription(
      demo,
      lead({
        stage: "captured",
        level: "cold",
        score: 0,
        priority: "low",
        responseHours: 72,
        answers: {
          nomeResponsavel: "Ana Souza",
          emailContato: "",
          segmento: [],
          observacoes: "",
          urgencia: "",
        },
      }),
    );
    expectWellFormed(document);
    const text = blocks(document);
    expect(text[0]).toBe(`${demo.title} — lead capturado`);
    expect(text[1]).toBe("Temperatura: Frio (0/100) · Prioridade: Low · Responder em até 72 h úteis");
    expect(text).not.toContain("Informações da Empresa");
    expect(text).not.toContain("Outros Dados");
    expect(text).toContain("• Referência: direct");
    expect(text.some((line) => line.startsWith("• Página"))).toBe(false);
    expect(text.some((line) => line.startsWith("• Cobrança anual"))).toBe(false);
    expect(text.some((line) => line.startsWith("• UTM"))).toBe(false);
  });

  it("B §3.3 a contact message without a phone says 'Não informado' for it", () => {
    const contact = shipped("contato");
    const phone = contact.steps.flatMap((s) => s.fields).find((f) => f.type === "tel")!;
    const text = blocks(
      ticketDescription(contact, lead({ answers: { nome: "Ana Souza", [phone.name]: "" } })),
    );
    expect(text).toContain(`• ${phone.label}: Não informado`);
  });

  it("a chat from the partner map says first whom the visitor asked for and on which WhatsApp (decision 129)", () => {
    const whatsapp = shipped("whatsapp");
    const answers = { nomeResponsavel: "Ana Souza", telefoneContato: "(11) 98765-4321" };
    const own = ticketDescription(
      whatsapp,
      lead({
        answers,
        context: {
          language: "pt",
          partner: {
            id: 2,
            nome: "Campo Forte Consultoria Agro",
            cidade: "Rio Verde",
            estado: "GO",
            whatsapp: "5564983746093",
          },
        },
      }),
    );
    expectWellFormed(own);
    expect(blocks(own)[1]).toBe(
      "Contato com o parceiro Campo Forte Consultoria Agro (Rio Verde/GO): a conversa abriu no WhatsApp do parceiro (5564983746093).",
    );
    const company = blocks(
      ticketDescription(
        whatsapp,
        lead({
          answers,
          context: { partner: { id: 32, nome: "Tocantins Gestão", cidade: "Palmas", estado: "TO" } },
        }),
      ),
    );
    expect(company[1]).toBe(
      "Contato com o parceiro Tocantins Gestão (Palmas/TO): a conversa abriu no WhatsApp da empresa: apresente o visitante ao parceiro.",
    );
    const plain = blocks(ticketDescription(whatsapp, lead({ answers })));
    expect(plain.some((line) => line.startsWith("Contato com o parceiro"))).toBe(false);
  });

  it("a lead with no answers at all is still valid", () => {
    expectWellFormed(ticketDescription(shipped("contato"), lead({ answers: {} })));
  });

  it("the ADF check itself refuses an empty text node and an empty list", () => {
    const emptyText = {
      type: "doc",
      version: 1,
      content: [{ type: "paragraph", content: [{ type: "text", text: "" }] }],
    };
    const emptyList = { type: "doc", version: 1, content: [{ type: "bulletList", content: [] }] };
    expect(validateAdf(emptyText).valid).toBe(false);
    expect(validateAdf(emptyList).valid).toBe(false);
  });
});
