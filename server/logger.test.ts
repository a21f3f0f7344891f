import { describe, expect, it } from "vitest";
import { createLogger, redactUrl, requestForLog } from "./logger.ts";

describe("request logs never carry a secret from the query string", () => {
  it("hides a reset link's token, keeping the path and the parameter names", () => {
    expect(redactUrl("/reset-password?token=abc123&lang=pt")).toBe("/reset-password?token=***&lang=pt");
    expect(redactUrl("/en/reset-password?lang=en&token=abc123")).toBe("/en/reset-password?lang=en&token=***");
  });
  it("hides every other value by default; only harmless names keep theirs", () => {
    expect(redactUrl("/planos?utm_source=news&email=ana%40x.com")).toBe("/planos?utm_source=***&email=***");
    expect(redactUrl("/?index&lang=en&code=9")).toBe("/?index&lang=en&code=***");
    expect(redactUrl("/tokens")).toBe("/tokens");
    expect(redactUrl("/convite/s3cr3t-Token_x")).toBe("/convite/***");
    expect(redactUrl("/en/convite/s3cr3t?lang=en")).toBe("/en/convite/***?lang=en");
    expect(redactUrl(undefined)).toBeUndefined();
  });
  it("a request log line keeps no query value, cookie, authorization or referrer", () => {
    const line = requestForLog({
      id: 1,
      method: "GET",
      url: "/assets/app.js?v=1",
      headers: {
        host: "www.example.com",
        "user-agent": "UA",
        cookie: "session=s3cr3t",
        authorization: "Bearer s3cr3t",
        referer: "https://www.example.com/reset-password?token=s3cr3t",
      },
      remoteAddress: "127.0.0.1",
    });
    expect(JSON.stringify(line)).not.toContain("s3cr3t");
    expect(line).toEqual({
      id: 1,
      method: "GET",
      url: "/assets/app.js?v=***",
      host: "www.example.com",
      userAgent: "UA",
      remoteAddress: "127.0.0.1",
    });
  });
});

describe("log lines never carry a credential a caller put in them", () => {
  it("masks passwords, tokens and recovery codes wherever they sit, not error codes", () => {
    const lines: string[] = [];
    const logger = createLogger(
      { LOG_LEVEL: "info", NODE_ENV: "production" },
      { write: (line: string) => void lines.push(line) },
    );
    logger.info(
      {
        body: { password: "p4ssw0rd-x", currentPassword: "atual-x", newPassword: "nova-x" },
        session: { token: "tok-x" },
        twoFactor: { recoveryCodes: ["abcde-fghjk"] },
        err: { code: "ECONNREFUSED" },
        userId: "u1",
      },
      "sign-in",
    );
    const text = lines.join("");
    for (const secret of [
      "p4ssw0rd-x",
      "atual-x",
      "nova-x",
      "123456",
      "tok-x",
      "JBSWY3DPEHPK3PXP",
      "abcde-fghjk",
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('"userId":"u1"');
  });
});
