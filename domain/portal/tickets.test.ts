import { describe, expect, it } from "vitest";
import {
  canReopen,
  canReply,
  canResolve,
  canSeeTicket,
  categoriesOf,
  extensionOf,
  findTransition,
  JIRA_TICKET_PRIORITY,
  looksLikeText,
  REOPEN_WINDOW_MS,
  safeFilename,
  staffMovesFrom,
  TICKET_STATUSES,
  TRANSITION_CATEGORY,
  ticketStatus,
} from "./tickets.ts";

describe("a ticket's status is Jira's status category, in Portuguese (decision 092)", () => {
  it.each([
    ["new", "aberto"],
    ["indeterminate", "em-atendimento"],
    ["done", "resolvido"],
  ] as const)("%s → %s", (category, status) => {
    expect(ticketStatus(category)).toBe(status);
    expect(categoriesOf(status)).toEqual([category]);
  });

  it("every status filter selects the categories that show as it", () => {
    for (const status of TICKET_STATUSES)
      for (const category of categoriesOf(status)) expect(ticketStatus(category)).toBe(status);
  });
});

describe("priorities map to Jira's names", () => {
  it("Baixa, Média, Alta, Urgente → Low, Medium, High, Highest", () => {
    expect(JIRA_TICKET_PRIORITY).toEqual({ baixa: "Low", media: "Medium", alta: "High", urgente: "Highest" });
  });
});

describe("resolve and reopen", () => {
  const resolvedAt = new Date("2026-11-20T12:00:00Z");
  it.each([
    ["an open ticket", { statusCategory: "new" as const, resolvedAt: null }, 0, false],
    ["resolved a moment ago", { statusCategory: "done" as const, resolvedAt }, 1, true],
    ["resolved exactly 7 days ago", { statusCategory: "done" as const, resolvedAt }, REOPEN_WINDOW_MS, true],
    [
      "resolved 7 days and a second ago",
      { statusCategory: "done" as const, resolvedAt },
      REOPEN_WINDOW_MS + 1000,
      false,
    ],
    ["done without a resolution time", { statusCategory: "done" as const, resolvedAt: null }, 0, false],
  ])("%s: reopen %s", (_, ticket, after, expected) => {
    expect(canReopen(ticket, new Date(resolvedAt.getTime() + after))).toBe(expected);
  });

  it("only a ticket not done can be resolved", () => {
    expect(canResolve({ statusCategory: "new" })).toBe(true);
    expect(canResolve({ statusCategory: "indeterminate" })).toBe(true);
    expect(canResolve({ statusCategory: "done" })).toBe(false);
  });

  it("only a ticket not done takes a reply", () => {
    expect(canReply({ statusCategory: "new" })).toBe(true);
    expect(canReply({ statusCategory: "indeterminate" })).toBe(true);
    expect(canReply({ statusCategory: "done" })).toBe(false);
  });

  const transitions = [
    { id: "11", name: "To Do", to: { name: "To Do" } },
    { id: "21", name: "Em andamento", to: { name: "In Progress" } },
    { id: "41", name: "Concluir", to: { name: "Concluído" } },
    { id: "51", name: "Reabrir", to: { name: "Aberto" } },
  ];
  it("finds transitions by name, in English or Portuguese, as B §4.4 does", () => {
    expect(findTransition(transitions, "resolve")?.id).toBe("41");
    expect(findTransition(transitions, "reopen")?.id).toBe("11");
    expect(findTransition([transitions[3]!], "reopen")?.id).toBe("51");
    expect(findTransition([{ id: "9", name: "Fechar", to: { name: "Closed" } }], "resolve")?.id).toBe("9");
    expect(findTransition([transitions[1]!], "resolve")).toBeUndefined();
  });
  it("finds staff's 'em atendimento' by name too (decision 130)", () => {
    expect(findTransition(transitions, "start")?.id).toBe("21");
    expect(
      findTransition([{ id: "31", name: "Start Progress", to: { name: "In Progress" } }], "start")?.id,
    ).toBe("31");
    expect(findTransition([transitions[2]!], "start")).toBeUndefined();
  });
  it("staff move a ticket only to a status it is not in", () => {
    expect(staffMovesFrom("aberto")).toEqual(["start", "resolve"]);
    expect(staffMovesFrom("em-atendimento")).toEqual(["resolve"]);
    expect(staffMovesFrom("resolvido")).toEqual(["reopen"]);
    for (const status of TICKET_STATUSES)
      for (const move of staffMovesFrom(status))
        expect(ticketStatus(TRANSITION_CATEGORY[move])).not.toBe(status);
  });
});

describe("who sees a ticket", () => {
  const ticket = { companyId: "c1", reporterId: "u1" };
  it.each([
    ["its reporter (member)", { id: "u1", companyId: "c1", role: "member" as const }, true],
    ["a colleague (member)", { id: "u2", companyId: "c1", role: "member" as const }, false],
    ["a colleague (finance)", { id: "u2", companyId: "c1", role: "finance" as const }, false],
    ["the company's admin", { id: "u3", companyId: "c1", role: "admin" as const }, true],
    ["the company's owner", { id: "u4", companyId: "c1", role: "owner" as const }, true],
    ["another company's owner", { id: "u5", companyId: "c2", role: "owner" as const }, false],
    ["a reporter id in another company", { id: "u1", companyId: "c2", role: "member" as const }, false],
  ])("%s: %s", (_, actor, expected) => {
    expect(canSeeTicket(actor, ticket)).toBe(expected);
  });
});

describe("attachment names and text", () => {
  it.each([
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\ana\\nota fiscal.pdf", "nota fiscal.pdf"],
    ['a"b<c>|d:e*f?.txt', "abcdef.txt"],
    ["relatório\u0000\u0007.csv", "relatório.csv"],
    ["", "anexo"],
    ["..", "anexo"],
  ])("%j → %j", (given, expected) => {
    expect(safeFilename(given)).toBe(expected);
  });

  it("reads extensions", () => {
    expect(extensionOf("Estoque.CSV")).toBe("csv");
    expect(extensionOf("sem-extensao")).toBe("");
  });

  it("text is UTF-8 without NUL bytes", () => {
    expect(looksLikeText(new TextEncoder().encode("açúcar;10\n"))).toBe(true);
    expect(looksLikeText(new Uint8Array([0x41, 0x00, 0x42]))).toBe(false);
    expect(looksLikeText(new Uint8Array([0xff, 0xfe, 0x41]))).toBe(false);
  });
});
