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

/** The audit log of admin writes: who, when, what. Never holds passwords or a person's data. */
export class AuditLog {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values({ ...entry, detail: entry.detail ?? null, at: this.now() });
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
      detail: (row.detail as Record<string, unknown> | null) ?? undefined,
      at: row.at.toISOString(),
    }));
  }
}
