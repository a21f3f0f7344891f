import { describe, expect, it } from "vitest";
import { MemoryWindowCounter } from "./window-counter.ts";

/** A hand-driven clock: tests move time explicitly, no timers involved. */
function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function hits(counter: MemoryWindowCounter, key: string, times: number): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < times; i++) counts.push(await counter.hit(key));
  return counts;
}

describe("Login rate limit — hits are counted per key in fixed windows", () => {
  it("counts the hits of one key within a window", async () => {
    const time = clock();
    const counter = new MemoryWindowCounter(60_000, time.now);
    expect(await hits(counter, "1.2.3.4", 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps separate keys independent", async () => {
    const time = clock();
    const counter = new MemoryWindowCounter(60_000, time.now);
    expect(await hits(counter, "ana@example.com", 3)).toEqual([1, 2, 3]);
    expect(await counter.hit("bia@example.com")).toBe(1);
    expect(await counter.hit("ana@example.com")).toBe(4);
    expect(await counter.hit("bia@example.com")).toBe(2);
    expect(await counter.hit("ANA@example.com")).toBe(1);
  });

  it("keeps counting until just before the window ends", async () => {
    const time = clock();
    const counter = new MemoryWindowCounter(60_000, time.now);
    expect(await counter.hit("k")).toBe(1);
    time.advance(59_999);
    expect(await counter.hit("k")).toBe(2);
  });

  it("starts a new window at exactly resetAt, counting from 1 again", async () => {
    const time = clock();
    const counter = new MemoryWindowCounter(60_000, time.now);
    expect(await hits(counter, "k", 3)).toEqual([1, 2, 3]);
    time.advance(60_000);
    expect(await counter.hit("k")).toBe(1);
    expect(await counter.hit("k")).toBe(2);
  });

  it("starts a new window after windowMs has passed", async () => {
    const time = clock();
    const counter = new MemoryWindowCounter(1_000, time.now);
    expect(await hits(counter, "k", 2)).toEqual([1, 2]);
    time.advance(1_500);
    expect(await counter.hit("k")).toBe(1);
  });

  it("times the new window from its first hit, not from the old window's end", async () => {
    const time = clock();
    const counter = new MemoryWindowCounter(1_000, time.now);
    await counter.hit("k"); // window [0, 1000)
    time.advance(1_500);
    expect(await counter.hit("k")).toBe(1); // new window [1500, 2500)
    time.advance(900); // 2400: still inside
    expect(await counter.hit("k")).toBe(2);
    time.advance(100); // 2500: exactly its resetAt
    expect(await counter.hit("k")).toBe(1);
  });

  it("ends each key's window on its own schedule", async () => {
    const time = clock();
    const counter = new MemoryWindowCounter(1_000, time.now);
    await counter.hit("a"); // a: [0, 1000)
    time.advance(500);
    await counter.hit("b"); // b: [500, 1500)
    await counter.hit("a");
    time.advance(500); // 1000
    expect(await counter.hit("a")).toBe(1);
    expect(await counter.hit("b")).toBe(2);
    time.advance(500); // 1500
    expect(await counter.hit("b")).toBe(1);
    expect(await counter.hit("a")).toBe(2);
  });

  it("uses one-minute windows by default", async () => {
    const time = clock();
    const counter = new MemoryWindowCounter(undefined, time.now);
    await counter.hit("k");
    time.advance(59_999);
    expect(await counter.hit("k")).toBe(2);
    time.advance(1);
    expect(await counter.hit("k")).toBe(1);
  });

  it("keeps counting correctly past 10 000 keys, when finished windows are swept", async () => {
    const time = clock();
    const counter = new MemoryWindowCounter(1_000, time.now);
    for (let i = 0; i < 10_001; i++) await counter.hit(`old-${i}`);
    await counter.hit("live");
    time.advance(500);
    expect(await counter.hit("live")).toBe(2);
    time.advance(500); // old windows and "live" all end now
    expect(await counter.hit("new")).toBe(1); // triggers the sweep
    expect(await counter.hit("old-0")).toBe(1);
    expect(await counter.hit("new")).toBe(2);
    expect(await counter.hit("live")).toBe(1);
  });
});
