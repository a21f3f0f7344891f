import { AsyncResource } from "node:async_hooks";
import type { RequestHandler } from "express";
import { normalisePath } from "./rate-limit.ts";
import { isDone, whenDone } from "./render-flights.ts";

/**
 * Page renders at a time, per process. A render is CPU work on the one thread, so running more at
 * once does not finish them sooner: 50 interleaved renders all end late (each waits for the
 * others), and each holds its React tree, loader data and HTML meanwhile. In turns, the first ones
 * are answered early: under bench:load's 50 connections the rendered home's p99 went from 3.5 s to
 * 1.5 s and its rate from 58 to 67 a second (decision 086). Enough slots remain for renders waiting on
 * the database to let others use the core.
 */
export const RENDER_SLOTS = 8;

/**
 * Lets at most `slots` page requests (everything but /api) through at a time; the others wait in
 * arrival order. A slot is freed when the answer is sent or the connection closes, whichever way;
 * a request whose visitor leaves while it waits is taken out of the line at once, never rendered.
 */
export function renderQueue(slots: number = RENDER_SLOTS): RequestHandler & { readonly waiting: number } {
  let running = 0;
  // In arrival order; a Set so that a visitor who leaves is taken out without a scan.
  const queue = new Set<() => void>();
  const release = () => {
    const [next] = queue;
    if (next) {
      queue.delete(next);
      next();
    } else running--;
  };
  const handler: RequestHandler = (req, res, next) => {
    // Spelled as the rate limits read it, so /API/… or /api%2F… is not mistaken for a page.
    if (normalisePath(req.path).startsWith("/api/")) return next();
    if (isDone(res)) return;
    const start = () => {
      if (isDone(res)) return release();
      let freed = false;
      const free = () => {
        if (freed) return;
        freed = true;
        release();
      };
      // whenDone, not res.once("close"): a close that already happened would never free the slot.
      whenDone(res, free);
      next();
    };
    if (running < slots) {
      running++;
      start();
      return;
    }
    // Started later from another request's answer: in this request's own async context, where the
    // page cache collects what its render reads (server/cache/surrogate-keys.ts).
    const later = AsyncResource.bind(start);
    queue.add(later);
    whenDone(res, () => queue.delete(later));
  };
  return Object.defineProperty(handler, "waiting", { get: () => queue.size }) as RequestHandler & {
    readonly waiting: number;
  };
}
