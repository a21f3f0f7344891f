import { desc } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

/**
 * What an admin did (decision 072): content.save, content.restore, lead.retry, lead.release,
 * lead.discard, user.*.
 */
export interface AuditEntry {
  actor: string;
  action: string;
  target: string;
  detail?: Record<string, unknown>;
}

/**
 * Who acts: the person a service records as the entry's actor. A signed-in user (PublicUser) and
 * a portal member (PortalActor) both are one.
 */
export interface AuditActor {
  email: string;
}

/**
 * The audit log of admin writes: who, when, what. Never holds passwords or a person's data. The
 * services write it (decision 072): each audited operation takes the acting person and records its
 * entry once it succeeded, in the operation's own transaction when it has one.
 */
export class AuditLog {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Writes an entry; `db` is the caller's transaction when the entry belongs to its writes. */
  async record(entry: AuditEntry, db: Database = this.db): Promise<void> {
    await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? null, at: this.now() });
  }

  async recent(limit = 20): Promise<(AuditEntry & { at: string })[]> {
    const rows = await this.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
    return rows.map((row) => ({
      actor: row.actor,
      action: row.action,
      target: row.target,
      detail: row.detail ?? undefined,
      at: row.at.toISOString(),
    }));
  }
}
