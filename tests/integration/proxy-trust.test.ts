import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * TRUST_PROXY (docs/operations.md): behind a load balancer the visitor's address comes from X-Forwarded-For,
 * so each visitor has their own rate-limit bucket; an untrusted sender's header is ignored.
 */
describe("the client address behind a proxy", () => {
  let oneHop: ServerProcess;
  let otherProxy: ServerProcess;

  beforeAll(async () => {
    [oneHop, otherProxy] = await Promise.all([
      startServerProcess({ TRUST_PROXY: "1", FORM_RATE_LIMIT_PER_MINUTE: "2" }),
      // Only the proxies of 203.0.113.0/24 are trusted: this test, on loopback, is not one of them.
      startServerProcess({ TRUST_PROXY: "203.0.113.0/24", FORM_RATE_LIMIT_PER_MINUTE: "2" }),
    ]);
  });
  afterAll(async () => {
    await oneHop?.stop();
    await otherProxy?.stop();
  });

  const send = (server: ServerProcess, forwardedFor: string) =>
    fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
      body: "{}",
    }).then((res) => res.status);

  it("trusted: every visitor counts alone, however many share the proxy", async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push(await send(oneHop, `198.51.100.${i}`));
    expect(statuses).not.toContain(429);
    // One visitor alone still meets the limit.
    const same = [];
    for (let i = 0; i < 3; i++) same.push(await send(oneHop, "198.51.100.77"));
    expect(same.at(-1)).toBe(429);
  });

  it("untrusted: a forged X-Forwarded-For does not escape the sender's own bucket", async () => {
    const statuses = [];
    for (let i = 1; i <= 3; i++) statuses.push(await send(otherProxy, `198.51.100.${i}`));
    expect(statuses.at(-1)).toBe(429);
  });
});
