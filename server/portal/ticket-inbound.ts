import { type StatusCategory, ticketStatus } from "@domain/portal/tickets.ts";
import { and, eq, isNull, lt, lte, notInArray, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deliveryJobs, supportTickets, ticketMessages, users } from "../db/schema.ts";
import { MAX_JOB_ATTEMPTS } from "../platform/outbox/retry-policy.ts";
import { adfToText } from "../tracker/adf.ts";
import type { JiraComment } from "../tracker/jira-client.ts";
import { jiraTime } from "../tracker/webhook.ts";
import { PORTAL_COMMENT_MARK } from "./ticket-delivery.ts";
import { languageOf, replyMail, statusMail, type TicketMail } from "./ticket-mail.ts";
import type { TicketRow } from "./tickets.ts";

/**
 * Queues an e-mail to a ticket's reporter, in their language, in the caller's transaction; a reporter
 * removed from the company no longer hears of it.
 */
export async function queueReporterMail(
  db: Database,
  ticket: TicketRow,
  now: Date,
  compose: (language: "pt" | "en") => TicketMail,
): Promise<void> {
  if (!ticket.reporterId) return;
  const [reporter] = await db
    .select({ preferences: users.preferences })
    .from(users)
    .where(eq(users.id, ticket.reporterId));
  if (!reporter) return;
  await db.insert(deliveryJobs).values({
    ticketId: ticket.id,
    kind: "mail",
    payload: compose(languageOf(reporter.preferences)),
    maxAttempts: MAX_JOB_ATTEMPTS.mail,
    runAt: now,
  });
}

/** Who a support comment is shown as when Jira gives no name. */
const SUPPORT_NAME = "Equipe de suporte";

function time(value: string | undefined, fallback: Date): Date {
  return jiraTime(value) ?? fallback;
}

/**
 * What Jira tells a support ticket (decision 094), from a webhook or the reconciliation, applied in the
 * caller's transaction: its status (by category), and support's public comments (created, edited,
 * deleted, or restricted after the fact, which hides them). The portal's own comments, echoed back,
 * are known by their mark and skipped. The reporter gets an e-mail, through the outbox, when support
 * replies or the status changes.
 */
export class TicketInbound {
  private readonly now: () => Date;

  constructor(private readonly options: { publicBaseUrl: string; now?: () => Date }) {
    this.now = options.now ?? (() => new Date());
  }

  /** The status of the ticket whose issue is `issueKey`, as of `at`; an older news changes nothing. */
  async applyStatus(
    db: Database,
    issueKey: string,
    statusName: string,
    category: StatusCategory,
    at: Date,
  ): Promise<boolean> {
    const ticket = await this.ticketOf(db, issueKey);
    if (!ticket || (ticket.statusAt && ticket.statusAt > at)) return false;
    const changed = ticket.statusCategory !== category;
    await db
      .update(supportTickets)
      .set({
        statusName,
        statusCategory: category,
        statusAt: at,
        ...(changed ? { resolvedAt: category === "done" ? at : null, activityAt: this.now() } : {}),
      })
      .where(
        and(
          eq(supportTickets.id, ticket.id),
          or(isNull(supportTickets.statusAt), lte(supportTickets.statusAt, at)),
        ),
      );
    if (changed)
      await queueReporterMail(db, ticket, this.now(), (language) =>
        statusMail(ticket, ticketStatus(category), language, this.options.publicBaseUrl),
      );
    return changed;
  }

  /** One comment event: a public support comment is shown (or updated); a restricted or deleted one is not. */
  async applyComment(
    db: Database,
    issueKey: string,
    action: "created" | "updated" | "deleted",
    comment: JiraComment,
  ): Promise<boolean> {
    const ticket = await this.ticketOf(db, issueKey);
    if (!ticket) return false;
    if (action === "deleted" || comment.visibility) return this.hide(db, ticket.id, [String(comment.id)]);
    return this.show(db, ticket, comment);
  }

  /**
   * The reconciliation's view of an issue's comments (all of them): each public support comment
   * shown as it is now, and any shown one no longer public (deleted, restricted) hidden.
   */
  async syncComments(db: Database, issueKey: string, comments: JiraComment[]): Promise<boolean> {
    const ticket = await this.ticketOf(db, issueKey);
    if (!ticket) return false;
    let changed = false;
    const visible = comments.filter((c) => !c.visibility);
    for (const comment of visible) changed = (await this.show(db, ticket, comment)) || changed;
    const keep = visible.map((c) => String(c.id));
    const gone = await db
      .delete(ticketMessages)
      .where(
        and(
          eq(ticketMessages.ticketId, ticket.id),
          eq(ticketMessages.author, "support"),
          keep.length ? notInArray(ticketMessages.jiraCommentId, keep) : undefined,
        ),
      )
      .returning({ id: ticketMessages.id });
    return changed || gone.length > 0;
  }

  private async show(db: Database, ticket: TicketRow, comment: JiraComment): Promise<boolean> {
    const commentId = String(comment.id);
    const body = adfToText(comment.body);
    if (PORTAL_COMMENT_MARK.test(body)) return false;
    const [ours] = await db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .where(
        and(
          eq(ticketMessages.ticketId, ticket.id),
          eq(ticketMessages.jiraCommentId, commentId),
          eq(ticketMessages.author, "customer"),
        ),
      );
    if (ours) return false;
    const now = this.now();
    const created = time(comment.created, now);
    const updated = time(comment.updated, created);
    const [existing] = await db
      .select()
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, ticket.id), eq(ticketMessages.jiraCommentId, commentId)));
    if (existing) {
      if (existing.jiraUpdatedAt && existing.jiraUpdatedAt >= updated) return false;
      if (existing.body === body) return false;
      await db
        .update(ticketMessages)
        .set({ body, jiraUpdatedAt: updated })
        .where(
          and(
            eq(ticketMessages.id, existing.id),
            or(isNull(ticketMessages.jiraUpdatedAt), lt(ticketMessages.jiraUpdatedAt, updated)),
          ),
        );
      return true;
    }
    const inserted = await db
      .insert(ticketMessages)
      .values({
        id: crypto.randomUUID(),
        ticketId: ticket.id,
        author: "support",
        authorName: comment.author?.displayName?.trim() || SUPPORT_NAME,
        body: body || "…",
        jiraCommentId: commentId,
        jiraUpdatedAt: updated,
        createdAt: created,
      })
      .onConflictDoNothing()
      .returning({ id: ticketMessages.id });
    if (inserted.length === 0) return false;
    await db
      .update(supportTickets)
      .set({ supportRepliedAt: now, activityAt: now })
      .where(eq(supportTickets.id, ticket.id));
    await queueReporterMail(db, ticket, this.now(), (language) =>
      replyMail(ticket, language, this.options.publicBaseUrl),
    );
    return true;
  }

  private async hide(db: Database, ticketId: string, commentIds: string[]): Promise<boolean> {
    const removed = await db
      .delete(ticketMessages)
      .where(
        and(
          eq(ticketMessages.ticketId, ticketId),
          eq(ticketMessages.author, "support"),
          or(...commentIds.map((id) => eq(ticketMessages.jiraCommentId, id))),
        ),
      )
      .returning({ id: ticketMessages.id });
    return removed.length > 0;
  }

  private async ticketOf(db: Database, issueKey: string): Promise<TicketRow | null> {
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.trackerKey, issueKey));
    return ticket ?? null;
  }
}
