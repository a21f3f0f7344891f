import { FORM_KEYS } from "../forms/form-keys.ts";
import { LEAD_LEVELS } from "../lead-status.ts";
import { z } from "../zod.ts";

/**
 * Who answers a lead (decision 105): routing rules staff edit in the admin. A rule names the
 * forms, segments, temperatures and states it takes (an empty list takes any); the first rule that
 * matches a lead wins and its owners take leads in turn (round robin, counted in the database so
 * instances share one rotation). No match, or a rule without owners: the fallback owner.
 * Owners are Jira accounts: an account id, with the name staff know them by.
 */

export type Level = (typeof LEAD_LEVELS)[number];

/** Brazil's 27 federative units. */
export const BRAZILIAN_STATES = [
  "AC",
  "AL",
  "AM",
  "AP",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MG",
  "MS",
  "MT",
  "PA",
  "PB",
  "PE",
  "PI",
  "PR",
  "RJ",
  "RN",
  "RO",
  "RR",
  "RS",
  "SC",
  "SE",
  "SP",
  "TO",
] as const;
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

/** Area codes (DDD) of each state, as Anatel assigns them. */
const AREA_CODES: Record<BrazilianState, number[]> = {
  SP: [11, 12, 13, 14, 15, 16, 17, 18, 19],
  RJ: [21, 22, 24],
  ES: [27, 28],
  MG: [31, 32, 33, 34, 35, 37, 38],
  PR: [41, 42, 43, 44, 45, 46],
  SC: [47, 48, 49],
  RS: [51, 53, 54, 55],
  DF: [61],
  GO: [62, 64],
  TO: [63],
  MT: [65, 66],
  MS: [67],
  AC: [68],
  RO: [69],
  BA: [71, 73, 74, 75, 77],
  SE: [79],
  PE: [81, 87],
  AL: [82],
  PB: [83],
  RN: [84],
  CE: [85, 88],
  PI: [86, 89],
  PA: [91, 93, 94],
  AM: [92, 97],
  RR: [95],
  AP: [96],
  MA: [98, 99],
};

const STATE_OF_AREA_CODE = new Map<number, BrazilianState>(
  Object.entries(AREA_CODES).flatMap(([state, codes]) =>
    codes.map((code) => [code, state as BrazilianState] as const),
  ),
);

/**
 * The state of a Brazilian phone number from its area code: "(11) 98765-4321" → "SP",
 * "+55 71 3333-4444" → "BA". The forms ask no address (B §3.4), so the phone is where a lead's
 * state is read (decision 105); null when the number has no known area code.
 */
export function stateFromPhone(phone: unknown): BrazilianState | null {
  if (typeof phone !== "string") return null;
  let digits = phone.replace(/\D/g, "");
  if (digits.length >= 12 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.startsWith("0")) digits = digits.replace(/^0+/, "");
  if (digits.length < 10 || digits.length > 11) return null;
  return STATE_OF_AREA_CODE.get(Number(digits.slice(0, 2))) ?? null;
}

/** A Jira Cloud account id: "712020:3f…", or the older 24-character hex form. */
const ACCOUNT_ID = /^[A-Za-z0-9:_-]{6,128}$/;
const ID = z.string().regex(/^[a-z0-9-]{1,40}$/, "Identificador inválido.");

export const salesOwnerSchema = z.strictObject({
  id: ID,
  name: z.string().trim().min(1, "Informe o nome do responsável.").max(120, "Nome muito longo."),
  accountId: z.string().trim().regex(ACCOUNT_ID, "Informe o ID da conta no Jira (como 712020:abc123...)."),
});
export type SalesOwner = z.infer<typeof salesOwnerSchema>;

export const routingRuleSchema = z.strictObject({
  id: ID,
  name: z.string().trim().min(1, "Dê um nome à regra.").max(120, "Nome muito longo."),
  forms: z.array(z.enum(FORM_KEYS)).max(FORM_KEYS.length),
  segments: z.array(z.string().regex(/^[a-z0-9-]{1,40}$/)).max(40),
  temperatures: z.array(z.enum(LEAD_LEVELS)).max(3),
  states: z.array(z.enum(BRAZILIAN_STATES)).max(27),
  owners: z.array(ID).max(50),
});
export type RoutingRule = z.infer<typeof routingRuleSchema>;

