import { formatCnpjForDisplay } from "@domain/cnpj.ts";
import { COMPANY_ROLE_LABELS } from "@domain/portal/permissions.ts";
import {
  findTransition,
  JIRA_TICKET_PRIORITY,
  type StatusCategory,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TRANSITION_CATEGORY,
} from "@domain/portal/tickets.ts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deliveryJobs, supportTickets, ticketAttachments, ticketMessages, users } from "../db/schema.ts";
import type { FileStorage } from "../files/storage.ts";
import { requeueFinishedJobs } from "../leads/repository.ts";
import type { Logger } from "../logger.ts";
import { JobError, type JobOf, type JobRow, payloadOf } from "../platform/outbox/worker.ts";
import { adfToText, definitionList, doc, heading, paragraph, textParagraphs } from "../tracker/adf.ts";
import { createIssueOnce } from "../tracker/create-once.ts";
import { TrackerError } from "../tracker/errors.ts";
import { ProjectIssueTypes } from "../tracker/issue-types.ts";
import type { JiraClient } from "../tracker/jira-client.ts";
import { PRODUCT_TAG, supportIssueType } from "../tracker/ticket.ts";
import type { CompanyService } from "./companies.ts";
import type { TicketRow } from "./tickets.ts";

/** The Jira project of the support team (B §9.3: contact → SUPP). */
export const SUPPORT_PROJECT = "SUPP";
/** Every issue the portal creates carries it: the webhook's JQL filter and the reconciliation find them by it. */
export const PORTAL_LABEL = "portal";

/**
 * The mark that opens every comment the portal writes ("Maria (Agro Sul) via portal · ref. 1a2b3c4d"):
 * it tells support who wrote it, lets a retried delivery find a comment whose answer was lost, and
 * lets the inbound side know its own comments when Jira echoes them back.
 */
export function portalCommentRef(messageId: string): string {
  return `ref. ${messageId.slice(0, 8)}`;
}
/** A comment this product wrote (a customer's "via portal", staff's "via admin"): its echo is skipped. */
export const PORTAL_COMMENT_MARK = /via (?:portal|admin) · ref\. [0-9a-f]{8}/;

/** The labels of a ticket's issue: portal, empresa-{cnpj}, cat-{categoria}, and ticket-{id} to find it again. */
export function supportLabels(ticket: Pick<TicketRow, "id" | "category">, cnpj: string): string[] {
  return [
    PORTAL_LABEL,
    `empresa-${cnpj.toLowerCase()}`,
    `cat-${ticket.category}`,
    `ticket-${ticket.id}`,
    PRODUCT_TAG,
  ];
}

/**
 * Delivers support tickets to Jira through the outbox (decision 094), each step safe to run again:
 * the issue is created once (found by its ticket-{id} label after a lost answer), a reply becomes
 * one comment (found by its ref. mark), a file is attached once (found by name and size), and a
 * transition is skipped when the issue is already where the customer put it.
 */
export class TicketDelivery {
  private readonly issueTypes: ProjectIssueTypes;

  constructor(
    private readonly options: {
      db: Database;
      jira: JiraClient;
      storage: FileStorage;
      companies: CompanyService;
      logger: Logger;
      now?: () => Date;
      sleep?: (ms: number) => Promise<void>;
    },
  ) {
    this.issueTypes = new ProjectIssueTypes(options.jira, options.logger, options.now);
  }

