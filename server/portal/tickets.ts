import { randomInt, randomUUID } from "node:crypto";
import {
  ATTACHMENT_TEXT_EXTENSIONS,
  ATTACHMENT_TYPES,
  canReopen,
  canReply,
  canResolve,
  canSeeTicket,
  categoriesOf,
  extensionOf,
  looksLikeText,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  type StatusCategory,
  safeFilename,
  TICKET_CATEGORIES,
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
  type TicketTransition,
  ticketStatus,
} from "@domain/portal/tickets.ts";
import { z } from "@domain/zod.ts";
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import type { TicketMessageAuthor } from "../db/enums.ts";
import {
  deliveryJobs,
  supportTickets,
  ticketAttachments,
  ticketMessages,
  ticketReads,
} from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { FileStorage } from "../files/storage.ts";
import { MAX_JOB_ATTEMPTS } from "../platform/outbox/retry-policy.ts";
import type { WindowCounter } from "../rate/window-counter.ts";
import { isUuid } from "./companies.ts";
import type { PortalActor } from "./members.ts";
import { ticketMessages as m } from "./messages.ts";

export type TicketRow = typeof supportTickets.$inferSelect;

/** Tickets a company may open in an hour (on top of the per-IP form limit). */
export const TICKETS_PER_HOUR = 30;
/** Tickets listed per page. */
export const TICKETS_PER_PAGE = 20;

/** What the audit log says of an opened ticket: ticket.open, or the request it was opened for. */
export type TicketOpenedEntry = (ticket: TicketRow) => { action: string; detail: Record<string, unknown> };

/** A file as the customer sent it, before it is checked. */
export interface SentFile {
  filename: string;
  bytes: Uint8Array;
}

export interface TicketInput {
  category: TicketCategory;
  priority: TicketPriority;
  subject: string;
  description: string;
}

/** Browsers send a textarea's line breaks as CRLF: stored as LF, one way for every source. */
const lines = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value);

/** The ticket form's fields, checked field by field (the form shows each message beside its field). */
export const ticketInputSchema = z.object({
  category: z.enum(TICKET_CATEGORIES, { error: m.categoryRequired }),
  priority: z.enum(TICKET_PRIORITIES, { error: m.priorityRequired }),
  subject: z
    .string({ error: m.subjectRequired })
    .trim()
    .min(5, m.subjectRequired)
    .max(TICKET_LIMITS.subject, m.subjectTooLong(TICKET_LIMITS.subject)),
  description: z.preprocess(
    lines,
    z
      .string({ error: m.descriptionRequired })
      .trim()
      .min(10, m.descriptionRequired)
      .max(TICKET_LIMITS.description, m.descriptionTooLong(TICKET_LIMITS.description)),
  ),
});

export const replySchema = z.preprocess(
  lines,
  z
    .string({ error: m.replyRequired })
    .trim()
    .min(1, m.replyRequired)
    .max(TICKET_LIMITS.reply, m.replyTooLong(TICKET_LIMITS.reply)),
);

export interface AttachmentView {
  id: string;
  filename: string;
  mimeType: string;
  size: number;
}

export interface TicketListItem {
  id: string;
  protocol: string;
  trackerKey: string | null;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  reporterName: string;
  mine: boolean;
  unread: boolean;
  activityAt: string;
  createdAt: string;
}

export interface TicketMessageView {
  id: string;
  author: TicketMessageAuthor;
  authorName: string;
  body: string;
  createdAt: string;
  /** A customer's reply not yet delivered to support's Jira. */
  pending: boolean;
  attachments: AttachmentView[];
}

export interface TicketDetail extends TicketListItem {
  description: string;
  reporterEmail: string;
  trackerUrl: string | null;
  statusName: string | null;
  resolvedAt: string | null;
  /** Delivered to support (has its Jira key), or still queued. */
  delivered: boolean;
  attachments: AttachmentView[];
  messages: TicketMessageView[];
  canResolve: boolean;
  canReopen: boolean;
}

export interface TicketSummary {
  open: number;
  inProgress: number;
  unread: number;
  recent: { id: string; protocol: string; subject: string; status: TicketStatus; activityAt: string }[];
  lastReplies: { ticketId: string; protocol: string; authorName: string; at: string }[];
}

export interface TicketServiceOptions {
  db: Database;
  /** Where the customers' tickets, replies, resolutions and reopenings are recorded (decision 072). */
  audit: AuditLog;
  /** Private storage of attachments (never served at a public address). */
  storage: FileStorage;
  /** Counts tickets per company per hour. */
  ticketCounter: WindowCounter;
  /** Wakes the delivery worker after a write. */
  kick?: () => void;
  now?: () => Date;
}

