import { and, eq, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { CircuitState } from "../../db/enums.ts";
import { outsideCircuits } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { type CallVerdict, type Opening, openingAfter, PROBE_LEASE_MS } from "./circuit-rules.ts";

export type CircuitRow = typeof outsideCircuits.$inferSelect;

/** A call refused without being made: its service's circuit is open (decision 124). */
export class CircuitOpenError extends Error {
  override name = "CircuitOpenError";
  constructor(
    readonly service: string,
    readonly circuit: CircuitRow | undefined,
  ) {
    super(`${service} indisponível: chamadas suspensas até a próxima sondagem`);
  }
}

/** One service's circuit, as the code that calls the service uses it. */
export interface ServiceCircuit {
  /** Whether a call may go now: the circuit is closed, or this instance holds its probe. */
  allows(): boolean;
  /**
   * Makes the call if the circuit allows it (else throws CircuitOpenError without calling), and
   * counts how it ended by `verdict` of its error (a success: "answered").
   */
  call<T>(run: () => Promise<T>, verdict: (error: unknown) => CallVerdict): Promise<T>;
  /** Counts a call made without `call` (one whose answer, not an error, tells how it went). */
  report(ended: CallVerdict): Promise<void>;
  /** Throws CircuitOpenError unless a call may go now. */
  assertAllows(): void;
}

export interface CircuitsOptions {
  db: Database;
  logger: Logger;
  now?: () => Date;
  random?: () => number;
  /** How stale this instance's view of the shared circuits may get (another instance's openings). */
  refreshMs?: number;
  /** Failures in a row that open a circuit (FAILURES_TO_OPEN; tests of a job's own retries raise it). */
  failuresToOpen?: number;
}

/** What a listener hears: a service's circuit as this instance now sees it. */
export type CircuitListener = (service: string, state: CircuitState) => void;

/**
 * The circuits of the outside services (decision 124), shared by every instance through the
 * database: a row per service that is or was open. Each instance counts its own failures in a row,
 * and writes only when a circuit opens, is probed or closes; it reads the others' every `refreshMs`,
 * so the visitors' path asks a map, never the database.
 */
export class OutsideCircuits {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly refreshMs: number;
  private readonly failuresToOpen: number | undefined;
  /** The circuits not closed, as last read or written by this instance. */
  private view = new Map<string, CircuitRow>();
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private readonly failuresInRow = new Map<string, number>();
  /** The services whose probe this instance holds. */
  private readonly probing = new Set<string>();
  private readonly listeners = new Set<CircuitListener>();
  /** How often this instance opened each circuit: whether one opened during an attempt. */
  private readonly openings = new Map<string, number>();
  /** When this instance last wrote each circuit: a read begun before it must not undo it. */
  private readonly writtenAt = new Map<string, number>();

  constructor(options: CircuitsOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.refreshMs = options.refreshMs ?? 1_000;
    this.failuresToOpen = options.failuresToOpen;
  }

  /** The service's circuit as this instance knows it (re-read in the background when stale). */
  state(service: string): CircuitState {
    this.refreshIfStale();
    return this.view.get(service)?.state ?? "closed";
  }

  /** The row of a circuit that is not closed. */
  circuit(service: string): CircuitRow | undefined {
    this.refreshIfStale();
    return this.view.get(service);
  }

  /** Every circuit that is not closed. */
  notClosed(): CircuitRow[] {
    this.refreshIfStale();
    return [...this.view.values()];
  }

  allows(service: string): boolean {
    return this.state(service) === "closed" || this.probing.has(service);
  }

  /** Hears every change this instance makes or reads. */
  onChange(listener: CircuitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  for(service: string): ServiceCircuit {
    return {
      allows: () => this.allows(service),
      call: (run, verdict) => this.call(service, run, verdict),
      report: (ended) => this.report(service, ended),
      assertAllows: () => {
        if (!this.allows(service)) throw new CircuitOpenError(service, this.view.get(service));
      },
    };
  }

  async call<T>(
    service: string,
    run: () => Promise<T>,
    verdict: (error: unknown) => CallVerdict,
  ): Promise<T> {
    if (!this.allows(service)) throw new CircuitOpenError(service, this.view.get(service));
    let result: T;
    try {
      result = await run();
    } catch (error) {
      await this.report(service, verdict(error));
      throw error;
    }
    await this.answered(service);
    return result;
  }

  report(service: string, ended: CallVerdict): Promise<void> {
    return ended.verdict === "answered" ? this.answered(service) : this.failed(service, ended);
  }

  /** The service answered: its failures in a row end, and a circuit not closed closes. */
  async answered(service: string): Promise<void> {
    this.failuresInRow.delete(service);
    if (this.view.has(service) || this.probing.has(service)) await this.close(service);
  }

  /** A call failed for the service: counted, and the circuit opened when the rules say so. */
  async failed(service: string, failure: Exclude<CallVerdict, { verdict: "answered" }>): Promise<void> {
    const failuresInRow = (this.failuresInRow.get(service) ?? 0) + 1;
    this.failuresInRow.set(service, failuresInRow);
    const current = this.view.get(service);
    const probe = this.probing.has(service);
    // Already open and not ours to probe: nothing new to say (other calls were in flight when it opened).
    if (
      current?.state === "open" &&
      !probe &&
      failure.verdict === "failed" &&
      failure.retryAfterMs === undefined
    )
      return;
    const opening = openingAfter(
      failure,
      {
        failuresInRow,
        state: probe ? "half_open" : (current?.state ?? "closed"),
        probesFailed: probe ? (current?.probes ?? 0) + 1 : (current?.probes ?? 0),
        now: this.now(),
        ...(this.failuresToOpen !== undefined ? { failuresToOpen: this.failuresToOpen } : {}),
      },
      this.random,
    );
    if (opening) await this.open(service, opening, probe);
  }

  private async open(service: string, opening: Opening, probeFailed: boolean): Promise<void> {
    const now = this.now();
    try {
      const [row] = await this.db
        .insert(outsideCircuits)
        .values({ service, state: "open", ...opening, openedAt: now, probes: 0, updatedAt: now })
        .onConflictDoUpdate({
          target: outsideCircuits.service,
          set: {
            state: "open",
            reason: sql`excluded.reason`,
            detail: sql`excluded.detail`,
            probeAt: sql`excluded.probe_at`,
            // Kept through probes: "since when" is when it left closed.
            openedAt: sql`case when ${outsideCircuits.state} = 'closed' then excluded.opened_at else ${outsideCircuits.openedAt} end`,
            probes: probeFailed
              ? sql`${outsideCircuits.probes} + 1`
              : sql`case when ${outsideCircuits.state} = 'closed' then 0 else ${outsideCircuits.probes} end`,
            updatedAt: now,
          },
        })
        .returning();
      this.probing.delete(service);
      this.writtenAt.set(service, performance.now());
      this.openings.set(service, (this.openings.get(service) ?? 0) + 1);
      if (!row) return;
      const was = this.view.get(service)?.state ?? "closed";
      this.view.set(service, row);
      if (was === "closed")
        this.logger.warn(
          { service, reason: row.reason, detail: row.detail, probeAt: row.probeAt },
          "outside service circuit opened",
        );
      this.emit(service, "open");
    } catch (error) {
      this.logger.warn({ service, err: (error as Error).message }, "circuit not opened");
    }
  }

  /** Closes the circuit (its probe, or any call, was answered); resolves once written. */
  async close(service: string): Promise<void> {
    this.probing.delete(service);
    try {
      const closed = await this.db
        .update(outsideCircuits)
        .set({ state: "closed", reason: null, detail: null, probeAt: null, probes: 0, updatedAt: this.now() })
        .where(and(eq(outsideCircuits.service, service), ne(outsideCircuits.state, "closed")))
        .returning({ service: outsideCircuits.service, openedAt: outsideCircuits.openedAt });
      this.writtenAt.set(service, performance.now());
      const known = this.view.delete(service);
      if (closed.length > 0) this.logger.info({ service }, "outside service circuit closed");
      if (closed.length > 0 || known) this.emit(service, "closed");
    } catch (error) {
      this.logger.warn({ service, err: (error as Error).message }, "circuit not closed");
    }
  }

  /**
   * Takes the probe of every open circuit whose probe is due (one instance wins each): this
   * instance may then call the service once, and the circuit is half-open until it knows.
   */
  async claimProbes(): Promise<string[]> {
    const now = this.now();
    // Nothing open as far as this instance knows (read every second): no query on the visitors' kicks.
    if (!this.notClosed().some((row) => !row.probeAt || row.probeAt <= now)) return [];
    const won = await this.db
      .update(outsideCircuits)
      .set({ state: "half_open", probeAt: new Date(now.getTime() + PROBE_LEASE_MS), updatedAt: now })
      .where(and(ne(outsideCircuits.state, "closed"), lte(outsideCircuits.probeAt, now)))
      .returning();
    for (const row of won) {
      this.probing.add(row.service);
      this.writtenAt.set(row.service, performance.now());
      this.view.set(row.service, row);
      this.emit(row.service, "half_open");
    }
    return won.map((row) => row.service);
  }

  /** How many times this instance has opened the service's circuit (compare before and after a call). */
  openingsOf(service: string): number {
    return this.openings.get(service) ?? 0;
  }

  /**
   * A probe that ended without telling anything of the service (its job failed before calling it):
   * the circuit goes back to open, probed again at the next cycle with the next job.
   */
  async releaseProbe(service: string): Promise<void> {
    if (!this.probing.delete(service)) return;
    const now = this.now();
    try {
      const [row] = await this.db
        .update(outsideCircuits)
        .set({ state: "open", probeAt: now, updatedAt: now })
        .where(and(eq(outsideCircuits.service, service), eq(outsideCircuits.state, "half_open")))
        .returning();
      this.writtenAt.set(service, performance.now());
      if (row) this.view.set(service, row);
    } catch (error) {
      this.logger.warn({ service, err: (error as Error).message }, "probe not released");
    }
  }

  /** Every open circuit probed at once: a restart is the moment a fixed configuration (a new token) shows. */
  async probeNow(): Promise<void> {
    const now = this.now();
    await this.db
      .update(outsideCircuits)
      .set({ probeAt: now, updatedAt: now })
      .where(ne(outsideCircuits.state, "closed"));
    await this.refresh();
  }

  /** Every circuit not closed, read now (for the admin's screens). */
  async listOpen(): Promise<CircuitRow[]> {
    await this.refresh();
    return [...this.view.values()].sort((a, b) => a.service.localeCompare(b.service));
  }

  /** Reads every circuit that is not closed. */
  async refresh(): Promise<void> {
    const began = performance.now();
    const rows = await this.db.select().from(outsideCircuits).where(ne(outsideCircuits.state, "closed"));
    this.readAt = performance.now();
    const next = new Map(rows.map((row) => [row.service, row]));
    const previous = this.view;
    // What this instance wrote while the read was on its way is newer than what it read.
    for (const [service, at] of this.writtenAt) {
      if (at < began) continue;
      const mine = previous.get(service);
      if (mine) next.set(service, mine);
      else next.delete(service);
    }
    this.view = next;
    for (const [service, row] of next)
      if (previous.get(service)?.state !== row.state) this.emit(service, row.state);
    for (const service of previous.keys()) {
      if (next.has(service)) continue;
      this.probing.delete(service);
      this.emit(service, "closed");
    }
  }

  private refreshIfStale(): void {
    if (this.reading || performance.now() - this.readAt < this.refreshMs) return;
    this.reading = this.refresh()
      .catch((error: Error) => this.logger.warn({ err: error.message }, "circuits not read"))
      .finally(() => {
        this.reading = null;
      });
  }

  private emit(service: string, state: CircuitState): void {
    for (const listener of this.listeners) listener(service, state);
  }
}
