import {
  canReply,
  categoriesOf,
  type StatusCategory,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
  type TicketTransition,
  TRANSITION_CATEGORY,
  ticketStatus,
} from "@domain/portal/tickets.ts";
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import type { TicketMessageAuthor } from "../db/enums.ts";
import { companies, supportTickets, ticketMessages } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { FileStorage } from "../files/storage.ts";
import { isUuid } from "./companies.ts";
import { queueReporterMail } from "./ticket-inbound.ts";
import { replyMail, statusMail } from "./ticket-mail.ts";
import {
  type AttachmentView,
  addTicketMessage,
  attachmentView,
  queueTicketTransition,
  readThread,
  readTicketFile,
  replySchema,
  type TicketRow,
} from "./tickets.ts";

/** Tickets a page of the inbox lists. */
export const DESK_PAGE_SIZE = 25;

/** Who answers from the admin: a staff account. */
export interface SupportStaff {
  id: string;
  email: string;
  name: string;
}

/** What the inbox filters by; every part optional. */
export interface DeskFilter {
  search?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  /** Only tickets whose last word is the customer's (no staff reply since). */
  waiting?: boolean;
  companyId?: string;
  page?: number;
}

export interface DeskListItem {
  id: string;
  protocol: string;
  trackerKey: string | null;
  trackerUrl: string | null;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  /** Jira's own status name when Jira is configured and has told it (its workflow's words). */
  statusName: string | null;
  company: { id: string; name: string };
  reporterName: string;
  /** The customer spoke last: the ticket waits for support. */
  waiting: boolean;
  /** Messages after the opening. */
  replies: number;
  activityAt: string;
  createdAt: string;
}

export type DeskAttachment = AttachmentView;

export interface DeskMessage {
  id: string;
  author: TicketMessageAuthor;
  authorName: string;
  body: string;
  createdAt: string;
  attachments: DeskAttachment[];
}

export interface DeskTicket extends DeskListItem {
  description: string;
  reporterEmail: string;
  company: { id: string; name: string; cnpj: string };
  resolvedAt: string | null;
  attachments: DeskAttachment[];
  thread: DeskMessage[];
  /** A resolved ticket takes no reply (the portal's rule): staff reopen it first. */
  canReply: boolean;
}

