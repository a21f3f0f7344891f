import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import { ScheduledTask } from "./scheduled-task.ts";

export interface PeriodicJobOptions<R> {
  db: Database;
  /** The task's row in scheduled_tasks (one lease per name across instances). */
  name: string;
  /** A run holds the lease this long at most (a stalled instance's lease runs out, another takes over). */
  leaseMs: number;
  intervalMs: number;
  logger: Pick<Logger, "warn">;
  /** What the log says when a run fails (it is tried again at the next tick). */
  failureMessage: string;
  now?: () => Date;
  /** One run's work, with when it started and when a run last succeeded (null: never). */
  work: (startedAt: Date, lastSuccessAt: Date | null) => Promise<R>;
}

/**
 * A task of the job loop that runs every `intervalMs` on one instance at a time (a lease in
 * scheduled_tasks): the Jira reconciliation, the invoice reminders, the scheduled publications.
 * A failed run gives the lease back without recording a success, so the next tick (here or on
 * another instance) starts again from the last good run.
 */
export class PeriodicJob<R> {
  private readonly lease: ScheduledTask;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<R | null> | null = null;

  constructor(private readonly options: PeriodicJobOptions<R>) {
    this.now = options.now ?? (() => new Date());
    this.lease = new ScheduledTask(
      options.db,
      options.name,
      options.leaseMs,
      `${options.name}-${process.pid}-${randomBytes(3).toString("hex")}`,
    );
  }

  /** Its name and period (the metrics' periodic_job_interval_seconds). */
  get schedule(): { name: string; intervalMs: number } {
    return { name: this.options.name, intervalMs: this.options.intervalMs };
  }

  /** Runs at once-ish (within 30 s of the start, so a restart catches up), then every interval. */
  start(): void {
    const tick = () => {
      void this.run().catch((error: Error) =>
        this.options.logger.warn(
          { err: error.message, task: this.options.name },
          this.options.failureMessage,
        ),
      );
      this.timer = setTimeout(tick, this.options.intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, Math.min(this.options.intervalMs, 30_000));
    this.timer.unref();
  }

  /** No more ticks; a run in progress finishes first. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** One run, unless another instance (or this one) holds the lease: then null. */
  run(): Promise<R | null> {
    if (this.running) return this.running;
    this.running = this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runOnce(): Promise<R | null> {
    const startedAt = this.now();
    const lease = await this.lease.claim(startedAt);
    if (!lease) return null;
    try {
      const result = await this.options.work(startedAt, lease.lastSuccessAt);
      await this.lease.release(startedAt);
      return result;
    } catch (error) {
      await this.lease.release(null).catch(() => {});
      throw error;
    }
  }
}
