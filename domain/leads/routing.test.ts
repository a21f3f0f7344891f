import { describe, expect, it } from "vitest";
import {
  BRAZILIAN_STATES,
  type BrazilianState,
  candidates,
  EMPTY_ROUTING,
  fallbackOwner,
  type LeadFacts,
  leadFacts,
  matchingRule,
  ownerInTurn,
  type RoutingConfig,
  type RoutingRule,
  routingConfigSchema,
  ruleMatches,
  type SalesOwner,
  salesOwnerSchema,
  stateFromPhone,
} from "./routing.ts";

/** Who answers a lead (decision 105): routing rules, round robin, fallback owner. */

const ana: SalesOwner = { id: "ana", name: "Ana Souza", accountId: "712020:ana-0001" };
const bruno: SalesOwner = { id: "bruno", name: "Bruno Lima", accountId: "712020:bruno-0002" };
const carla: SalesOwner = { id: "carla", name: "Carla Dias", accountId: "5b10ac8d82e05b22cc7d4ef5" };

const rule = (overrides: Partial<RoutingRule> = {}): RoutingRule => ({
  id: "regra",
  name: "Regra",
  forms: [],
  segments: [],
  temperatures: [],
  states: [],
  owners: [],
  ...overrides,
});

const lead = (overrides: Partial<LeadFacts> = {}): LeadFacts => ({
  form: "demo",
  segments: [],
  level: "warm",
  state: "SP",
  ...overrides,
});

describe("stateFromPhone: the state of the area code (DDD)", () => {
  it.each<[string, BrazilianState | null, string]>([
    ["(11) 98765-4321", "SP", "mobile, masked"],
    ["+55 71 3333-4444", "BA", "landline with the country code"],
    ["+55 (11) 98765-4321", "SP", "mobile with the country code"],
    ["5511987654321", "SP", "digits only, country code"],
    ["11987654321", "SP", "digits only"],
    ["1133334444", "SP", "landline, digits only"],
    ["(21) 2222-3333", "RJ", "Rio landline"],
    ["011 98765-4321", "SP", "with the long-distance 0"],
    ["0 21 2222-3333", "RJ", "with the long-distance 0, spaced"],
    ["(55) 99999-8888", "RS", "DDD 55 (Santa Maria) without the country code"],
    ["+55 55 99999-8888", "RS", "DDD 55 with the country code"],
    ["+55 55 3333-4444", "RS", "DDD 55 landline with the country code"],
    ["(61) 3333-4444", "DF", "Brasília"],
    ["(99) 98888-7777", "MA", "the last DDD"],
    ["tel: (48) 9 8888-7777", "SC", "with words and spaces"],
  ])("%j → %s (%s)", (phone, state) => {
    expect(stateFromPhone(phone)).toBe(state);
  });

  it.each<[string, string]>([
    ["0800 123 4567", "toll-free 0800"],
    ["0800-722-7777", "toll-free 0800, dashed"],
    ["0300 123 4567", "0300"],
    ["4004-0001", "capital numbers"],
    ["98765-4321", "no area code"],
    ["(11) 9876-543", "too short"],
    ["(11) 98765-43210", "too long"],
    ["+351 912 345 678", "a foreign number"],
    ["(20) 98765-4321", "DDD 20 does not exist"],
    ["(10) 98765-4321", "DDD 10 does not exist"],
    ["(23) 3333-4444", "DDD 23 does not exist"],
    ["(30) 3333-4444", "DDD 30 does not exist"],
    ["(50) 3333-4444", "DDD 50 does not exist"],
    ["(90) 3333-4444", "DDD 90 does not exist"],
    ["", "empty"],
    ["sem telefone", "no digits"],
  ])("%j → null (%s)", (phone) => {
    expect(stateFromPhone(phone)).toBeNull();
  });

  it.each([[null], [undefined], [11987654321], [{}], [["(11) 98765-4321"]]])(
    "%j → null (not a string)",
    (value) => {
      expect(stateFromPhone(value)).toBeNull();
    },
  );

  it.each<[number, BrazilianState]>([
    [68, "AC"],
    [82, "AL"],
    [92, "AM"],
    [97, "AM"],
    [96, "AP"],
    [71, "BA"],
    [77, "BA"],
    [85, "CE"],
    [88, "CE"],
    [61, "DF"],
    [27, "ES"],
    [28, "ES"],
    [62, "GO"],
    [64, "GO"],
    [98, "MA"],
    [31, "MG"],
    [38, "MG"],
    [67, "MS"],
    [65, "MT"],
    [66, "MT"],
    [91, "PA"],
    [94, "PA"],
    [83, "PB"],
    [81, "PE"],
    [87, "PE"],
    [86, "PI"],
    [89, "PI"],
    [41, "PR"],
    [46, "PR"],
    [21, "RJ"],
    [24, "RJ"],
    [84, "RN"],
    [69, "RO"],
    [95, "RR"],
    [51, "RS"],
    [54, "RS"],
    [47, "SC"],
    [49, "SC"],
    [79, "SE"],
    [11, "SP"],
    [19, "SP"],
    [63, "TO"],
  ])("DDD %i → %s", (ddd, state) => {
    expect(stateFromPhone(`(${ddd}) 98888-7777`)).toBe(state);
  });

  it("knows the 67 area codes Anatel assigns, and every state has one", () => {
    const states = new Map<number, BrazilianState | null>();
    for (let ddd = 10; ddd <= 99; ddd++) states.set(ddd, stateFromPhone(`(${ddd}) 98888-7777`));
    const known = [...states].filter(([, state]) => state !== null);
    expect(known).toHaveLength(67);
    expect(new Set(known.map(([, state]) => state))).toEqual(new Set(BRAZILIAN_STATES));
    for (const ddd of [
      20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56, 57, 58, 59, 60, 70, 72, 76, 78, 80, 90,
    ])
      expect(states.get(ddd), `DDD ${ddd}`).toBeNull();
  });
});