/** The statuses a filter in the address may name, and the priorities (anything else is ignored). */
export function deskFilter(params: URLSearchParams): DeskFilter {
  const status = params.get("situacao") ?? "";
  const priority = params.get("prioridade") ?? "";
  const company = params.get("empresa") ?? "";
  const page = Number(params.get("pagina"));
  return {
    search: params.get("q")?.trim().slice(0, 100) || undefined,
    status: (TICKET_STATUSES as readonly string[]).includes(status) ? (status as TicketStatus) : undefined,
    priority: (TICKET_PRIORITIES as readonly string[]).includes(priority)
      ? (priority as TicketPriority)
      : undefined,
    waiting: params.get("aguardando") === "1" || undefined,
    companyId: isUuid(company) ? company : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/**
 * The staff side of support tickets (decision 130): every company's tickets in one inbox, read with
 * their thread and files, answered and moved by staff. It works the same with Jira or without it:
 * a reply is stored and shown to the customer at once, the reporter gets an e-mail, and a job of the
 * outbox posts it to the issue (or waits, as the portal's own jobs do, until Jira is configured);
 * a status set here goes to Jira as a transition, and what Jira says afterwards is mirrored in.
 */
export class SupportDesk {
  private readonly now: () => Date;

  constructor(
    private readonly options: {
      db: Database;
      audit: AuditLog;
      storage: FileStorage;
      publicBaseUrl: string;
      kick?: () => void;
      now?: () => Date;
    },
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** The last word's author per ticket: support when a staff or Jira reply came after the customer's. */
  private readonly lastAuthor =
    sql<TicketMessageAuthor | null>`(select ${ticketMessages.author} from ${ticketMessages}
    where ${ticketMessages.ticketId} = ${supportTickets.id}
    order by ${ticketMessages.createdAt} desc limit 1)`;

  async list(filter: DeskFilter = {}) {
    const conditions: SQL[] = [];
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(
          ilike(supportTickets.subject, pattern),
          ilike(supportTickets.protocol, pattern),
          ilike(supportTickets.trackerKey, pattern),
          ilike(supportTickets.reporterName, pattern),
          ilike(supportTickets.reporterEmail, pattern),
          ilike(companies.legalName, pattern),
          ilike(companies.tradeName, pattern),
        )!,
      );
    }
    if (filter.status) conditions.push(inArray(supportTickets.statusCategory, categoriesOf(filter.status)));
    if (filter.priority) conditions.push(eq(supportTickets.priority, filter.priority));
    if (filter.companyId) conditions.push(eq(supportTickets.companyId, filter.companyId));
    if (filter.waiting)
      conditions.push(
        sql`${supportTickets.statusCategory} <> 'done' and coalesce(${this.lastAuthor}, 'customer') = 'customer'`,
      );
    const where = conditions.length ? and(...conditions) : undefined;
    const base = this.options.db
      .select({ total: sql<number>`count(*)::int` })
      .from(supportTickets)
      .innerJoin(companies, eq(companies.id, supportTickets.companyId));
    const [{ total }] = (await base.where(where)) as [{ total: number }];
    const pages = Math.max(1, Math.ceil(total / DESK_PAGE_SIZE));
    const page = Math.min(Math.max(1, filter.page ?? 1), pages);
    const rows = await this.options.db
      .select({
        ticket: supportTickets,
        companyName: sql<string>`coalesce(nullif(${companies.tradeName}, ''), ${companies.legalName})`,
        lastAuthor: this.lastAuthor,
        replies: sql<number>`(select count(*)::int from ${ticketMessages} where ${ticketMessages.ticketId} = ${supportTickets.id})`,
      })
      .from(supportTickets)
      .innerJoin(companies, eq(companies.id, supportTickets.companyId))
      .where(where)
      .orderBy(desc(supportTickets.activityAt), desc(supportTickets.createdAt))
      .limit(DESK_PAGE_SIZE)
      .offset((page - 1) * DESK_PAGE_SIZE);
    const [counts] = await this.options.db
      .select({
        open: sql<number>`count(*) filter (where ${supportTickets.statusCategory} <> 'done')::int`,
        waiting: sql<number>`count(*) filter (where ${supportTickets.statusCategory} <> 'done' and coalesce(${this.lastAuthor}, 'customer') = 'customer')::int`,
      })
      .from(supportTickets);
    return {
      items: rows.map((row) => this.item(row.ticket, row.companyName, row.lastAuthor, row.replies)),
      total,
      page,
      pages,
      open: counts?.open ?? 0,
      waiting: counts?.waiting ?? 0,
    };
  }

  async get(id: string): Promise<DeskTicket> {
    const ticket = await this.ticket(id);
    const [[company], { messages, attachments }] = await Promise.all([
      this.options.db.select().from(companies).where(eq(companies.id, ticket.companyId)),
      readThread(this.options.db, id),
    ]);
    const name = company ? company.tradeName || company.legalName : "";
    return {
      ...this.item(ticket, name, messages.at(-1)?.author ?? null, messages.length),
      company: { id: ticket.companyId, name, cnpj: company?.cnpj ?? "" },
      description: ticket.description,
      reporterEmail: ticket.reporterEmail,
      resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
      attachments: attachments.filter((a) => a.messageId === null).map(attachmentView),
      canReply: canReply({ statusCategory: ticket.statusCategory as StatusCategory }),
      thread: messages.map((message) => ({
        id: message.id,
        author: message.author,
        authorName: message.authorName,
        body: message.body,
        createdAt: message.createdAt.toISOString(),
        attachments: attachments.filter((a) => a.messageId === message.id).map(attachmentView),
      })),
    };
  }

  /**
   * Staff answer: the reply is the customer's to read at once (unread for them), the reporter is
   * told by e-mail, Jira gets it as a comment through the outbox; audited as ticket.staff-reply. A
   * resolved ticket takes none, as in the portal: staff reopen it on purpose first.
   */
  async reply(staff: SupportStaff, id: string, body: string): Promise<void> {
    const text = replySchema.parse(body);
    const ticket = await this.ticket(id);
    if (!canReply({ statusCategory: ticket.statusCategory as StatusCategory }))
      throw new DomainError("conflict", "tickets.cannotReply");
    const now = this.now();
    await this.options.db.transaction(async (tx) => {
      await addTicketMessage(tx, {
        ticketId: ticket.id,
        author: "support",
        authorUserId: staff.id,
        authorName: staff.name,
        body: text,
        at: now,
      });
      await tx
        .update(supportTickets)
        .set({ supportRepliedAt: now, activityAt: now })
        .where(eq(supportTickets.id, ticket.id));
      await queueReporterMail(tx, ticket, now, (language) =>
        replyMail(ticket, language, this.options.publicBaseUrl),
      );
      await this.options.audit.record(
        {
          actor: staff.email,
          action: "ticket.staff-reply",
          target: ticket.protocol,
          detail: { company: ticket.companyId, ticket: ticket.id },
        },
        tx,
      );
    });
    this.options.kick?.();
  }

  /** Staff move the status (em atendimento, resolvido, reaberto): the customer is told; Jira follows. */
  async move(staff: SupportStaff, id: string, to: TicketTransition): Promise<void> {
    const ticket = await this.ticket(id);
    const category = TRANSITION_CATEGORY[to];
    if (ticket.statusCategory === category) throw new DomainError("conflict", "tickets.alreadyThere");
    const now = this.now();
    await this.options.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(supportTickets)
        .set({
          statusCategory: category,
          statusName: null,
          statusAt: now,
          activityAt: now,
          resolvedAt: category === "done" ? now : null,
        })
        .where(eq(supportTickets.id, ticket.id))
        .returning();
      await queueTicketTransition(tx, ticket.id, to, now);
      await queueReporterMail(tx, moved!, now, (language) =>
        statusMail(moved!, ticketStatus(category), language, this.options.publicBaseUrl),
      );
      await this.options.audit.record(
        {
          actor: staff.email,
          action: `ticket.staff-${to}`,
          target: ticket.protocol,
          detail: { company: ticket.companyId, ticket: ticket.id },
        },
        tx,
      );
    });
    this.options.kick?.();
  }

  /** A file of any ticket, for staff. */
  async attachment(ticketId: string, attachmentId: string) {
    await this.ticket(ticketId);
    return readTicketFile(this.options.db, this.options.storage, ticketId, attachmentId);
  }

  private async ticket(id: string): Promise<TicketRow> {
    if (!isUuid(id)) throw new DomainError("not-found", "tickets.notFound");
    const [ticket] = await this.options.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    if (!ticket) throw new DomainError("not-found", "tickets.notFound");
    return ticket;
  }

  private item(
    ticket: TicketRow,
    companyName: string,
    lastAuthor: TicketMessageAuthor | null,
    replies: number,
  ): DeskListItem {
    const category = ticket.statusCategory as StatusCategory;
    return {
      id: ticket.id,
      protocol: ticket.protocol,
      trackerKey: ticket.trackerKey,
      trackerUrl: ticket.trackerUrl,
      subject: ticket.subject,
      category: ticket.category,
      priority: ticket.priority,
      status: ticketStatus(category),
      statusName: ticket.statusName,
      company: { id: ticket.companyId, name: companyName },
      reporterName: ticket.reporterName,
      waiting: category !== "done" && (lastAuthor ?? "customer") === "customer",
      replies,
      activityAt: ticket.activityAt.toISOString(),
      createdAt: ticket.createdAt.toISOString(),
    };
  }
}