// No I, O, E or 1/0, as lead protocols: unambiguous to read aloud on the phone.
const ALPHABET = "23456789ABCDFGHJKLMNPQRSTUVWXYZ";

/** A ticket's local protocol: SUP-20261126-7K3F9Q. */
export function newTicketProtocol(now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  const suffix = Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `SUP-${day}-${suffix}`;
}

type CheckedFile = { filename: string; mimeType: string; bytes: Uint8Array };

/**
 * Checks files by what their bytes are (file-type), never by their names or declared types:
 * images, PDF, office documents, and text or CSV whose bytes are text. Refuses naming the file.
 */
export async function checkAttachments(files: SentFile[]): Promise<CheckedFile[]> {
  const sent = files.filter((file) => file.bytes.byteLength > 0 || file.filename !== "");
  if (sent.length > MAX_ATTACHMENTS)
    throw new DomainError("invalid", "tickets.tooManyFiles", [MAX_ATTACHMENTS]);
  const checked: CheckedFile[] = [];
  for (const file of sent) {
    const filename = safeFilename(file.filename);
    if (file.bytes.byteLength === 0) throw new DomainError("invalid", "tickets.fileEmpty", [filename]);
    if (file.bytes.byteLength > MAX_ATTACHMENT_BYTES)
      throw new DomainError("invalid", "tickets.fileTooLarge", [
        filename,
        MAX_ATTACHMENT_BYTES / 1024 / 1024,
      ]);
    const detected = await fileTypeFromBuffer(file.bytes);
    let mimeType = detected?.mime as string | undefined;
    if (!mimeType) {
      const textType = ATTACHMENT_TEXT_EXTENSIONS[extensionOf(filename)];
      if (textType && looksLikeText(file.bytes)) mimeType = textType;
    }
    if (!mimeType || !(ATTACHMENT_TYPES.has(mimeType) || mimeType.startsWith("text/")))
      throw new DomainError("invalid", "tickets.fileType", [filename]);
    checked.push({ filename, mimeType, bytes: file.bytes });
  }
  return checked;
}

/**
 * A message added to a ticket's conversation (a customer's reply, or staff's from the admin) and its
 * job to Jira as a comment, in the caller's transaction. Answers the message's id.
 */
export async function addTicketMessage(
  tx: Database,
  message: {
    ticketId: string;
    author: TicketMessageAuthor;
    authorUserId: string;
    authorName: string;
    body: string;
    at: Date;
  },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(ticketMessages).values({
    id,
    ticketId: message.ticketId,
    author: message.author,
    authorUserId: message.authorUserId,
    authorName: message.authorName,
    body: message.body,
    createdAt: message.at,
  });
  await tx.insert(deliveryJobs).values({
    ticketId: message.ticketId,
    kind: "ticket_comment",
    payload: { messageId: id },
    maxAttempts: MAX_JOB_ATTEMPTS.ticket_comment,
    runAt: message.at,
  });
  return id;
}

/** The job that moves a ticket's Jira issue as the product moved the ticket, in the caller's transaction. */
export function queueTicketTransition(tx: Database, ticketId: string, to: TicketTransition, at: Date) {
  return tx.insert(deliveryJobs).values({
    ticketId,
    kind: "ticket_transition",
    payload: { to },
    maxAttempts: MAX_JOB_ATTEMPTS.ticket_transition,
    runAt: at,
  });
}

/** A ticket's conversation after its opening and every file of it, in the order they came. */
export async function readThread(db: Database, ticketId: string) {
  const [messages, attachments] = await Promise.all([
    db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketId))
      .orderBy(ticketMessages.createdAt),
    db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticketId))
      .orderBy(ticketAttachments.createdAt),
  ]);
  return { messages, attachments };
}

/** A file as the screens list it (never where it is stored). */
export function attachmentView(file: typeof ticketAttachments.$inferSelect): AttachmentView {
  return { id: file.id, filename: file.filename, mimeType: file.mimeType, size: file.size };
}

/** A file of a ticket with its bytes from private storage; anything else is "not found". */
export async function readTicketFile(
  db: Database,
  storage: FileStorage,
  ticketId: string,
  attachmentId: string,
): Promise<{ filename: string; mimeType: string; bytes: Buffer }> {
  if (!isUuid(attachmentId)) throw new DomainError("not-found", "tickets.notFound");
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)));
  const bytes = row ? await storage.get(row.storageName) : null;
  if (!row || !bytes) throw new DomainError("not-found", "tickets.notFound");
  return { filename: row.filename, mimeType: row.mimeType, bytes };
}