describe("ruleMatches: every condition holds (an empty one holds for any lead)", () => {
  it.each<[string, Partial<RoutingRule>, Partial<LeadFacts>, boolean]>([
    ["no conditions", {}, {}, true],
    ["no conditions, unknown state", {}, { state: null }, true],
    ["form listed", { forms: ["demo", "trial"] }, { form: "trial" }, true],
    ["form not listed", { forms: ["demo"] }, { form: "contato" }, false],
    ["segment: the site segment", { segments: ["agronegocio"] }, { segments: ["agronegocio"] }, true],
    ["segment: an answered one", { segments: ["saude"] }, { segments: ["agronegocio", "saude"] }, true],
    ["segment: any of the rule's", { segments: ["industria", "saude"] }, { segments: ["saude"] }, true],
    ["segment: none in common", { segments: ["saude"] }, { segments: ["agronegocio"] }, false],
    ["segment: the lead has none", { segments: ["saude"] }, { segments: [] }, false],
    ["segment: no condition takes a lead without segments", {}, { segments: [] }, true],
    ["temperature listed", { temperatures: ["hot"] }, { level: "hot" }, true],
    ["temperature not listed", { temperatures: ["hot"] }, { level: "warm" }, false],
    ["temperatures, several", { temperatures: ["warm", "hot"] }, { level: "warm" }, true],
    ["state listed", { states: ["SP", "RJ"] }, { state: "RJ" }, true],
    ["state not listed", { states: ["SP"] }, { state: "BA" }, false],
    ["state unknown, states asked", { states: ["SP"] }, { state: null }, false],
    [
      "all conditions hold",
      { forms: ["demo"], segments: ["saude"], temperatures: ["hot"], states: ["MG"] },
      { form: "demo", segments: ["saude"], level: "hot", state: "MG" },
      true,
    ],
    [
      "all but one hold",
      { forms: ["demo"], segments: ["saude"], temperatures: ["hot"], states: ["MG"] },
      { form: "demo", segments: ["saude"], level: "hot", state: "SP" },
      false,
    ],
  ])("%s → %s", (_why, conditions, facts, matches) => {
    expect(ruleMatches(rule(conditions), lead(facts))).toBe(matches);
  });
});

