import { describe, expect, it } from "vitest";
import {
  defaultOutcome,
  isOverdue,
  OUTCOME_LABELS,
  OUTCOMES,
  type Outcome,
  type OutcomeMapping,
  outcomeOf,
  type StatusCategory,
  statusKey,
} from "./outcomes.ts";

/** Sales outcomes of a lead from its Jira issue's status (decision 105). */
describe("statusKey: how status names are compared", () => {
  it.each([
    ["Em Negociação", "em negociacao"],
    ["em negociacao", "em negociacao"],
    ["  Em   Negociação \t", "em negociacao"],
    ["NÃO QUALIFICADO", "nao qualificado"],
    ["Ganho", "ganho"],
    ["Concluído", "concluido"],
    ["Em\nanálise", "em analise"],
    // Precomposed (NFC) and decomposed (NFD) accents are one name.
    ["Negocia\u00e7\u00e3o", "negociacao"],
    ["Negocia\u0063\u0327\u0061\u0303o", "negociacao"],
    ["", ""],
  ])("%j → %j", (name, key) => {
    expect(statusKey(name)).toBe(key);
  });

  it("makes the names staff type and the names Jira sends meet", () => {
    expect(statusKey("Em Negociação ")).toBe(statusKey("em negociacao"));
    expect(statusKey("PERDIDO")).toBe(statusKey("perdido"));
  });
});

describe("defaultOutcome: a status nobody mapped, from its name and category", () => {
  it.each<[string, StatusCategory, Outcome | null, string]>([
    // done: lost when the name says so, won otherwise
    ["Lost", "done", "lost", "English lost"],
    ["Closed Lost", "done", "lost", "CRM style"],
    ["Perdido", "done", "lost", "Portuguese"],
    ["Perdida", "done", "lost", "feminine"],
    ["Oportunidade perdida", "done", "lost", "word inside the name"],
    ["Descartado", "done", "lost", "discarded"],
    ["Descartada", "done", "lost", "discarded, feminine"],
    ["Cancelado", "done", "lost", "cancelled (pt)"],
    ["Recusado", "done", "lost", "refused"],
    ["Rejeitado", "done", "lost", "rejected (pt)"],
    ["Rejected", "done", "lost", "rejected"],
    ["Declined", "done", "lost", "declined"],
    ["Won't Do", "done", "lost", "Jira's default 'Won't Do'"],
    ["Wont do", "done", "lost", "without the apostrophe"],
    ["Não qualificado", "done", "lost", "not qualified (pt)"],
    ["Desqualificado", "done", "lost", "disqualified (pt)"],
    ["Disqualified", "done", "lost", "disqualified"],
    ["Fechado - perdido", "done", "lost", "a lost word beats a won word"],
    ["Done", "done", "won", "any other done status"],
    ["Concluído", "done", "won", "done (pt)"],
    ["Ganho", "done", "won", "won (pt)"],
    ["Closed Won", "done", "won", "CRM style"],
    ["Fechado", "done", "won", "closed (pt)"],
    ["Qualified", "done", "won", "the done category decides before the name's qualified"],
    ["", "done", "won", "nameless done status"],
    // not done: lost and won words first, then qualified, then the category
    ["Perdido", "indeterminate", "lost", "a lost name in progress"],
    ["Descartado", "new", "lost", "a lost name to do"],
    ["Não qualificado", "indeterminate", "lost", "lost, never qualified"],
    ["Nao qualificado", "new", "lost", "without the accent"],
    ["Desqualificado", "indeterminate", "lost", "disqualified (pt)"],
    ["Disqualified", "indeterminate", "lost", "disqualified"],
    ["Ganho", "indeterminate", "won", "a won name in progress"],
    ["Vendido", "indeterminate", "won", "sold"],
    ["Contratado", "new", "won", "hired"],
    ["Convertido", "indeterminate", "won", "converted"],
    ["Negócio fechado", "indeterminate", "won", "deal closed"],
    ["Won", "new", "won", "English"],
    ["Qualified", "indeterminate", "qualified", "the transition the product applies (B §4.4)"],
    ["qualified", "new", "qualified", "any case"],
    ["QUALIFICADO", "indeterminate", "qualified", "Portuguese, upper case"],
    ["Lead qualificado", "indeterminate", "qualified", "word inside the name"],
    ["Qualificada", "new", "qualified", "feminine"],
    ["To Do", "new", "open", "to do → open"],
    ["Aberto", "new", "open", "open (pt)"],
    ["", "new", "open", "nameless to-do status"],
    ["In Progress", "indeterminate", "working", "in progress → working"],
    ["Em Negociação", "indeterminate", "working", "negotiating (pt)"],
    ["Em atendimento", "indeterminate", "working", "being served (pt)"],
    ["", "indeterminate", "working", "nameless in-progress status"],
    // deleted: no outcome whatever the name
    ["Ganho", "deleted", null, "deleted won"],
    ["Perdido", "deleted", null, "deleted lost"],
    ["Qualified", "deleted", null, "deleted qualified"],
    ["", "deleted", null, "deleted nameless"],
  ])("%j (%s) → %s: %s", (name, category, outcome) => {
    expect(defaultOutcome(name, category)).toBe(outcome);
  });

  it.each(["Não qualificado", "não qualificado", "NAO QUALIFICADO", "Desqualificado", "Disqualified"])(
    "%j is never qualified, whatever the category",
    (name) => {
      for (const category of ["new", "indeterminate", "done"] as const)
        expect(defaultOutcome(name, category), category).not.toBe("qualified");
    },
  );

  it("reads stems at the start of a word only", () => {
    // "Unqualified" is never read as qualified (no word boundary before q): it says lost.
    expect(defaultOutcome("Unqualified", "indeterminate")).toBe("lost");
    expect(defaultOutcome("Reconvertido", "new")).toBe("open");
  });

  // Likely bugs in the default reading (staff can map these names by hand, but the defaults are
  // what an unmapped status gets):
  it("a done status named 'Cancelled' / 'Canceled' is lost, like 'Cancelado'", () => {
    // LOST_WORDS has the Portuguese stem 'cancelad' only: the English names fall to 'won'.
    expect(defaultOutcome("Cancelled", "done")).toBe("lost");
    expect(defaultOutcome("Canceled", "done")).toBe("lost");
  });

  it("a done status named 'Unqualified' or 'Not qualified' is lost, not won", () => {
    // The Portuguese negations are in LOST_WORDS ('nao qualificad', 'desqualificad') and so is
    // 'disqualified', but not 'unqualified' / 'not qualified': closed unqualified leads count as won.
    expect(defaultOutcome("Unqualified", "done")).toBe("lost");
    expect(defaultOutcome("Not qualified", "done")).toBe("lost");
  });

  it("'Not qualified' in progress is not qualified", () => {
    // Only 'nao qualif' / 'desqualif' / 'disqualif' are excluded from \bqualif.
    expect(defaultOutcome("Not qualified", "indeterminate")).not.toBe("qualified");
  });

  it("'Em qualificação' (being qualified) is work in progress, not qualified", () => {
    // \bqualif matches 'qualificacao', so a lead still under qualification counts as qualified.
    expect(defaultOutcome("Em qualificação", "indeterminate")).toBe("working");
  });
});

