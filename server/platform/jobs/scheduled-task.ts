import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { scheduledTasks } from "../../db/schema.ts";

/**
 * The lease of a periodic task that runs on one instance at a time (a row of scheduled_tasks per
 * task): an instance claims it when it is free or its holder's lease ran out (a stalled or killed
 * instance), and gives it back when its run ends. Used by the Jira reconciliation and the invoice
 * reminders.
 */
export class ScheduledTask {
  /** Who holds the lease while this process runs the task. */
  readonly holder: string;

  constructor(
    private readonly db: Database,
    readonly name: string,
    /** A run holds the lease this long at most. */
    private readonly leaseMs: number,
    holder?: string,
  ) {
    this.holder = holder ?? `${name}-${process.pid}-${randomBytes(3).toString("hex")}`;
  }

  /** Takes the lease when it is free or ran out; answers when the task last succeeded, or null when another holds it. */
  async claim(now: Date): Promise<{ lastSuccessAt: Date | null } | null> {
    await this.db.insert(scheduledTasks).values({ name: this.name }).onConflictDoNothing();
    const [row] = await this.db
      .update(scheduledTasks)
      .set({ lockedBy: this.holder, lockedUntil: new Date(now.getTime() + this.leaseMs) })
      .where(
        and(
          eq(scheduledTasks.name, this.name),
          or(isNull(scheduledTasks.lockedUntil), lt(scheduledTasks.lockedUntil, now)),
        ),
      )
      .returning({ lastSuccessAt: scheduledTasks.lastSuccessAt });
    return row ?? null;
  }

  /** Gives the lease back; a successful run records when it started (`succeededAt`). */
  async release(succeededAt: Date | null): Promise<void> {
    await this.db
      .update(scheduledTasks)
      .set({
        lockedBy: null,
        lockedUntil: null,
        ...(succeededAt ? { lastSuccessAt: succeededAt } : {}),
      })
      .where(and(eq(scheduledTasks.name, this.name), eq(scheduledTasks.lockedBy, this.holder)));
  }
}