describe("matchingRule: the first rule that matches wins", () => {
  const hot = rule({ id: "quentes", name: "Quentes", temperatures: ["hot"], owners: ["ana"] });
  const sp = rule({ id: "sp", name: "São Paulo", states: ["SP"], owners: ["bruno"] });
  const rest = rule({ id: "resto", name: "Resto", owners: ["carla"] });
  const config: RoutingConfig = { owners: [ana, bruno, carla], rules: [hot, sp, rest], fallbackOwner: null };

  it.each<[string, Partial<LeadFacts>, string | null]>([
    ["hot from SP: the first rule, though the second matches too", { level: "hot", state: "SP" }, "quentes"],
    ["warm from SP: the second", { level: "warm", state: "SP" }, "sp"],
    ["warm from BA: the catch-all", { level: "warm", state: "BA" }, "resto"],
  ])("%s", (_why, facts, id) => {
    expect(matchingRule(config, lead(facts))?.id ?? null).toBe(id);
  });

  it("follows the order of the list", () => {
    const reversed = { ...config, rules: [rest, sp, hot] };
    expect(matchingRule(reversed, lead({ level: "hot", state: "SP" }))?.id).toBe("resto");
  });

  it("is null when no rule matches, or there are none", () => {
    expect(matchingRule({ ...config, rules: [hot, sp] }, lead({ level: "cold", state: "BA" }))).toBeNull();
    expect(matchingRule(EMPTY_ROUTING, lead())).toBeNull();
  });
});

describe("candidates: the rule's owners, else the fallback owner", () => {
  const base: RoutingConfig = {
    owners: [ana, bruno, carla],
    rules: [
      rule({ id: "quentes", temperatures: ["hot"], owners: ["ana", "bruno"] }),
      rule({ id: "sem-dono", temperatures: ["warm"], owners: [] }),
      rule({ id: "saiu", temperatures: ["cold"], states: ["SP"], owners: ["ex-vendedor"] }),
    ],
    fallbackOwner: "carla",
  };

  it("gives the matching rule's owners, in the rule's order", () => {
    expect(candidates(base, lead({ level: "hot" }))).toEqual({ rule: base.rules[0], owners: [ana, bruno] });
  });

  it("drops owners who are no longer in the team", () => {
    const config = { ...base, rules: [rule({ id: "r", owners: ["ex-vendedor", "bruno"] })] };
    expect(candidates(config, lead())).toEqual({ rule: config.rules[0], owners: [bruno] });
  });

  it.each<[string, Partial<LeadFacts>]>([
    ["the matching rule has no owners", { level: "warm" }],
    ["the matching rule's owners are all gone", { level: "cold", state: "SP" }],
    ["no rule matches", { level: "cold", state: "BA" }],
  ])("falls back when %s (rule null)", (_why, facts) => {
    expect(candidates(base, lead(facts))).toEqual({ rule: null, owners: [carla] });
  });

  it("does not try the next rule when the first match has no owners", () => {
    const config: RoutingConfig = {
      ...base,
      rules: [rule({ id: "vazia", owners: [] }), rule({ id: "cheia", owners: ["ana"] })],
    };
    expect(candidates(config, lead())).toEqual({ rule: null, owners: [carla] });
  });

  it("is empty without a fallback owner", () => {
    expect(candidates({ ...base, fallbackOwner: null }, lead({ level: "warm" }))).toEqual({
      rule: null,
      owners: [],
    });
    expect(candidates(EMPTY_ROUTING, lead())).toEqual({ rule: null, owners: [] });
  });

  it("is empty when the fallback owner left the team", () => {
    expect(candidates({ ...base, fallbackOwner: "ex-vendedor" }, lead({ level: "warm" }))).toEqual({
      rule: null,
      owners: [],
    });
  });
});