describe("outcomeOf: staff's mapping first, then the defaults", () => {
  const mapping: OutcomeMapping = {
    "em negociacao": "qualified",
    concluido: "lost",
    "to do": "working",
    perdido: "won",
  };

  it.each<[string | null, StatusCategory | null, Outcome | null, string]>([
    ["Em Negociação", "indeterminate", "qualified", "mapped, compared without case or accents"],
    ["  EM NEGOCIACAO ", "indeterminate", "qualified", "mapped, other spelling"],
    ["Concluído", "done", "lost", "the mapping overrides done → won"],
    ["To Do", "new", "working", "the mapping overrides new → open"],
    ["Perdido", "indeterminate", "won", "the mapping overrides the name's lost word"],
    ["In Progress", "indeterminate", "working", "unmapped: default"],
    ["Descartado", "done", "lost", "unmapped: default"],
    ["Done", "done", "won", "unmapped: default"],
    ["Qualified", "indeterminate", "qualified", "unmapped: default"],
    [null, "new", "open", "no name: the category"],
    [null, "indeterminate", "working", "no name: the category"],
    [null, "done", "won", "no name: the category"],
    ["Em Negociação", null, null, "no category: no outcome, even when mapped"],
    [null, null, null, "nothing known"],
    ["Em Negociação", "deleted", null, "deleted: no outcome, even when mapped"],
    ["Perdido", "deleted", null, "deleted"],
  ])("%j (%s) → %s: %s", (name, category, outcome) => {
    expect(outcomeOf(name, category, mapping)).toBe(outcome);
  });

  it("uses the defaults with an empty mapping", () => {
    expect(outcomeOf("Ganho", "done", {})).toBe("won");
    expect(outcomeOf("Perdido", "done", {})).toBe("lost");
    expect(outcomeOf("Backlog", "new", {})).toBe("open");
  });

  it("may map a status to any outcome", () => {
    for (const outcome of OUTCOMES) expect(outcomeOf("X", "done", { x: outcome })).toBe(outcome);
  });

  it("a status named like an Object.prototype property is not 'mapped'", () => {
    // mapping[statusKey(name)] reads inherited properties: a status 'Constructor' returns the
    // Object function as its outcome instead of the default.
    expect(outcomeOf("Constructor", "indeterminate", {})).toBe("working");
  });
});

describe("outcome labels", () => {
  it("has a Portuguese label for every outcome", () => {
    expect(Object.keys(OUTCOME_LABELS).sort()).toEqual([...OUTCOMES].sort());
    expect(OUTCOME_LABELS).toMatchObject({ open: "Aberto", won: "Ganho", lost: "Perdido" });
  });
});

describe("isOverdue: past the deadline and nobody has answered", () => {
  const now = new Date("2026-11-23T15:00:00Z");
  const before = new Date("2026-11-23T14:59:59Z");
  const after = new Date("2026-11-23T15:00:01Z");

  it.each<[Date | null, Outcome | null, boolean, string]>([
    [before, null, true, "past, no outcome yet"],
    [before, "open", true, "past, open"],
    [before, "working", false, "past, but someone is on it"],
    [before, "qualified", false, "past, qualified"],
    [before, "won", false, "past, won"],
    [before, "lost", false, "past, lost"],
    [after, null, false, "not yet due"],
    [after, "open", false, "not yet due, open"],
    [now, "open", false, "exactly at the deadline: not yet overdue"],
    [now, null, false, "exactly at the deadline, no outcome"],
    [null, null, false, "no deadline"],
    [null, "open", false, "no deadline, open"],
  ])("deadline %s, outcome %s → %s (%s)", (respondBy, outcome, overdue) => {
    expect(isOverdue(respondBy, outcome, now)).toBe(overdue);
  });

  it("a millisecond past the deadline is overdue", () => {
    expect(isOverdue(new Date(now.getTime() - 1), "open", now)).toBe(true);
  });
});
