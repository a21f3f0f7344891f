/**
 * Timing rules of the hero carousel (A §4, §9), as plain functions so they can be tested without a
 * browser: auto-advance with wrap-around, pause while hovered, manual navigation pausing then
 * resuming after a delay, and a swipe threshold.
 */
export const HERO_INTERVAL_MS = { desktop: 8000, mobile: 7000 } as const;
export const RESUME_AFTER_MANUAL_MS = 2000;
export const RESUME_AFTER_DOT_MS = 3000;
export const SWIPE_THRESHOLD_PX = 50;

export interface CarouselState {
  index: number;
  count: number;
  /** Paused by the pointer resting on the carousel (shows the 'Pausado' badge). */
  hovered: boolean;
  /** Paused until this time after a manual move (ms since epoch), or null. */
  resumeAt: number | null;
}

export type CarouselEvent =
  | { type: "tick"; now: number }
  | { type: "next" | "previous"; now: number }
  | { type: "go"; index: number; now: number }
  | { type: "hover"; hovered: boolean }
  | { type: "swipe"; deltaX: number; now: number };

export function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

export function isPaused(state: CarouselState, now: number): boolean {
  return state.hovered || (state.resumeAt !== null && now < state.resumeAt);
}

/**
 * How long until the next automatic move, or null while the pointer rests on the carousel. The
 * cycle restarts after every move; after a manual one it starts again once the pause ends (A §9:
 * resume 2000 ms after arrows and swipes, 3000 ms after a dot), so a chosen slide stays a full interval.
 */
export function nextAdvanceDelay(state: CarouselState, now: number, intervalMs: number): number | null {
  if (state.hovered || state.count < 2) return null;
  return Math.max(0, (state.resumeAt ?? now) - now) + intervalMs;
}

export function carouselReducer(state: CarouselState, event: CarouselEvent): CarouselState {
  switch (event.type) {
    case "tick":
      // The timer fires every interval; it moves only when nothing holds the carousel.
      if (isPaused(state, event.now) || state.count < 2) return state;
      return { ...state, index: wrap(state.index + 1, state.count), resumeAt: null };
    case "next":
    case "previous":
      return {
        ...state,
        index: wrap(state.index + (event.type === "next" ? 1 : -1), state.count),
        resumeAt: event.now + RESUME_AFTER_MANUAL_MS,
      };
    case "go":
      return { ...state, index: wrap(event.index, state.count), resumeAt: event.now + RESUME_AFTER_DOT_MS };
    case "hover":
      return { ...state, hovered: event.hovered };
    case "swipe":
      // A swipe under the threshold is a tap or a scroll, not a navigation.
      if (Math.abs(event.deltaX) <= SWIPE_THRESHOLD_PX) return state;
      return carouselReducer(state, { type: event.deltaX < 0 ? "next" : "previous", now: event.now });
  }
}