describe("ownerInTurn: round robin", () => {
  const owners = ["ana", "bruno", "carla"];

  it.each<[number, string]>([
    [0, "ana"],
    [1, "bruno"],
    [2, "carla"],
    [3, "ana"],
    [4, "bruno"],
    [299, "carla"],
    [-1, "carla"],
    [-2, "bruno"],
    [-3, "ana"],
    [-4, "carla"],
    [1.9, "bruno"],
    [-0.5, "ana"],
    [Number.MAX_SAFE_INTEGER, "bruno"],
  ])("turn %d → %s", (turn, owner) => {
    expect(ownerInTurn(owners, turn)).toBe(owner);
  });

  it("gives everyone a turn, one after another", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((turn) => ownerInTurn(owners, turn))).toEqual([
      "ana",
      "bruno",
      "carla",
      "ana",
      "bruno",
      "carla",
      "ana",
    ]);
  });

  it("always gives the only owner", () => {
    for (const turn of [0, 1, 7, -3]) expect(ownerInTurn(["ana"], turn)).toBe("ana");
  });

  it("is null without owners", () => {
    expect(ownerInTurn([], 0)).toBeNull();
    expect(ownerInTurn([], 5)).toBeNull();
  });
});

describe("fallbackOwner", () => {
  it.each<[string | null, SalesOwner | null]>([
    ["bruno", bruno],
    [null, null],
    ["ex-vendedor", null],
  ])("%s → %j", (id, owner) => {
    expect(fallbackOwner({ owners: [ana, bruno], rules: [], fallbackOwner: id })).toEqual(owner);
  });
});

