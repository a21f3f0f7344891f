import type { OfferedLanguage } from "./locale.ts";
import { formatNumber } from "./number-format.ts";
import type { plansDataSchema } from "./plans-schema.ts";
import type { z } from "./zod.ts";

/**
 * The plans section (spec A §2, §3, §4, §8, §9): the content document "plans-data" and the pure
 * rules the page applies to it (prices, limits, the trial link). No React, no I/O: unit-tested.
 */

export { formatPrice } from "./number-format.ts";
export { isPlanId, PLAN_ID_MAX_LENGTH, PLAN_ID_PATTERN } from "./plan-id.ts";

export type PlansData = z.output<typeof plansDataSchema>;
export type Plan = PlansData["plans"][number];
export type PlanLimits = Plan["limits"];

/** The price a card shows per month (A §4): monthly_price, or annual_price divided by 12 when annual. */
export function shownPrice(plan: Pick<Plan, "monthly_price" | "annual_price">, annual: boolean): number {
  return annual ? plan.annual_price / 12 : plan.monthly_price;
}

/** Keys holding pictures (img_plan_icon, ...) are not limits (A §9). */
export function isImageKey(key: string): boolean {
  return key.includes("img_");
}

/** A text limit meaning "no limit": 'Ilimitado' in any case or gender, or 'Unlimited'. */
export function isUnlimited(value: string): boolean {
  return /^(ilimitad[oa]s?|unlimited)$/i.test(value.trim());
}

function capitalize(value: string): string {
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

/**
 * The limit lines of a card (A §9): a number reads 'Até N {label}' ("Up to N {label}"), the text
 * 'Ilimitado' reads '{Label} ilimitados' ("Unlimited {label}"), any other text shows as written
 * after its label; img_ keys are skipped. A key without a label in limits_labels shows the key
 * with spaces for underscores.
 *
 * Order: documents are stored as jsonb, which does not keep the order of object keys, so the
 * lines follow one rule for every card (the same limit sits on the same line across cards):
 * quantities (numbers, 'Ilimitado') before other texts, each in the order of limits_labels,
 * keys without a label last.
 */
export function limitLines(
  limits: PlanLimits,
  labels: Record<string, string>,
  language: OfferedLanguage = "pt",
): string[] {
  const order = Object.keys(labels);
  const position = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const isQuantity = (value: number | string) => typeof value === "number" || isUnlimited(value);
  const entries = Object.entries(limits)
    .filter(([key]) => !isImageKey(key))
    .sort(
      ([keyA, a], [keyB, b]) =>
        Number(!isQuantity(a)) - Number(!isQuantity(b)) || position(keyA) - position(keyB),
    );
  const lines: string[] = [];
  for (const [key, value] of entries) {
    const label = (Object.hasOwn(labels, key) ? labels[key]! : key.replace(/_/g, " ")).trim();
    if (typeof value === "number") {
      const amount = formatNumber(value, language);
      lines.push(language === "en" ? `Up to ${amount} ${label}` : `Até ${amount} ${label}`);
    } else if (isUnlimited(value)) {
      lines.push(language === "en" ? `Unlimited ${label}` : `${capitalize(label)} ilimitados`);
    } else {
      lines.push(`${capitalize(label)}: ${value.trim()}`);
    }
  }
  return lines;
}

/** The plan's picture (limits.img_plan_icon), when it has one. */
export function planIcon(plan: Pick<Plan, "limits">): string | null {
  const icon = plan.limits.img_plan_icon;
  return typeof icon === "string" && icon.trim() !== "" ? icon : null;
}

/**
 * Where a plan's card and button lead (A §2): the free trial with the plan id, and `?anual=1`
 * when annual billing is selected (the trial page reads that flag). A page under a language
 * prefix (/en/planos) keeps it: /en/teste-gratis/{planId}.
 */
export function trialLink(planId: string, annual: boolean, pathLanguage?: string | null): string {
  const prefix = pathLanguage ? `/${pathLanguage}` : "";
  return `${prefix}/teste-gratis/${encodeURIComponent(planId)}${annual ? "?anual=1" : ""}`;
}

/**
 * The plans load failure of A §8: 'Erro ao carregar os planos' plus the server's message when it
 * sent one, otherwise the generic sentence.
 */
export function plansLoadErrorMessage(
  serverMessage?: string | null,
  language: OfferedLanguage = "pt",
): string {
  const message = serverMessage?.trim();
  if (language === "en") {
    return message
      ? `Error loading the plans: ${message}`
      : "Error loading the plans. Please try again later.";
  }
  return message
    ? `Erro ao carregar os planos: ${message}`
    : "Erro ao carregar os planos. Por favor, tente novamente mais tarde.";
}

/** Interface words of the section that are not content (the content document carries the rest). */
const texts = {
  pt: {
    billingPeriod: "Período de cobrança",
    perMonth: "/mês",
    billedAnnually: (total: string) => `Total de ${total} cobrado anualmente`,
    limits: "Limites do plano",
    ctaPlan: (plan: string) => `, plano ${plan}`,
    pageTitle: "Planos e preços",
    pageDescription:
      "Compare os planos do ERP com CRM e IA, com preços mensais ou anuais, e comece um teste grátis de 30 dias.",
    section: "Planos",
  },
  en: {
    billingPeriod: "Billing period",
    perMonth: "/month",
    billedAnnually: (total: string) => `${total} billed annually`,
    limits: "Plan limits",
    ctaPlan: (plan: string) => `, ${plan} plan`,
    pageTitle: "Plans and pricing",
    pageDescription:
      "Compare the ERP, CRM and AI plans, with monthly or annual prices, and start a 30-day free trial.",
    section: "Plans",
  },
} as const satisfies Record<OfferedLanguage, unknown>;

export type PlansTexts = (typeof texts)["pt"];

export function plansTexts(language: OfferedLanguage): PlansTexts {
  return texts[language] as PlansTexts;
}
