/**
 * Sales outcomes of a lead (decision 105): what its Jira issue's status means for marketing.
 * Staff map status names to outcomes in the admin; a status nobody mapped is read from its name
 * and its category (decision 105). Plain functions: the server stores the outcome, the inbox filters by it.
 */
export const OUTCOMES = ["open", "working", "qualified", "won", "lost"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_LABELS: Record<Outcome, string> = {
  open: "Aberto",
  working: "Em atendimento",
  qualified: "Qualificado",
  won: "Ganho",
  lost: "Perdido",
};

/** Jira's status categories, as a ticket's status carries them. */
export const JIRA_STATUS_CATEGORIES = ["new", "indeterminate", "done"] as const;
export type JiraStatusCategory = (typeof JIRA_STATUS_CATEGORIES)[number];
/** A lead's Jira status category as last heard; "deleted" when its issue was deleted. */
export const STATUS_CATEGORIES = [...JIRA_STATUS_CATEGORIES, "deleted"] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

/** Status name (compared without case or accents) → outcome, as staff set it. */
export type OutcomeMapping = Record<string, Outcome>;

/** How a status name is compared: "Em Negociação " and "em negociacao" are one. */
export function statusKey(name: string): string {
  return name
    .replace(/[\u2018\u2019`´]/g, "'")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");
}

/** Names that say a lead was lost (or never was one): checked before the others. */
const LOST_WORDS =
  /\b(perdid|lost|descartad|cancel|recusad|rejeitad|rejected|declined|won't|wont do|nao qualificad|desqualificad|disqualified|unqualified|not qualified|sem interesse|duplicad|duplicate|invalid)/;
const WON_WORDS = /\b(ganh|won\b|fechad|closed won|vendid|contratad|convertid)/;
/** "Qualificado", "Qualified", but not a qualification still going on ("Em qualificação"). */
const QUALIFIED_WORDS = /\bqualifi(ed|cad[oa])\b/;

/**
 * The outcome of a status when staff did not map its name: a done status is lost when its name
 * says so and won otherwise; "Qualified" (the transition the product applies, B §4.4) is
 * qualified; the rest follows the category (to do → open, in progress → working). A deleted issue
 * has no outcome.
 */
export function defaultOutcome(name: string, category: StatusCategory): Outcome | null {
  if (category === "deleted") return null;
  const key = statusKey(name);
  if (category === "done") return LOST_WORDS.test(key) ? "lost" : "won";
  if (LOST_WORDS.test(key)) return "lost";
  if (WON_WORDS.test(key)) return "won";
  if (QUALIFIED_WORDS.test(key)) return "qualified";
  return category === "indeterminate" ? "working" : "open";
}

/** The outcome of a lead whose issue is in status `name` of `category`, staff's mapping first. */
export function outcomeOf(
  name: string | null,
  category: StatusCategory | null,
  mapping: OutcomeMapping,
): Outcome | null {
  if (!category) return null;
  if (category === "deleted") return null;
  if (name) {
    const key = statusKey(name);
    // Own keys only: a status named "constructor" is not Object's.
    if (Object.hasOwn(mapping, key)) return mapping[key]!;
  }
  return defaultOutcome(name ?? "", category);
}

/** Outcomes in which nobody has answered the lead yet: past its deadline it is overdue. */
const WAITING: readonly (Outcome | null)[] = [null, "open"];

/** Whether a lead is past its response deadline and still waits for an answer. */
export function isOverdue(respondBy: Date | null, outcome: Outcome | null, now: Date): boolean {
  return respondBy !== null && respondBy.getTime() < now.getTime() && WAITING.includes(outcome);
}
