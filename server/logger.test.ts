import { describe, expect, it } from "vitest";
import { redactUrl } from "./logger.ts";

describe("request logs never carry a secret from the query string", () => {
  it("hides a reset link's token, keeping the path and the other parameters", () => {
    expect(redactUrl("/reset-password?token=abc123&lang=pt")).toBe("/reset-password?token=***&lang=pt");
    expect(redactUrl("/en/reset-password?lang=en&token=abc123")).toBe("/en/reset-password?lang=en&token=***");
  });
  it("leaves other addresses as they are", () => {
    expect(redactUrl("/planos?utm_source=news")).toBe("/planos?utm_source=news");
    expect(redactUrl("/tokens")).toBe("/tokens");
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