/**
 * Support tickets of the portal (decision 094): opened with their attachments and delivery job in one
 * transaction, listed and read within what canSeeTicket allows (another company's ticket is "not
 * found"), answered, resolved and reopened. Everything that goes to Jira is a job of the outbox
 * (server/portal/ticket-delivery.ts); what comes back is applied by server/portal/ticket-inbound.ts.
 */
export class TicketService {
  private readonly now: () => Date;

  constructor(private readonly options: TicketServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Opens a ticket: stored with its files and its delivery job, shown at once with its protocol.
   * Recorded in the same transaction as ticket.open, or as `recordAs` says (an integration request).
   */
  async open(
    actor: PortalActor,
    input: TicketInput,
    files: SentFile[],
    recordAs: TicketOpenedEntry = (ticket) => ({
      action: "ticket.open",
      detail: { company: actor.companyId, ticket: ticket.id, category: ticket.category },
    }),
  ): Promise<TicketRow> {
    const fields = ticketInputSchema.parse(input);
    const checked = await checkAttachments(files);
    const sent = await this.options.ticketCounter.hit(`company:${actor.companyId}`);
    if (sent > TICKETS_PER_HOUR)
      throw new DomainError("rate-limited", "tickets.tooManyTickets", [], { retryAfterSeconds: 3600 });
    const stored = await this.store(checked);
    const now = this.now();
    const id = randomUUID();
    const ticket = await this.options.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(supportTickets)
        .values({
          id,
          protocol: newTicketProtocol(now),
          companyId: actor.companyId,
          reporterId: actor.id,
          reporterName: actor.name,
          reporterEmail: actor.email,
          ...fields,
          activityAt: now,
          createdAt: now,
        })
        .returning();
      if (stored.length > 0)
        await tx
          .insert(ticketAttachments)
          .values(stored.map((file) => ({ ...file, ticketId: id, createdAt: now })));
      await tx
        .insert(deliveryJobs)
        .values({ ticketId: id, kind: "ticket", maxAttempts: MAX_JOB_ATTEMPTS.ticket, runAt: now });
      await tx.insert(ticketReads).values({ ticketId: id, userId: actor.id, readAt: now });
      await this.options.audit.record({ actor: actor.email, target: row!.protocol, ...recordAs(row!) }, tx);
      return row!;
    });
    this.options.kick?.();
    return ticket;
  }

  /** The tickets the actor may see, newest activity first, filtered by text and status. */
  async list(
    actor: PortalActor,
    filter: { search?: string; status?: TicketStatus; page?: number } = {},
  ): Promise<{ items: TicketListItem[]; total: number; page: number; pages: number }> {
    const conditions: SQL[] = [this.visibleTo(actor)];
    const search = filter.search?.trim().slice(0, 100);
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(
          ilike(supportTickets.subject, pattern),
          ilike(supportTickets.protocol, pattern),
          ilike(supportTickets.trackerKey, pattern),
        )!,
      );
    }
    if (filter.status) conditions.push(inArray(supportTickets.statusCategory, categoriesOf(filter.status)));
    const where = and(...conditions);
    const [{ total }] = (await this.options.db
      .select({ total: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(where)) as [{ total: number }];
    const pages = Math.max(1, Math.ceil(total / TICKETS_PER_PAGE));
    const page = Math.min(Math.max(1, filter.page ?? 1), pages);
    const rows = await this.options.db
      .select({ ticket: supportTickets, readAt: ticketReads.readAt })
      .from(supportTickets)
      .leftJoin(
        ticketReads,
        and(eq(ticketReads.ticketId, supportTickets.id), eq(ticketReads.userId, actor.id)),
      )
      .where(where)
      .orderBy(desc(supportTickets.activityAt), desc(supportTickets.createdAt))
      .limit(TICKETS_PER_PAGE)
      .offset((page - 1) * TICKETS_PER_PAGE);
    return {
      items: rows.map(({ ticket, readAt }) => this.listItem(actor, ticket, readAt)),
      total,
      page,
      pages,
    };
  }

  /** A ticket with its conversation (marked read for the actor), or "not found" when not theirs to see. */
  async get(actor: PortalActor, id: string): Promise<TicketDetail> {
    const ticket = await this.visible(actor, id);
    const [{ messages, attachments }, [read]] = await Promise.all([
      readThread(this.options.db, id),
      this.options.db
        .select({ readAt: ticketReads.readAt })
        .from(ticketReads)
        .where(and(eq(ticketReads.ticketId, id), eq(ticketReads.userId, actor.id))),
    ]);
    await this.markRead(actor, id);
    const now = this.now();
    const category = ticket.statusCategory as StatusCategory;
    return {
      ...this.listItem(actor, ticket, read?.readAt ?? null),
      description: ticket.description,
      reporterEmail: ticket.reporterEmail,
      trackerUrl: ticket.trackerUrl,
      statusName: ticket.statusName,
      resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
      delivered: ticket.trackerKey !== null,
      attachments: attachments.filter((a) => a.messageId === null).map(attachmentView),
      messages: messages.map((message) => ({
        id: message.id,
        author: message.author,
        authorName: message.authorName,
        body: message.body,
        createdAt: message.createdAt.toISOString(),
        pending: message.author === "customer" && message.jiraCommentId === null,
        attachments: attachments.filter((a) => a.messageId === message.id).map(attachmentView),
      })),
      canResolve: canResolve({ statusCategory: category }),
      canReopen: canReopen({ statusCategory: category, resolvedAt: ticket.resolvedAt }, now),
    };
  }

  /**
   * A customer's reply: stored with its files, its delivery job (a Jira comment) and its audit entry
   * (ticket.reply) in one transaction.
   */
  async reply(actor: PortalActor, id: string, body: string, files: SentFile[]): Promise<void> {
    const text = replySchema.parse(body);
    const ticket = await this.visible(actor, id);
    if (!canReply({ statusCategory: ticket.statusCategory as StatusCategory }))
      throw new DomainError("conflict", "tickets.cannotReply");
    const checked = await checkAttachments(files);
    const stored = await this.store(checked);
    const now = this.now();
    await this.options.db.transaction(async (tx) => {
      const messageId = await addTicketMessage(tx, {
        ticketId: ticket.id,
        author: "customer",
        authorUserId: actor.id,
        authorName: actor.name,
        body: text,
        at: now,
      });
      if (stored.length > 0)
        await tx
          .insert(ticketAttachments)
          .values(stored.map((file) => ({ ...file, ticketId: ticket.id, messageId, createdAt: now })));
      await tx.update(supportTickets).set({ activityAt: now }).where(eq(supportTickets.id, ticket.id));
      await this.options.audit.record(
        {
          actor: actor.email,
          action: "ticket.reply",
          target: id,
          detail: { company: actor.companyId, files: files.length },
        },
        tx,
      );
    });
    await this.markRead(actor, id);
    this.options.kick?.();
  }

  /**
   * Marks the ticket resolved at once, and asks Jira to follow (a transition found by name); recorded
   * as ticket.resolve.
   */
  async resolve(actor: PortalActor, id: string): Promise<void> {
    const ticket = await this.visible(actor, id);
    if (!canResolve({ statusCategory: ticket.statusCategory as StatusCategory }))
      throw new DomainError("conflict", "tickets.cannotResolve");
    await this.transition(ticket, "resolve", { statusCategory: "done", resolvedAt: this.now() }, actor, id);
  }

  /** Reopens a ticket resolved within the last 7 days; recorded as ticket.reopen. */
  async reopen(actor: PortalActor, id: string): Promise<void> {
    const ticket = await this.visible(actor, id);
    const category = ticket.statusCategory as StatusCategory;
    if (!canReopen({ statusCategory: category, resolvedAt: ticket.resolvedAt }, this.now()))
      throw new DomainError("conflict", "tickets.cannotReopen");
    await this.transition(ticket, "reopen", { statusCategory: "new", resolvedAt: null }, actor, id);
  }

  /** An attachment's bytes, only for someone who may see its ticket. */
  async attachment(
    actor: PortalActor,
    ticketId: string,
    attachmentId: string,
  ): Promise<{ filename: string; mimeType: string; bytes: Buffer }> {
    await this.visible(actor, ticketId);
    return readTicketFile(this.options.db, this.options.storage, ticketId, attachmentId);
  }

  /** The figures of the portal's dashboard: the actor's visible tickets. */
  async summary(actor: PortalActor): Promise<TicketSummary> {
    const visible = this.visibleTo(actor);
    const [counts] = await this.options.db
      .select({
        open: sql<number>`count(*) filter (where ${supportTickets.statusCategory} = 'new')::int`,
        inProgress: sql<number>`count(*) filter (where ${supportTickets.statusCategory} = 'indeterminate')::int`,
        unread: sql<number>`count(*) filter (where ${supportTickets.supportRepliedAt} > coalesce(${ticketReads.readAt}, 'epoch'::timestamptz))::int`,
      })
      .from(supportTickets)
      .leftJoin(
        ticketReads,
        and(eq(ticketReads.ticketId, supportTickets.id), eq(ticketReads.userId, actor.id)),
      )
      .where(visible);
    const recent = await this.options.db
      .select()
      .from(supportTickets)
      .where(visible)
      .orderBy(desc(supportTickets.activityAt))
      .limit(5);
    const replies = await this.options.db
      .select({
        ticketId: ticketMessages.ticketId,
        protocol: supportTickets.protocol,
        authorName: ticketMessages.authorName,
        at: ticketMessages.createdAt,
      })
      .from(ticketMessages)
      .innerJoin(supportTickets, eq(supportTickets.id, ticketMessages.ticketId))
      .where(and(visible, eq(ticketMessages.author, "support")))
      .orderBy(desc(ticketMessages.createdAt))
      .limit(5);
    return {
      open: counts?.open ?? 0,
      inProgress: counts?.inProgress ?? 0,
      unread: counts?.unread ?? 0,
      recent: recent.map((t) => ({
        id: t.id,
        protocol: t.trackerKey ?? t.protocol,
        subject: t.subject,
        status: ticketStatus(t.statusCategory as StatusCategory),
        activityAt: t.activityAt.toISOString(),
      })),
      lastReplies: replies.map((r) => ({ ...r, at: r.at.toISOString() })),
    };
  }

  /** The change of status, its job to Jira and its audit entry (ticket.resolve, ticket.reopen) at once. */
  private async transition(
    ticket: TicketRow,
    to: "resolve" | "reopen",
    changes: { statusCategory: StatusCategory; resolvedAt: Date | null },
    actor: PortalActor,
    target: string,
  ): Promise<void> {
    const now = this.now();
    await this.options.db.transaction(async (tx) => {
      await tx
        .update(supportTickets)
        .set({ ...changes, statusName: null, statusAt: now, activityAt: now })
        .where(eq(supportTickets.id, ticket.id));
      await queueTicketTransition(tx, ticket.id, to, now);
      await this.options.audit.record(
        { actor: actor.email, action: `ticket.${to}`, target, detail: { company: actor.companyId } },
        tx,
      );
    });
    this.options.kick?.();
  }

  private async markRead(actor: PortalActor, ticketId: string): Promise<void> {
    const now = this.now();
    await this.options.db
      .insert(ticketReads)
      .values({ ticketId, userId: actor.id, readAt: now })
      .onConflictDoUpdate({ target: [ticketReads.ticketId, ticketReads.userId], set: { readAt: now } });
  }

  /** Files kept under random names in the private store, before the rows that name them. */
  private async store(files: CheckedFile[]) {
    return Promise.all(
      files.map(async (file) => {
        const storageName = randomUUID();
        await this.options.storage.put(storageName, file.bytes);
        return {
          id: randomUUID(),
          filename: file.filename,
          mimeType: file.mimeType,
          size: file.bytes.byteLength,
          storageName,
        };
      }),
    );
  }

  /** The tickets the actor may see, as a condition (the same rule as canSeeTicket). */
  private visibleTo(actor: PortalActor): SQL {
    const company = eq(supportTickets.companyId, actor.companyId);
    return canSeeTicket(actor, { companyId: actor.companyId, reporterId: null })
      ? company
      : and(company, eq(supportTickets.reporterId, actor.id))!;
  }

  /** A ticket the actor may see; anything else (another company's, a colleague's) is "not found". */
  private async visible(actor: PortalActor, id: string): Promise<TicketRow> {
    if (!isUuid(id)) throw new DomainError("not-found", "tickets.notFound");
    const [ticket] = await this.options.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    if (!ticket || !canSeeTicket(actor, ticket)) throw new DomainError("not-found", "tickets.notFound");
    return ticket;
  }

  private listItem(actor: PortalActor, ticket: TicketRow, readAt: Date | null): TicketListItem {
    return {
      id: ticket.id,
      protocol: ticket.protocol,
      trackerKey: ticket.trackerKey,
      subject: ticket.subject,
      category: ticket.category,
      priority: ticket.priority,
      status: ticketStatus(ticket.statusCategory as StatusCategory),
      reporterName: ticket.reporterName,
      mine: ticket.reporterId === actor.id,
      unread: ticket.supportRepliedAt !== null && (readAt === null || ticket.supportRepliedAt > readAt),
      activityAt: ticket.activityAt.toISOString(),
      createdAt: ticket.createdAt.toISOString(),
    };
  }
}