  private get now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** kind 'ticket': the issue in SUPP, then the opening's attachments. */
  readonly create = (job: JobRow) =>
    this.guard(async () => {
      const ticket = await this.ticket(job);
      let key = ticket.trackerKey;
      if (!key) {
        const company = await this.options.companies.get(ticket.companyId);
        if (!company) throw new JobError("empresa não encontrada", false);
        const plan = await this.options.companies.plan(company.planId);
        const [reporter] = ticket.reporterId
          ? await this.options.db
              .select({ role: users.companyRole })
              .from(users)
              .where(eq(users.id, ticket.reporterId))
          : [];
        const issuetype = supportIssueType(await this.issueTypes.of(SUPPORT_PROJECT));
        const description = doc([
          heading(3, "Chamado aberto no Portal do Cliente"),
          definitionList([
            [
              "Empresa",
              company.tradeName ? `${company.tradeName} (${company.legalName})` : company.legalName,
            ],
            ["CNPJ", formatCnpjForDisplay(company.cnpj)],
            ["Plano", plan?.name ?? company.planId ?? "sem plano"],
            [
              "Aberto por",
              `${ticket.reporterName} <${ticket.reporterEmail}>${reporter?.role ? ` (${COMPANY_ROLE_LABELS.pt[reporter.role]})` : ""}`,
            ],
            ["Categoria", TICKET_CATEGORY_LABELS.pt[ticket.category]],
            ["Prioridade", TICKET_PRIORITY_LABELS.pt[ticket.priority]],
            ["Protocolo", ticket.protocol],
          ]),
          heading(4, "Descrição"),
          ...textParagraphs(ticket.description),
        ]);
        key = await createIssueOnce(
          this.options.jira,
          `ticket-${ticket.id}`,
          job.attempts > 1,
          () =>
            this.options.jira.createIssue({
              project: { key: SUPPORT_PROJECT },
              issuetype: { id: issuetype.id },
              summary: `[${TICKET_CATEGORY_LABELS.pt[ticket.category]}] ${ticket.subject}`.slice(0, 250),
              description,
              priority: { name: JIRA_TICKET_PRIORITY[ticket.priority] },
              labels: supportLabels(ticket, company.cnpj),
            }),
          this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
        );
        await this.options.db
          .update(supportTickets)
          .set({ trackerKey: key, trackerUrl: this.options.jira.browseUrl(key) })
          .where(eq(supportTickets.id, ticket.id));
      }
      const sent = await this.attach(key, ticket.id, null, job.attempts > 1 || ticket.trackerKey !== null);
      return `chamado ${key}${sent ? `, ${sent} anexo(s)` : ""}`;
    });

  /** kind 'ticket_comment': a customer's (or staff's) reply as one Jira comment, then its attachments. */
  readonly comment = (job: JobOf<"ticket_comment">) =>
    this.guard(async () => {
      const ticket = await this.ticket(job);
      const key = this.keyOf(ticket);
      // Null-safe as before: a job stored without its payload finds no reply.
      const messageId = payloadOf(job)?.messageId;
      const [message] = messageId
        ? await this.options.db.select().from(ticketMessages).where(eq(ticketMessages.id, messageId))
        : [];
      if (!message) throw new JobError("resposta não encontrada", false);
      let commentId = message.jiraCommentId;
      if (!commentId) {
        const ref = portalCommentRef(message.id);
        if (job.attempts > 1) {
          const earlier = (await this.options.jira.comments(key)).find((c) =>
            adfToText(c.body).includes(ref),
          );
          commentId = earlier?.id ?? null;
        }
        if (!commentId) {
          const company = await this.options.companies.get(ticket.companyId);
          const companyName = company ? company.tradeName || company.legalName : "";
          // A staff reply from the admin's inbox goes to the same issue (decision 130), named as such.
          const who =
            message.author === "support"
              ? `${message.authorName} (equipe de suporte) via admin`
              : `${message.authorName}${companyName ? ` (${companyName})` : ""} via portal`;
          const body = doc([paragraph({ strong: who }, ` · ${ref}`), ...textParagraphs(message.body)]);
          commentId = (await this.options.jira.addComment(key, body)).id;
        }
        await this.options.db
          .update(ticketMessages)
          .set({ jiraCommentId: String(commentId) })
          .where(eq(ticketMessages.id, message.id));
      }
      const sent = await this.attach(key, ticket.id, message.id, job.attempts > 1);
      return `comentário ${commentId} em ${key}${sent ? `, ${sent} anexo(s)` : ""}`;
    });

