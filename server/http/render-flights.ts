import type { ServerResponse } from "node:http";

/**
 * How long a request waits for another request's render of the same page before it renders the page
 * itself. A render takes tens of milliseconds; seconds mean the renderer is stuck behind a queue or
 * a slow database, and a visitor should not pay for that with an answer that never comes.
 */
export const WAIT_LIMIT_MS = 3_000;

/** Runs `run` after `ms` and answers a function that cancels it (injected by tests). */
export type Schedule = (run: () => void, ms: number) => () => void;

export const realSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * Whether nobody can be answered on this response any more: sent, or its visitor left. The socket
 * is asked too: it is destroyed a moment before the response hears of it.
 */
export function isDone(res: ServerResponse): boolean {
  return res.closed || res.destroyed || res.writableFinished || res.req?.socket?.destroyed === true;
}

/**
 * Runs `then` once the response is done, whatever way: sent, its visitor left, or it failed. Unlike
 * `res.once("close")` alone, it also runs for a response that was done before it was asked: a close
 * event that already happened never comes again (decision 090: a key stayed "rendering" for good).
 */
export function whenDone(res: ServerResponse, then: () => void): void {
  if (res.closed) queueMicrotask(then);
  else res.once("close", then);
}

interface Waiter {
  res: ServerResponse;
  /** Called when the render in flight landed, to serve this request again. */
  resume: () => void;
  cancelTimer: () => void;
}

interface Flight {
  startedAt: number;
  waiters: Set<Waiter>;
}

/**
 * One render of a page at a time (the page cache's single flight), with bounds: a request waits for
 * another's render for at most `waitLimitMs` in all, then renders itself; a request whose visitor
 * leaves while it waits is forgotten at once; a render that takes longer than the limit no longer
 * holds the others back; and the key is given back when the renderer's response is done in any way
 * (sent, abandoned, failed). Nothing a visitor leaves behind can keep a key for the next one.
 */
export class RenderFlights {
  private readonly flights = new Map<string, Flight>();
  private readonly now: () => number;
  private readonly schedule: Schedule;
  private readonly waitLimitMs: number;

  constructor(options: { now: () => number; schedule?: Schedule; waitLimitMs?: number }) {
    this.now = options.now;
    this.schedule = options.schedule ?? realSchedule;
    this.waitLimitMs = options.waitLimitMs ?? WAIT_LIMIT_MS;
  }

  /** Whether a render of `key` is in flight and still worth waiting for. */
  /** Renders under way, and requests waiting for one of them (the metrics' render queue). */
  counts(): { rendering: number; waiting: number } {
    let waiting = 0;
    for (const flight of this.flights.values()) waiting += flight.waiters.size;
    return { rendering: this.flights.size, waiting };
  }

  inFlight(key: string): boolean {
    const flight = this.flights.get(key);
    return flight !== undefined && this.now() - flight.startedAt < this.waitLimitMs;
  }

  /** Takes `key` for the render answered on `res`; it is given back when that response is done. */
  claim(key: string, res: ServerResponse): void {
    const flight: Flight = { startedAt: this.now(), waiters: new Set() };
    this.flights.set(key, flight);
    whenDone(res, () => this.land(key, flight));
  }

  /**
   * Parks a request until the render of `key` lands, then `resume` serves it again (from the page
   * kept, or by rendering when nothing was kept). `waitedSince` is when the request began waiting,
   * over every render it waited for: past the limit, `giveUp` runs instead (the request renders).
   */
  wait(key: string, res: ServerResponse, waitedSince: number, resume: () => void, giveUp: () => void): void {
    const flight = this.flights.get(key);
    const left = this.waitLimitMs - (this.now() - waitedSince);
    if (!flight || left <= 0) {
      giveUp();
      return;
    }
    const waiter: Waiter = {
      res,
      resume,
      cancelTimer: this.schedule(() => {
        if (!flight.waiters.delete(waiter)) return;
        giveUp();
      }, left),
    };
    flight.waiters.add(waiter);
    // A visitor who leaves while waiting is forgotten now, not when the render lands.
    whenDone(res, () => {
      if (flight.waiters.delete(waiter)) waiter.cancelTimer();
    });
  }

  /** Requests waiting for renders in flight. */
  get waiting(): number {
    let count = 0;
    for (const flight of this.flights.values()) count += flight.waiters.size;
    return count;
  }

  /** Keys being rendered (tests: a finished burst leaves none). */
  get size(): number {
    return this.flights.size;
  }

  private land(key: string, flight: Flight): void {
    if (this.flights.get(key) === flight) this.flights.delete(key);
    const waiters = [...flight.waiters];
    flight.waiters.clear();
    for (const waiter of waiters) {
      waiter.cancelTimer();
      // Served again, the first of them renders if nothing was kept: never one whose visitor left.
      if (!isDone(waiter.res)) waiter.resume();
    }
  }
}
