import { describe, expect, it } from "vitest";
import { readUpTo } from "./bounded-read.ts";

/** A stream of the given chunks that records whether it was cancelled. */
function chunks(...parts: string[]) {
  const seen = { pulled: 0, cancelled: false };
  const queue = parts.map((part) => new TextEncoder().encode(part));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (!next) return controller.close();
      seen.pulled++;
      controller.enqueue(next);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("reading a stream up to a limit", () => {
  it("gives every byte when they fit, the limit included", async () => {
    const { stream } = chunks("BEGIN:", "VCALENDAR");
    expect((await readUpTo(stream, 15, "cancel"))?.toString("utf8")).toBe("BEGIN:VCALENDAR");
  });

  it("stops at the chunk that passes the limit: cancels the rest, or leaves the stream to its owner", async () => {
    const cancelled = chunks("12345", "67890", "never read");
    expect(await readUpTo(cancelled.stream, 8, "cancel")).toBeNull();
    expect(cancelled.seen.cancelled).toBe(true);

    const released = chunks("12345", "67890", "left for Node");
    expect(await readUpTo(released.stream, 8, "release")).toBeNull();
    expect(released.seen.cancelled).toBe(false);
    expect(released.stream.locked).toBe(false);
  });
});
