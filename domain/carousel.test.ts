import { describe, expect, it } from "vitest";
import {
  type CarouselState,
  carouselReducer,
  HERO_INTERVAL_MS,
  isPaused,
  nextAdvanceDelay,
  RESUME_AFTER_DOT_MS,
  RESUME_AFTER_MANUAL_MS,
  SWIPE_THRESHOLD_PX,
} from "./carousel.ts";

const start: CarouselState = { index: 0, count: 3, hovered: false, resumeAt: null };

describe("hero carousel timing (A §4, §9)", () => {
  it("uses 8000 ms on desktop and 7000 ms on phones", () => {
    expect(HERO_INTERVAL_MS).toEqual({ desktop: 8000, mobile: 7000 });
  });

  it("auto-advances with wrap-around", () => {
    let state = start;
    for (const expected of [1, 2, 0, 1]) {
      state = carouselReducer(state, { type: "tick", now: 0 });
      expect(state.index).toBe(expected);
    }
  });

  it("does not advance while hovered, and resumes when the pointer leaves", () => {
    const hovered = carouselReducer(start, { type: "hover", hovered: true });
    expect(isPaused(hovered, 0)).toBe(true);
    expect(carouselReducer(hovered, { type: "tick", now: 0 }).index).toBe(0);
    const left = carouselReducer(hovered, { type: "hover", hovered: false });
    expect(carouselReducer(left, { type: "tick", now: 0 }).index).toBe(1);
  });

  it("pauses 2000 ms after an arrow and 3000 ms after a dot", () => {
    const arrow = carouselReducer(start, { type: "previous", now: 10_000 });
    expect(arrow.index).toBe(2);
    expect(carouselReducer(arrow, { type: "tick", now: 10_000 + RESUME_AFTER_MANUAL_MS - 1 }).index).toBe(2);
    expect(carouselReducer(arrow, { type: "tick", now: 10_000 + RESUME_AFTER_MANUAL_MS }).index).toBe(0);
    const dot = carouselReducer(start, { type: "go", index: 2, now: 0 });
    expect(dot.index).toBe(2);
    expect(RESUME_AFTER_DOT_MS).toBe(3000);
    expect(carouselReducer(dot, { type: "tick", now: 2999 }).index).toBe(2);
    expect(carouselReducer(dot, { type: "tick", now: 3000 }).index).toBe(0);
  });

  it("moves on a swipe over 50 px only: left is next, right is previous", () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(carouselReducer(start, { type: "swipe", deltaX: -50, now: 0 }).index).toBe(0);
    expect(carouselReducer(start, { type: "swipe", deltaX: -51, now: 0 }).index).toBe(1);
    expect(carouselReducer(start, { type: "swipe", deltaX: 51, now: 0 }).index).toBe(2);
  });

  it("restarts the cycle after every move: a full interval, after the pause of a manual move", () => {
    const base = { index: 0, count: 3, hovered: false, resumeAt: null };
    expect(nextAdvanceDelay(base, 1_000, 8000)).toBe(8000);
    // An arrow at t=1000 pauses until 3000; the next move comes a full interval after that.
    expect(nextAdvanceDelay({ ...base, resumeAt: 3_000 }, 1_000, 8000)).toBe(10_000);
    expect(nextAdvanceDelay({ ...base, resumeAt: 3_000 }, 5_000, 7000)).toBe(7000);
    expect(nextAdvanceDelay({ ...base, hovered: true }, 1_000, 8000)).toBeNull();
    expect(nextAdvanceDelay({ ...base, count: 1 }, 1_000, 8000)).toBeNull();
  });

  it("never moves a single slide by itself", () => {
    expect(carouselReducer({ ...start, count: 1 }, { type: "tick", now: 0 }).index).toBe(0);
  });
});