  /** kind 'ticket_transition': the customer resolved or reopened the ticket, or staff took it in hand. */
  readonly transition = (job: JobOf<"ticket_transition">) =>
    this.guard(async () => {
      const ticket = await this.ticket(job);
      const key = this.keyOf(ticket);
      const to = payloadOf(job)?.to;
      if (to !== "resolve" && to !== "reopen" && to !== "start")
        throw new JobError("transição desconhecida", false);
      const issue = await this.options.jira.issue(key, ["status"]);
      const category = issue.fields?.status?.statusCategory.key as StatusCategory | undefined;
      const already = to === "reopen" ? category !== "done" : category === TRANSITION_CATEGORY[to];
      if (already)
        return `${key} já estava ${to === "resolve" ? "resolvido" : to === "start" ? "em andamento" : "aberto"}`;
      const transition = findTransition(await this.options.jira.transitions(key), to);
      if (!transition) {
        this.options.logger.warn({ key, to }, "no Jira transition found for a portal status change");
        return `nenhuma transição para ${to} em ${key}`;
      }
      await this.options.jira.doTransition(key, transition.id);
      return `${transition.name} em ${key}`;
    });

  /**
   * Sends the files of the ticket's opening (messageId null) or of a reply not yet in Jira. After an
   * attempt that may have sent some (`check`), the issue's attachments are read first, and a file
   * already there by name and size counts as sent.
   */
  private async attach(key: string, ticketId: string, messageId: string | null, check: boolean) {
    const waiting = await this.options.db
      .select()
      .from(ticketAttachments)
      .where(
        and(
          eq(ticketAttachments.ticketId, ticketId),
          messageId ? eq(ticketAttachments.messageId, messageId) : isNull(ticketAttachments.messageId),
          isNull(ticketAttachments.jiraAttachmentId),
        ),
      )
      .orderBy(ticketAttachments.createdAt);
    if (waiting.length === 0) return 0;
    const present = check
      ? ((await this.options.jira.issue(key, ["attachment"])).fields?.attachment ?? [])
      : [];
    for (const file of waiting) {
      const already = present.find((a) => a.filename === file.filename && a.size === file.size);
      let id = already?.id;
      if (!id) {
        const bytes = await this.options.storage.get(file.storageName);
        if (!bytes) throw new JobError(`arquivo ${file.filename} não encontrado no armazenamento`, false);
        id = (
          await this.options.jira.addAttachment(key, {
            filename: file.filename,
            mimeType: file.mimeType,
            bytes,
          })
        ).id;
      }
      await this.options.db
        .update(ticketAttachments)
        .set({ jiraAttachmentId: String(id) })
        .where(eq(ticketAttachments.id, file.id));
    }
    return waiting.length;
  }

  private async ticket(job: JobRow): Promise<TicketRow> {
    if (!job.ticketId) throw new JobError("job sem chamado", false);
    const [ticket] = await this.options.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, job.ticketId));
    if (!ticket) throw new JobError("chamado não encontrado", false);
    return ticket;
  }

  /** The ticket's issue; a reply or transition queued behind a create that has not succeeded waits. */
  private keyOf(ticket: TicketRow): string {
    if (!ticket.trackerKey) throw new JobError("o chamado ainda não foi entregue ao Jira", true);
    return ticket.trackerKey;
  }

  private async guard(work: () => Promise<string>): Promise<string> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof TrackerError)
        throw new JobError(error.message, error.retryable, error.options.retryAfterMs);
      throw error;
    }
  }
}

/** Without Jira (simulated mode), ticket jobs end at once: the portal shows the local protocol. */
export const SIMULATED_DETAIL = "simulado: Jira não configurado";
export const simulatedTicketJob = async () => SIMULATED_DETAIL;

/**
 * Once Jira is configured, what simulated mode finished without delivering is queued again: every
 * Jira job of a ticket that never got its issue, in its order (the create first). Safe on every
 * start and on several instances: it only touches jobs finished, of tickets with no key.
 */
export function requeueSimulatedTickets(db: Database, now: Date): Promise<number> {
  return requeueFinishedJobs(
    db,
    now,
    ["ticket", "ticket_comment", "ticket_transition"],
    deliveryJobs.ticketId,
    sql`(select ${supportTickets.id} from ${supportTickets} where ${supportTickets.trackerKey} is null)`,
  );
}