describe("routingConfigSchema: what staff may save", () => {
  const valid: RoutingConfig = {
    owners: [ana, bruno, carla],
    rules: [
      rule({
        id: "quentes",
        name: "Quentes",
        forms: ["demo"],
        temperatures: ["hot"],
        owners: ["ana", "bruno"],
      }),
      rule({
        id: "agro-sul",
        name: "Agro Sul",
        segments: ["agronegocio"],
        states: ["PR", "SC", "RS"],
        owners: ["carla"],
      }),
    ],
    fallbackOwner: "ana",
  };

  const issues = (config: unknown) => {
    const result = routingConfigSchema.safeParse(config);
    return result.success
      ? []
      : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  };

  it("accepts a valid configuration, and the empty one", () => {
    expect(routingConfigSchema.parse(valid)).toEqual(valid);
    expect(routingConfigSchema.parse(EMPTY_ROUTING)).toEqual(EMPTY_ROUTING);
    expect(issues({ ...valid, fallbackOwner: null })).toEqual([]);
  });

  it("trims names and account ids", () => {
    const parsed = routingConfigSchema.parse({
      ...valid,
      owners: [{ id: "ana", name: "  Ana  ", accountId: " 712020:ana-0001 " }, bruno, carla],
    });
    expect(parsed.owners[0]).toEqual({ id: "ana", name: "Ana", accountId: "712020:ana-0001" });
  });

  it("refuses a repeated owner id", () => {
    const config = { ...valid, owners: [ana, bruno, carla, { ...carla, accountId: "712020:outra-conta" }] };
    expect(issues(config)).toEqual([{ path: ["owners", 3, "id"], message: "Responsável repetido." }]);
  });

  it("refuses a repeated Jira account", () => {
    const config = { ...valid, owners: [ana, bruno, { ...carla, accountId: ana.accountId }] };
    expect(issues(config)).toEqual([
      { path: ["owners", 2, "accountId"], message: "Esta conta do Jira já está na lista." },
    ]);
  });

  it("compares account ids after trimming", () => {
    const config = { ...valid, owners: [ana, bruno, { ...carla, accountId: ` ${ana.accountId} ` }] };
    expect(issues(config)).toEqual([
      { path: ["owners", 2, "accountId"], message: "Esta conta do Jira já está na lista." },
    ]);
  });

  it("refuses a repeated rule id", () => {
    const config = { ...valid, rules: [valid.rules[0], { ...valid.rules[1], id: "quentes" }] };
    expect(issues(config)).toEqual([{ path: ["rules", 1, "id"], message: "Regra repetida." }]);
  });

  it("refuses rules naming owners not in the team", () => {
    const config = { ...valid, rules: [valid.rules[0], { ...valid.rules[1], owners: ["carla", "daniel"] }] };
    expect(issues(config)).toEqual([
      { path: ["rules", 1, "owners", 1], message: "Este responsável não está na lista da equipe." },
    ]);
  });

  it("refuses a fallback owner not in the team", () => {
    expect(issues({ ...valid, fallbackOwner: "daniel" })).toEqual([
      { path: ["fallbackOwner"], message: "O responsável padrão não está na lista da equipe." },
    ]);
  });

  it("reports every cross-check problem at once", () => {
    const config = {
      owners: [ana, { ...ana }],
      rules: [rule({ id: "r", owners: ["x"] }), rule({ id: "r", owners: [] })],
      fallbackOwner: "y",
    };
    expect(issues(config).map((issue) => issue.path.join("."))).toEqual([
      "owners.1.id",
      "owners.1.accountId",
      "rules.0.owners.0",
      "rules.1.id",
      "fallbackOwner",
    ]);
  });

  it.each([
    ["abc", "too short"],
    ["712020:abc def", "a space inside"],
    ["712020:abc!", "a symbol"],
    ["", "empty"],
    ["   ", "blank"],
    ["a".repeat(129), "too long"],
    ["ana@empresa.com.br", "an e-mail, not an account id"],
  ])("refuses the account id %j (%s)", (accountId) => {
    expect(issues({ ...valid, owners: [ana, bruno, { ...carla, accountId }] })).toContainEqual({
      path: ["owners", 2, "accountId"],
      message: "Informe o ID da conta no Jira (como 712020:abc123...).",
    });
  });

  it.each([
    ["712020:3f2a1b4c-5d6e-7f80-9a0b-1c2d3e4f5a6b"],
    ["5b10ac8d82e05b22cc7d4ef5"],
    ["abc123"],
    ["a".repeat(128)],
  ])("accepts the account id %j", (accountId) => {
    expect(salesOwnerSchema.safeParse({ id: "x", name: "X", accountId }).success).toBe(true);
  });

  it.each([
    [{ ...ana, name: "  " }, ["owners", 0, "name"], "Informe o nome do responsável."],
    [{ ...ana, name: "A".repeat(121) }, ["owners", 0, "name"], "Nome muito longo."],
    [{ ...ana, id: "Ana" }, ["owners", 0, "id"], "Identificador inválido."],
    [{ ...ana, id: "ana souza" }, ["owners", 0, "id"], "Identificador inválido."],
    [{ ...ana, id: "" }, ["owners", 0, "id"], "Identificador inválido."],
    [{ ...ana, id: "a".repeat(41) }, ["owners", 0, "id"], "Identificador inválido."],
  ])("refuses the owner %j", (owner, path, message) => {
    expect(issues({ owners: [owner], rules: [], fallbackOwner: null })).toContainEqual({ path, message });
  });

  it.each([
    [{ name: " " }, "name", "Dê um nome à regra."],
    [{ name: "R".repeat(121) }, "name", "Nome muito longo."],
    [{ id: "Regra 1" }, "id", "Identificador inválido."],
  ])("refuses the rule %j with a Portuguese message", (overrides, field, message) => {
    expect(issues({ owners: [], rules: [rule(overrides)], fallbackOwner: null })).toContainEqual({
      path: ["rules", 0, field],
      message,
    });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ forms: ["blog"] }, "an unknown form"],
    [{ segments: ["Agronegócio"] }, "a segment that is not a slug"],
    [{ temperatures: ["fervendo"] }, "an unknown temperature"],
    [{ temperatures: ["hot", "hot", "hot", "hot"] }, "more than 3 temperatures"],
    [{ states: ["XX"] }, "an unknown state"],
    [{ states: ["sp"] }, "a lower-case state"],
    [{ owners: ["Ana"] }, "an owner id that is not an id"],
    [{ extra: true }, "an unknown key"],
  ])("refuses a rule with %j (%s)", (overrides) => {
    const config = { ...valid, rules: [{ ...valid.rules[0], ...overrides }] };
    expect(routingConfigSchema.safeParse(config).success).toBe(false);
  });

  it.each<[string, unknown]>([
    ["an unknown key", { ...valid, extra: 1 }],
    ["no fallbackOwner key", { owners: [], rules: [] }],
    ["an unknown owner key", { ...valid, owners: [{ ...ana, email: "ana@x.com" }, bruno, carla] }],
    [
      "over 100 owners",
      {
        owners: Array.from({ length: 101 }, (_, i) => ({ ...ana, id: `o${i}`, accountId: `acc-${i}00` })),
        rules: [],
        fallbackOwner: null,
      },
    ],
    ["null", null],
  ])("refuses a configuration with %s", (_why, config) => {
    expect(routingConfigSchema.safeParse(config).success).toBe(false);
  });
});