export const routingConfigSchema = z
  .strictObject({
    owners: z.array(salesOwnerSchema).max(100),
    rules: z.array(routingRuleSchema).max(100),
    fallbackOwner: ID.nullable(),
  })
  .superRefine((config, ctx) => {
    const ids = new Set<string>();
    const accounts = new Set<string>();
    config.owners.forEach((owner, i) => {
      if (ids.has(owner.id))
        ctx.addIssue({ code: "custom", path: ["owners", i, "id"], message: "Responsável repetido." });
      if (accounts.has(owner.accountId))
        ctx.addIssue({
          code: "custom",
          path: ["owners", i, "accountId"],
          message: "Esta conta do Jira já está na lista.",
        });
      ids.add(owner.id);
      accounts.add(owner.accountId);
    });
    const ruleIds = new Set<string>();
    config.rules.forEach((rule, i) => {
      if (ruleIds.has(rule.id))
        ctx.addIssue({ code: "custom", path: ["rules", i, "id"], message: "Regra repetida." });
      ruleIds.add(rule.id);
      rule.owners.forEach((owner, j) => {
        if (!ids.has(owner))
          ctx.addIssue({
            code: "custom",
            path: ["rules", i, "owners", j],
            message: "Este responsável não está na lista da equipe.",
          });
      });
    });
    if (config.fallbackOwner && !ids.has(config.fallbackOwner))
      ctx.addIssue({
        code: "custom",
        path: ["fallbackOwner"],
        message: "O responsável padrão não está na lista da equipe.",
      });
  });
export type RoutingConfig = z.infer<typeof routingConfigSchema>;

export const EMPTY_ROUTING: RoutingConfig = { owners: [], rules: [], fallbackOwner: null };

/** What routing reads of a lead. */
export interface LeadFacts {
  form: string;
  /** The site segment the visitor was on (subdomain), then the segments they answered. */
  segments: string[];
  level: Level;
  state: BrazilianState | null;
}

function takes<T>(wanted: readonly T[], value: T | null): boolean {
  return wanted.length === 0 || (value !== null && wanted.includes(value));
}

/** Whether every condition of the rule holds for the lead (an empty condition holds for any). */
export function ruleMatches(rule: RoutingRule, lead: LeadFacts): boolean {
  return (
    takes(rule.forms as readonly string[], lead.form) &&
    (rule.segments.length === 0 || lead.segments.some((s) => rule.segments.includes(s))) &&
    takes(rule.temperatures, lead.level) &&
    takes(rule.states, lead.state)
  );
}

/** The first rule that matches the lead, or null. */
export function matchingRule(config: RoutingConfig, lead: LeadFacts): RoutingRule | null {
  return config.rules.find((rule) => ruleMatches(rule, lead)) ?? null;
}

/**
 * Who may take a lead: the matching rule's owners (taken in turn) or, when no rule matches or its
 * owners are gone, the fallback owner alone (rule null). Empty when neither exists.
 */
export function candidates(
  config: RoutingConfig,
  lead: LeadFacts,
): { rule: RoutingRule | null; owners: SalesOwner[] } {
  const byId = new Map(config.owners.map((owner) => [owner.id, owner]));
  const rule = matchingRule(config, lead);
  const owners = (rule?.owners ?? []).map((id) => byId.get(id)).filter((o): o is SalesOwner => Boolean(o));
  if (rule && owners.length > 0) return { rule, owners };
  const fallback = config.fallbackOwner ? byId.get(config.fallbackOwner) : undefined;
  return { rule: null, owners: fallback ? [fallback] : [] };
}

/** The owner whose turn it is: `turn` counts the leads the rule gave out before this one. */
export function ownerInTurn<T>(owners: readonly T[], turn: number): T | null {
  if (owners.length === 0) return null;
  return owners[((Math.trunc(turn) % owners.length) + owners.length) % owners.length]!;
}

/** The fallback owner of the configuration, if any (when Jira refuses the chosen one). */
export function fallbackOwner(config: RoutingConfig): SalesOwner | null {
  return config.owners.find((owner) => owner.id === config.fallbackOwner) ?? null;
}

/** What routing reads of a stored lead: its form, site segment and answers, temperature and phone. */
export function leadFacts(lead: {
  formId: string;
  level: Level;
  answers: Record<string, unknown>;
  context: Record<string, unknown>;
}): LeadFacts {
  const answered = lead.answers.segmento;
  const segments = [
    ...(typeof lead.context.segment === "string" ? [lead.context.segment] : []),
    ...(Array.isArray(answered) ? answered : typeof answered === "string" ? [answered] : []),
  ].filter((s): s is string => typeof s === "string" && s.length > 0);
  return {
    form: lead.formId,
    segments,
    level: lead.level,
    state: stateFromPhone(lead.answers.telefoneContato ?? lead.answers.telefone),
  };
}
