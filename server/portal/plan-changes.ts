import { randomUUID } from "node:crypto";
import { saoPauloDay } from "@domain/billing/dates.ts";
import { reaisToCentavos } from "@domain/billing/money.ts";
import {
  type BillingCycle,
  currentCycle,
  isBillingCycle,
  monthlyEquivalent,
  type Proration,
  type ProrationBasis,
  prorate,
} from "@domain/billing/proration.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import type { Plan, PlansData } from "@domain/plans.ts";
import { can } from "@domain/portal/permissions.ts";
import { type PlanLimitRow, planLimitRows } from "@domain/portal/plan-limits.ts";
import type { PlanRequestStatus } from "@domain/portal/plan-texts.ts";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import type { PlanRequestQuote, PlanRequestWithdrawal } from "../db/json-types.ts";
import { auditLog, companies, deliveryJobs, planChangeRequests, users } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { MAX_JOB_ATTEMPTS } from "../platform/outbox/retry-policy.ts";
import { type CompanyRow, type CompanyService, isUuid } from "./companies.ts";
import type { PortalActor } from "./members.ts";
import { planDecisionMail } from "./plan-mail.ts";
import { languageOf } from "./ticket-mail.ts";

export type PlanRequestRow = typeof planChangeRequests.$inferSelect;

export interface PlanRequestView {
  id: string;
  status: PlanRequestStatus;
  fromPlanId: string | null;
  fromPlanName: string | null;
  fromCycle: BillingCycle;
  toPlanId: string;
  toPlanName: string;
  toCycle: BillingCycle;
  priceCentavos: number;
  monthlyCentavos: number;
  prorataCentavos: number;
  /** How the pro-rata was worked out (null for requests older than the quote's record). */
  basis: ProrationBasis | null;
  requesterName: string;
  requesterEmail: string;
  createdAt: string;
  /** The day it was asked (São Paulo): the day the change takes effect when applied. */
  requestedOn: string;
  effectiveOn: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionNote: string | null;
  trackerKey: string | null;
  trackerUrl: string | null;
}

export interface PlanView {
  plan: { id: string; name: string; description: string } | null;
  cycle: BillingCycle;
  priceCentavos: number | null;
  monthlyCentavos: number | null;
  /** The first day of the current cycle, and its renewal (null when the start is not known). */
  cycleStartedOn: string | null;
  renewsOn: string | null;
  limits: PlanLimitRow[];
  /** The open request, if any ('Solicitado'). */
  open: PlanRequestView | null;
  /** The latest decided request, if any. */
  last: PlanRequestView | null;
}

export interface PlanOption {
  id: string;
  name: string;
  description: string;
  popular: boolean;
  monthlyCentavos: number;
  annualCentavos: number;
  /** The annual price / 12 (A §9). */
  annualMonthlyCentavos: number;
}

export interface PlanQuote extends Proration {
  from: { planId: string; name: string; cycle: BillingCycle; priceCentavos: number } | null;
  to: { planId: string; name: string; cycle: BillingCycle };
}

export interface PlanChangeServiceOptions {
  db: Database;
  /** Where a customer's request is recorded (decision 072); staff's decisions are written beside theirs. */
  audit: AuditLog;
  companies: CompanyService;
  /** plans-data as a language reads it (names, descriptions, limit labels), matched by plan id. */
  plansIn?: (language: OfferedLanguage) => Promise<PlansData | null>;
  publicBaseUrl: string;
  /** Wakes the delivery worker after a write. */
  kick?: () => void;
  now?: () => Date;
}

/** A plan's price per cycle in centavos (plans-data holds reais with 2 decimals). */
export function planPrice(plan: Pick<Plan, "monthly_price" | "annual_price">, cycle: BillingCycle): number {
  return reaisToCentavos(cycle === "annual" ? plan.annual_price : plan.monthly_price);
}

/** The most a staff note may hold. */
export const DECISION_NOTE_MAX = 1000;