describe("leadFacts: what routing reads of a stored lead", () => {
  it.each<[string, Parameters<typeof leadFacts>[0], LeadFacts]>([
    [
      "site segment first, then the answered ones; state from telefoneContato",
      {
        formId: "demo",
        level: "hot",
        answers: {
          segmento: ["saude", "industria"],
          telefoneContato: "(31) 98888-7777",
          telefone: "(11) 3333-4444",
        },
        context: { segment: "agronegocio" },
      },
      { form: "demo", segments: ["agronegocio", "saude", "industria"], level: "hot", state: "MG" },
    ],
    [
      "one answered segment as text; state from telefone",
      {
        formId: "contato",
        level: "cold",
        answers: { segmento: "saude", telefone: "+55 71 3333-4444" },
        context: {},
      },
      { form: "contato", segments: ["saude"], level: "cold", state: "BA" },
    ],
    [
      "main site (segment null), nothing answered",
      { formId: "trial", level: "warm", answers: {}, context: { segment: null } },
      { form: "trial", segments: [], level: "warm", state: null },
    ],
    [
      "empty and non-text segments dropped",
      {
        formId: "demo",
        level: "warm",
        answers: { segmento: ["", 3, null, "saude"] },
        context: { segment: "" },
      },
      { form: "demo", segments: ["saude"], level: "warm", state: null },
    ],
    [
      "a segment answer that is neither text nor a list",
      {
        formId: "demo",
        level: "warm",
        answers: { segmento: 7, telefone: "0800 123 4567" },
        context: { segment: 5 },
      },
      { form: "demo", segments: [], level: "warm", state: null },
    ],
  ])("%s", (_why, stored, facts) => {
    expect(leadFacts(stored)).toEqual(facts);
  });

  it("routes a lead from a segment subdomain by that segment", () => {
    const config: RoutingConfig = {
      owners: [ana, bruno],
      rules: [rule({ id: "agro", segments: ["agronegocio"], owners: ["ana"] })],
      fallbackOwner: "bruno",
    };
    const facts = leadFacts({
      formId: "demo",
      level: "warm",
      answers: {},
      context: { segment: "agronegocio" },
    });
    expect(candidates(config, facts).owners).toEqual([ana]);
    const other = leadFacts({
      formId: "demo",
      level: "warm",
      answers: { segmento: "agronegocio" },
      context: {},
    });
    expect(candidates(config, other).owners).toEqual([ana]);
    const none = leadFacts({ formId: "demo", level: "warm", answers: {}, context: { segment: "saude" } });
    expect(candidates(config, none).owners).toEqual([bruno]);
  });
});
