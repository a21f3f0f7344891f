import { saoPauloDay } from "@domain/billing/dates.ts";
import { formatCentavos } from "@domain/billing/money.ts";
import { monthlyEquivalent } from "@domain/billing/proration.ts";
import { formatCnpjForDisplay } from "@domain/cnpj.ts";
import { formatDay } from "@domain/format.ts";
import { COMPANY_ROLE_LABELS } from "@domain/portal/permissions.ts";
import { planTexts } from "@domain/portal/plan-texts.ts";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { JobPayloads, PlanRequestQuote, PlanRequestWithdrawal } from "../db/json-types.ts";
import { deliveryJobs, planChangeRequests, users } from "../db/schema.ts";
import { requeueFinishedJobs } from "../leads/repository.ts";
import type { Logger } from "../logger.ts";
import { JobError, type JobOf, type JobRow, payloadOf } from "../platform/outbox/worker.ts";
import { definitionList, doc, heading, paragraph } from "../tracker/adf.ts";
import { createIssueOnce } from "../tracker/create-once.ts";
import { TrackerError } from "../tracker/errors.ts";
import { ProjectIssueTypes } from "../tracker/issue-types.ts";
import type { JiraClient } from "../tracker/jira-client.ts";
import { PRODUCT_TAG, salesIssueType } from "../tracker/ticket.ts";
import type { CompanyService } from "./companies.ts";
import { PORTAL_LABEL, SIMULATED_DETAIL } from "./ticket-delivery.ts";

/** The Jira project of sales (B §9.3: leads → FDVW): plan changes are theirs. */
export const SALES_PROJECT = "FDVW";
/** The label sales filters plan change requests by. */
export const PLAN_CHANGE_LABEL = "mudanca-plano";

/** The labels of a request's issue: mudanca-plano, portal, empresa-{cnpj}, and plan-{id} to find it again. */
export function planRequestLabels(requestId: string, cnpj: string): string[] {
  return [PLAN_CHANGE_LABEL, PORTAL_LABEL, `empresa-${cnpj.toLowerCase()}`, `plan-${requestId}`, PRODUCT_TAG];
}

const pt = planTexts("pt");

/** "R$ 150,00 a cobrar na mudança" / "R$ 75,00 de crédito" / "não calculada (...)". */
function prorataText(prorataCentavos: number, quote: PlanRequestQuote | null): string {
  if (quote?.basis === "unknown-cycle")
    return "não calculada: o início do ciclo atual não está registrado (calcular no financeiro)";
  const amount = formatCentavos(Math.abs(prorataCentavos));
  const detail =
    quote?.basis === "cycle-change"
      ? ` (novo ciclo menos ${formatCentavos(quote.creditCentavos)} de crédito do período não usado)`
      : quote?.basis === "same-cycle" && quote.remainingDays !== null
        ? ` (${quote.remainingDays} de ${quote.cycleDays} dias restantes do ciclo)`
        : quote?.basis === "new-plan"
          ? " (primeiro ciclo)"
          : "";
  if (prorataCentavos === 0) return `R$ 0,00${detail}`;
  return prorataCentavos > 0 ? `${amount} a cobrar${detail}` : `${amount} de crédito${detail}`;
}

/**
 * Delivers a plan change request to sales through the outbox (decision 095): one issue in FDVW with the
 * label mudanca-plano, created once (found by its plan-{id} label after a lost answer); its key and
 * address are kept on the request. Staff decide in the admin, not in Jira.
 */
export class PlanRequestDelivery {
  private readonly issueTypes: ProjectIssueTypes;

  constructor(
    private readonly options: {
      db: Database;
      jira: JiraClient;
      companies: CompanyService;
      logger: Logger;
      publicBaseUrl: string;
      now?: () => Date;
      sleep?: (ms: number) => Promise<void>;
    },
  ) {
    this.issueTypes = new ProjectIssueTypes(options.jira, options.logger, options.now);
  }

  /** kind 'plan_request': the request's issue, or the word on it that the company withdrew it. */
  readonly deliver = async (job: JobOf<"plan_request">): Promise<string> => {
    const payload = payloadOf(job);
    try {
      return isWithdrawal(payload) ? await this.tellWithdrawn(job) : await this.create(job, payload);
    } catch (error) {
      if (error instanceof TrackerError)
        throw new JobError(error.message, error.retryable, error.options.retryAfterMs);
      throw error;
    }
  };