/**
 * The company's plan and its changes (decision 095): the plan page's view (price, cycle, renewal,
 * limits against use), a quote for another plan or cycle (domain/billing/proration.ts), the
 * request (owners and admins only; one open per company), stored with its delivery job to sales
 * (server/portal/plan-request-delivery.ts) in one transaction, and staff's decision, which changes
 * the company's plan from the day it was asked, writes the audit log and e-mails the owners.
 */
export class PlanChangeService {
  private readonly now: () => Date;

  constructor(private readonly options: PlanChangeServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  private today(): string {
    return saoPauloDay(this.now());
  }

  /** Names and words of the plans in `language`, falling back to the catalogue's (Portuguese). */
  private async words(language: OfferedLanguage) {
    const [catalogue, localized, portuguese] = await Promise.all([
      this.options.companies.plans(),
      this.options.plansIn?.(language).catch(() => null) ?? Promise.resolve(null),
      language === "pt" ? Promise.resolve(null) : (this.options.plansIn?.("pt").catch(() => null) ?? null),
    ]);
    const labels = { ...(portuguese?.limits_labels ?? {}), ...(localized?.limits_labels ?? {}) };
    const local = (id: string) => localized?.plans.find((plan) => plan.id === id);
    return {
      catalogue,
      labels,
      name: (id: string | null) => {
        if (!id) return null;
        return local(id)?.name ?? catalogue.find((plan) => plan.id === id)?.name ?? id;
      },
      description: (plan: Plan) => local(plan.id)?.description ?? plan.description,
      /** Numbers from the catalogue (what the product enforces), texts in the language. */
      limits: (plan: Plan): Plan["limits"] => {
        const translated = local(plan.id)?.limits ?? {};
        return Object.fromEntries(
          Object.entries(plan.limits).map(([key, value]) => [
            key,
            typeof value === "string" && typeof translated[key] === "string" ? translated[key] : value,
          ]),
        );
      },
    };
  }

  /** The plan page: the plan, its cycle, price and renewal, its limits against use, and its requests. */
  async view(company: CompanyRow, language: OfferedLanguage = "pt"): Promise<PlanView> {
    const [words, members, requests] = await Promise.all([
      this.words(language),
      this.options.companies.memberCount(company.id),
      this.requests(company.id, language, 10),
    ]);
    const plan = words.catalogue.find((p) => p.id === company.planId);
    const cycle = company.billingCycle;
    const price = plan ? planPrice(plan, cycle) : null;
    const range = company.cycleStartedOn ? currentCycle(company.cycleStartedOn, cycle, this.today()) : null;
    return {
      plan: plan ? { id: plan.id, name: words.name(plan.id)!, description: words.description(plan) } : null,
      cycle,
      priceCentavos: price,
      monthlyCentavos: price === null ? null : monthlyEquivalent(price, cycle),
      cycleStartedOn: range?.start ?? null,
      renewsOn: range?.renewsOn ?? null,
      limits: plan ? planLimitRows(words.limits(plan), words.labels, { usuarios: members }) : [],
      open: requests.find((r) => r.status === "requested") ?? null,
      last: requests.find((r) => r.status !== "requested") ?? null,
    };
  }

  /** Every plan a company may ask for, with both cycles' prices. */
  async choices(language: OfferedLanguage = "pt"): Promise<PlanOption[]> {
    const words = await this.words(language);
    return words.catalogue.map((plan) => {
      const annual = planPrice(plan, "annual");
      return {
        id: plan.id,
        name: words.name(plan.id)!,
        description: words.description(plan),
        popular: plan.popular,
        monthlyCentavos: planPrice(plan, "monthly"),
        annualCentavos: annual,
        annualMonthlyCentavos: monthlyEquivalent(annual, "annual"),
      };
    });
  }

  /**
   * What changing to `toPlanId` billed `toCycle` costs, as of today: refused for an unknown plan
   * or cycle, and for the plan and cycle the company is already on.
   */
  async quote(
    company: CompanyRow,
    toPlanId: string,
    toCycle: string,
    language: OfferedLanguage = "pt",
  ): Promise<PlanQuote> {
    const words = await this.words(language);
    if (!isBillingCycle(toCycle)) throw new DomainError("invalid", "plans.invalid");
    const target = words.catalogue.find((plan) => plan.id === toPlanId);
    if (!target) throw new DomainError("invalid", "plans.unknownPlan");
    const current = words.catalogue.find((plan) => plan.id === company.planId) ?? null;
    if (current && current.id === target.id && company.billingCycle === toCycle)
      throw new DomainError("invalid", "plans.samePlan");
    const currentPrice = current ? planPrice(current, company.billingCycle) : null;
    const proration = prorate({
      current: currentPrice === null ? null : { priceCentavos: currentPrice, cycle: company.billingCycle },
      cycleStartedOn: company.cycleStartedOn,
      today: this.today(),
      next: { priceCentavos: planPrice(target, toCycle), cycle: toCycle },
    });
    return {
      ...proration,
      from:
        current && currentPrice !== null
          ? {
              planId: current.id,
              name: words.name(current.id)!,
              cycle: company.billingCycle,
              priceCentavos: currentPrice,
            }
          : null,
      to: { planId: target.id, name: words.name(target.id)!, cycle: toCycle },
    };
  }

  /**
   * An owner's or admin's request for another plan or cycle: stored 'Solicitado' with the price and
   * pro-rata it was shown, its delivery job to sales and its audit entry (plan.request), in one
   * transaction. A second open request of the company is refused (the partial unique index decides
   * between two at once).
   */
  async request(actor: PortalActor, toPlanId: string, toCycle: string): Promise<PlanRequestView> {
    if (!can(actor.role, "plan.request")) throw new DomainError("forbidden", "plans.forbidden");
    const company = await this.options.companies.get(actor.companyId);
    if (!company) throw new DomainError("not-found", "plans.notFound");
    const quote = await this.quote(company, toPlanId, toCycle);
    const now = this.now();
    const id = randomUUID();
    const payload: PlanRequestQuote = {
      basis: quote.basis,
      creditCentavos: quote.creditCentavos,
      remainingDays: quote.remainingDays,
      cycleDays: quote.cycleDays,
      renewsOn: quote.renewsOn,
    };
    const stored = await this.options.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(planChangeRequests)
        .values({
          id,
          companyId: company.id,
          requestedBy: actor.id,
          requesterName: actor.name,
          requesterEmail: actor.email,
          fromPlanId: quote.from?.planId ?? null,
          fromCycle: company.billingCycle,
          toPlanId: quote.to.planId,
          toCycle: quote.to.cycle,
          priceCentavos: quote.priceCentavos,
          prorataCentavos: quote.prorataCentavos,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await tx.insert(deliveryJobs).values({
        planRequestId: id,
        kind: "plan_request",
        payload,
        maxAttempts: MAX_JOB_ATTEMPTS.plan_request,
        runAt: now,
      });
      await this.options.audit.record(
        {
          actor: actor.email,
          action: "plan.request",
          target: row.toPlanId,
          detail: {
            company: actor.companyId,
            request: row.id,
            de: { plano: row.fromPlanId, ciclo: row.fromCycle },
            para: { plano: row.toPlanId, ciclo: row.toCycle },
            prorataCentavos: row.prorataCentavos,
          },
        },
        tx,
      );
      return row;
    });
    if (!stored) throw new DomainError("conflict", "plans.openRequest");
    this.options.kick?.();
    return this.viewOf(stored, await this.words("pt"), payload);
  }

  /**
   * A company's owner or admin withdraws its open request before staff answer it: the request ends
   * 'Cancelado', the audit names who did it, and sales hear of it on the request's Jira issue (a
   * job of its own, after the issue exists). One already answered is refused.
   */
  async withdraw(actor: PortalActor, requestId: string): Promise<PlanRequestView> {
    if (!can(actor.role, "plan.request")) throw new DomainError("forbidden", "plans.forbidden");
    if (!isUuid(requestId)) throw new DomainError("not-found", "plans.notFound");
    const now = this.now();
    const withdrawn = await this.options.db.transaction(async (tx) => {
      const [row] = await tx
        .update(planChangeRequests)
        .set({ status: "cancelled", decidedBy: actor.email, decidedAt: now })
        .where(
          and(
            eq(planChangeRequests.id, requestId),
            eq(planChangeRequests.companyId, actor.companyId),
            eq(planChangeRequests.status, "requested"),
          ),
        )
        .returning();
      if (!row) return null;
      await tx.insert(deliveryJobs).values({
        planRequestId: row.id,
        kind: "plan_request",
        payload: { withdrawn: true } satisfies PlanRequestWithdrawal,
        maxAttempts: MAX_JOB_ATTEMPTS.plan_request,
        runAt: now,
      });
      await this.options.audit.record(
        {
          actor: actor.email,
          action: "plan.withdraw",
          target: row.toPlanId,
          detail: {
            company: actor.companyId,
            request: row.id,
            para: { plano: row.toPlanId, ciclo: row.toCycle },
          },
        },
        tx,
      );
      return row;
    });
    if (!withdrawn) {
      const [known] = await this.options.db
        .select({ status: planChangeRequests.status })
        .from(planChangeRequests)
        .where(and(eq(planChangeRequests.id, requestId), eq(planChangeRequests.companyId, actor.companyId)));
      if (!known) throw new DomainError("not-found", "plans.notFound");
      throw new DomainError("conflict", "plans.alreadyAnswered");
    }
    this.options.kick?.();
    return this.viewOf(withdrawn, await this.words("pt"), null);
  }

  /** The company's requests, newest first. */
  async requests(
    companyId: string,
    language: OfferedLanguage = "pt",
    limit = 50,
  ): Promise<PlanRequestView[]> {
    const [rows, words] = await Promise.all([
      this.options.db
        .select({ request: planChangeRequests, payload: deliveryJobs.payload })
        .from(planChangeRequests)
        .leftJoin(
          deliveryJobs,
          and(
            eq(deliveryJobs.planRequestId, planChangeRequests.id),
            eq(deliveryJobs.kind, "plan_request"),
            // A withdrawn request has a second job, the word to sales: only its creation's has the quote.
            sql`not coalesce(${deliveryJobs.payload} @> '{"withdrawn": true}', false)`,
          ),
        )
        .where(eq(planChangeRequests.companyId, companyId))
        .orderBy(desc(planChangeRequests.createdAt))
        .limit(limit),
      this.words(language),
    ]);
    return rows.map(({ request, payload }) =>
      this.viewOf(request, words, payload && "basis" in payload ? payload : null),
    );
  }

  /**
   * Staff apply or refuse a company's open request (a refusal says why). Applying changes the
   * company's plan and cycle from the day it was asked (a new cycle starts that day when the cycle
   * changes, or when none was known); the decision, the audit entry and an e-mail to each owner
   * (in their language) are written in one transaction.
   */
  async decide(
    staff: { email: string },
    companyId: string,
    requestId: string,
    decision: "apply" | "refuse",
    note?: string | null,
  ): Promise<PlanRequestView> {
    if (!isUuid(requestId) || !isUuid(companyId)) throw new DomainError("not-found", "plans.notFound");
    const text = note?.replace(/\r\n?/g, "\n").trim().slice(0, DECISION_NOTE_MAX) || null;
    if (decision === "refuse" && !text) throw new DomainError("invalid", "plans.noteRequired");
    const now = this.now();
    // Read before the transaction: the embedded database runs one statement at a time, and the
    // plans come from the content store outside it.
    const wordsIn = { pt: await this.words("pt"), en: await this.words("en") };
    const decided = await this.options.db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(planChangeRequests)
        .where(and(eq(planChangeRequests.id, requestId), eq(planChangeRequests.companyId, companyId)));
      if (!request) throw new DomainError("not-found", "plans.notFound");
      const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
      if (!company) throw new DomainError("not-found", "plans.notFound");
      const effectiveOn = saoPauloDay(request.createdAt);
      const [row] = await tx
        .update(planChangeRequests)
        .set({
          status: decision === "apply" ? "applied" : "refused",
          effectiveOn: decision === "apply" ? effectiveOn : null,
          decidedBy: staff.email,
          decidedAt: now,
          decisionNote: text,
        })
        .where(and(eq(planChangeRequests.id, requestId), eq(planChangeRequests.status, "requested")))
        .returning();
      if (!row) throw new DomainError("conflict", "plans.alreadyDecided");
      let cycleStartedOn = company.cycleStartedOn;
      if (decision === "apply") {
        // The renewal stays where it was for a plan change within the cycle; anything else (another
        // cycle, a first plan, a start not known) begins a new cycle on the effective day.
        const sameCycle =
          request.fromPlanId !== null && request.fromCycle === request.toCycle && company.cycleStartedOn;
        cycleStartedOn = sameCycle ? company.cycleStartedOn : effectiveOn;
        await tx
          .update(companies)
          .set({ planId: request.toPlanId, billingCycle: request.toCycle, cycleStartedOn, updatedAt: now })
          .where(eq(companies.id, companyId));
      }
      await tx.insert(auditLog).values({
        actor: staff.email,
        action: decision === "apply" ? "plan.apply" : "plan.refuse",
        target: company.cnpj,
        detail: {
          company: company.id,
          request: request.id,
          de: { plano: company.planId, ciclo: company.billingCycle, inicio: company.cycleStartedOn },
          para:
            decision === "apply"
              ? { plano: request.toPlanId, ciclo: request.toCycle, inicio: cycleStartedOn }
              : { plano: request.toPlanId, ciclo: request.toCycle },
          precoCentavos: request.priceCentavos,
          prorataCentavos: request.prorataCentavos,
          ...(decision === "apply" ? { vigencia: effectiveOn } : {}),
          ...(text ? { observacao: text } : {}),
        },
        at: now,
      });
      const owners = await tx
        .select({ name: users.name, email: users.email, preferences: users.preferences })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.companyRole, "owner"), isNull(users.disabledAt)));
      for (const owner of owners) {
        const language = languageOf(owner.preferences);
        const words = wordsIn[language];
        await tx.insert(deliveryJobs).values({
          planRequestId: request.id,
          kind: "mail",
          payload: planDecisionMail(
            {
              decision,
              to: owner.email,
              name: owner.name,
              company: company.tradeName || company.legalName,
              plan: words.name(request.toPlanId)!,
              cycle: request.toCycle,
              priceCentavos: request.priceCentavos,
              effectiveOn,
            },
            language,
            this.options.publicBaseUrl,
          ),
          maxAttempts: MAX_JOB_ATTEMPTS.mail,
          runAt: now,
        });
      }
      return row;
    });
    this.options.kick?.();
    return this.viewOf(decided, wordsIn.pt, null);
  }

  private viewOf(
    row: PlanRequestRow,
    words: { name: (id: string | null) => string | null },
    quote: PlanRequestQuote | null,
  ): PlanRequestView {
    return {
      id: row.id,
      status: row.status,
      fromPlanId: row.fromPlanId,
      fromPlanName: words.name(row.fromPlanId),
      fromCycle: row.fromCycle,
      toPlanId: row.toPlanId,
      toPlanName: words.name(row.toPlanId)!,
      toCycle: row.toCycle,
      priceCentavos: row.priceCentavos,
      monthlyCentavos: monthlyEquivalent(row.priceCentavos, row.toCycle),
      prorataCentavos: row.prorataCentavos,
      basis: quote?.basis ?? null,
      requesterName: row.requesterName,
      requesterEmail: row.requesterEmail,
      createdAt: row.createdAt.toISOString(),
      requestedOn: saoPauloDay(row.createdAt),
      effectiveOn: row.effectiveOn,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: row.decidedBy,
      decisionNote: row.decisionNote,
      trackerKey: row.trackerKey,
      trackerUrl: row.trackerUrl,
    };
  }
}
