import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withDeadline } from "./deadline.ts";

describe("withDeadline", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("leaves no timer behind once the work is done, and is not late", async () => {
    const late = vi.fn();
    await expect(withDeadline(Promise.resolve("página"), 11_000, late)).resolves.toBe("página");
    expect(vi.getTimerCount()).toBe(0);
    await expect(withDeadline(Promise.reject(new Error("falhou")), 11_000, late)).rejects.toThrow("falhou");
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(20_000);
    expect(late).not.toHaveBeenCalled();
  });

  it("calls onLate when the work is still pending at the deadline", () => {
    const late = vi.fn();
    void withDeadline(new Promise(() => {}), 11_000, late);
    vi.advanceTimersByTime(10_999);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledOnce();
  });
});