  private async create(job: JobRow, quote: PlanRequestQuote | null): Promise<string> {
    const request = await this.requestOf(job);
    if (request.trackerKey) return `pedido já entregue: ${request.trackerKey}`;
    // Withdrawn before it reached Jira: sales have nothing to do, so no issue is made.
    if (request.status === "cancelled") return "pedido retirado pela empresa antes da entrega";
    const company = await this.options.companies.get(request.companyId);
    if (!company) throw new JobError("empresa não encontrada", false);
    const plans = await this.options.companies.plans();
    const name = (id: string | null) =>
      id ? (plans.find((plan) => plan.id === id)?.name ?? id) : "sem plano";
    const [requester] = request.requestedBy
      ? await this.options.db
          .select({ role: users.companyRole })
          .from(users)
          .where(eq(users.id, request.requestedBy))
      : [];
    const companyName = company.tradeName || company.legalName;
    const from = request.fromPlanId
      ? `${name(request.fromPlanId)} (${pt.cycleNouns[request.fromCycle]})`
      : "sem plano";
    const to = `${name(request.toPlanId)} (${pt.cycleNouns[request.toCycle]})`;
    const price =
      request.toCycle === "annual"
        ? `${formatCentavos(request.priceCentavos)}/ano (equivale a ${formatCentavos(monthlyEquivalent(request.priceCentavos, "annual"))}/mês)`
        : `${formatCentavos(request.priceCentavos)}/mês`;
    const requestedOn = saoPauloDay(request.createdAt);
    const description = doc([
      heading(3, "Pedido de mudança de plano no Portal do Cliente"),
      definitionList([
        ["Empresa", company.tradeName ? `${company.tradeName} (${company.legalName})` : company.legalName],
        ["CNPJ", formatCnpjForDisplay(company.cnpj)],
        [
          "Pedido por",
          `${request.requesterName} <${request.requesterEmail}>${requester?.role ? ` (${COMPANY_ROLE_LABELS.pt[requester.role]})` : ""}`,
        ],
        ["De", from],
        ["Para", to],
        ["Novo preço", price],
        ["Diferença na mudança", prorataText(request.prorataCentavos, quote)],
        ["Vale a partir de", formatDay(requestedOn, "pt")],
        ["Próxima renovação", quote?.renewsOn ? formatDay(quote.renewsOn, "pt") : ""],
        ["Pedido", request.id],
      ]),
      paragraph(
        { strong: "Aplique ou recuse o pedido na página da empresa, no admin: " },
        `${this.options.publicBaseUrl.replace(/\/+$/, "")}/admin/empresas/${company.id}`,
      ),
    ]);
    const issuetype = salesIssueType(await this.issueTypes.of(SALES_PROJECT));
    const key = await createIssueOnce(
      this.options.jira,
      `plan-${request.id}`,
      job.attempts > 1,
      () =>
        this.options.jira.createIssue({
          project: { key: SALES_PROJECT },
          issuetype: { id: issuetype.id },
          summary: `Mudança de plano: ${companyName} — ${from} → ${to}`.slice(0, 250),
          description,
          priority: { name: "Medium" },
          labels: planRequestLabels(request.id, company.cnpj),
        }),
      this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    );
    await this.options.db
      .update(planChangeRequests)
      .set({ trackerKey: key, trackerUrl: this.options.jira.browseUrl(key) })
      .where(eq(planChangeRequests.id, request.id));
    return `pedido de mudança de plano ${key}`;
  }

  /** The request a job is about; a job without one, or of a request deleted since, cannot succeed. */
  private async requestOf(job: JobRow) {
    if (!job.planRequestId) throw new JobError("job sem pedido de mudança de plano", false);
    const [request] = await this.options.db
      .select()
      .from(planChangeRequests)
      .where(eq(planChangeRequests.id, job.planRequestId));
    if (!request) throw new JobError("pedido de mudança de plano não encontrado", false);
    return request;
  }

  /**
   * A comment on the request's issue that the company withdrew it. While the issue is still being
   * made (its job not finished), this waits and is tried again; with no issue at all there is
   * nothing to tell.
   */
  private async tellWithdrawn(job: JobRow): Promise<string> {
    const request = await this.requestOf(job);
    if (!request.trackerKey) {
      const [creation] = await this.options.db
        .select({ status: deliveryJobs.status })
        .from(deliveryJobs)
        .where(
          and(
            eq(deliveryJobs.planRequestId, request.id),
            eq(deliveryJobs.kind, "plan_request"),
            lt(deliveryJobs.id, job.id),
          ),
        );
      if (creation && (creation.status === "pending" || creation.status === "running"))
        throw new JobError("o chamado do pedido ainda está sendo criado", true);
      return "pedido retirado sem chamado no Jira";
    }
    const when = request.decidedAt ?? this.options.now?.() ?? new Date();
    await this.options.jira.addComment(
      request.trackerKey,
      doc([
        paragraph(
          { strong: "Pedido retirado pela empresa. " },
          `${request.decidedBy ?? request.requesterEmail} retirou o pedido em ${formatDay(saoPauloDay(when), "pt")}: nada a aplicar.`,
        ),
      ]),
    );
    return `pedido retirado comentado em ${request.trackerKey}`;
  }
}

function isWithdrawal(payload: JobPayloads["plan_request"]): payload is PlanRequestWithdrawal {
  return (
    typeof payload === "object" && payload !== null && "withdrawn" in payload && payload.withdrawn === true
  );
}

/** Without Jira (simulated mode), a plan request's job ends at once, as a ticket's does. */
export const simulatedPlanRequestJob = async () => SIMULATED_DETAIL;

/**
 * Once Jira is configured, the open plan requests simulated mode finished without delivering are
 * queued again (a request staff already decided needs no issue any more). Safe on every start and
 * on several instances: it only touches finished jobs of open requests with no key.
 */
export function requeueSimulatedPlanRequests(db: Database, now: Date): Promise<number> {
  return requeueFinishedJobs(
    db,
    now,
    ["plan_request"],
    deliveryJobs.planRequestId,
    sql`(select ${planChangeRequests.id} from ${planChangeRequests}
      where ${planChangeRequests.status} = 'requested' and ${planChangeRequests.trackerKey} is null)`,
  );
}
