import { afterEach, describe, expect, it, vi } from "vitest";
import { parseRetryAfter } from "../platform/outside/retry-after.ts";
import { errorForStatus, TrackerError, trackerMessages } from "./errors.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("B §8.2 tracker messages", () => {
  it("are worded as the catalogue (product names Jira and Nginx)", () => {
    expect(trackerMessages.notConfigured).toBe("Jira não configurado - verifique variáveis de ambiente");
    expect(trackerMessages.connectionFailed).toBe("Falha na conexão");
  });
});

describe("B §8.2 HTTP errors", () => {
  it("401: 'Token inválido ou expirado', not retried", () => {
    const error = errorForStatus(401, '{"errorMessages":["Client must be authenticated"]}', null);
    expect(error).toBeInstanceOf(TrackerError);
    expect(error.message).toBe("Token inválido ou expirado");
    expect(error.retryable).toBe(false);
    expect(error.options.status).toBe(401);
  });
  it("403 (plain): 'Acesso negado. Verifique token e permissões Jira', not retried", () => {
    const error = errorForStatus(403, '{"errorMessages":["You do not have permission"]}', null);
    expect(error.message).toBe("Acesso negado. Verifique token e permissões Jira");
    expect(error.retryable).toBe(false);
    expect(error.options.status).toBe(403);
  });
  it("403 of the XSRF kind is a proxy problem and is retried", () => {
    const error = errorForStatus(403, "XSRF check failed", null);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe("HTTP 403: XSRF check failed");
    expect(errorForStatus(403, '{"message":"xsrf token missing"}', null).retryable).toBe(true);
  });
  it("404: 'Endpoint não encontrado', not retried", () => {
    const error = errorForStatus(404, "", null);
    expect(error.message).toBe("Endpoint não encontrado");
    expect(error.retryable).toBe(false);
  });
  it("405: 'Método não permitido. Verifique configuração do proxy Nginx', not retried", () => {
    const error = errorForStatus(405, "", null);
    expect(error.message).toBe("Método não permitido. Verifique configuração do proxy Nginx");
    expect(error.retryable).toBe(false);
  });
  it("429 with Retry-After in seconds: retried, retryAfterMs", () => {
    const error = errorForStatus(429, "Rate limit exceeded.", "3");
    expect(error.message).toBe("HTTP 429: Rate limit exceeded.");
    expect(error.retryable).toBe(true);
    expect(error.options.retryAfterMs).toBe(3000);
  });
  it("429 with Retry-After as an HTTP date: the time left until that date", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T12:00:00.000Z"));
    const error = errorForStatus(429, "", "Sun, 22 Nov 2026 12:00:45 GMT");
    expect(error.retryable).toBe(true);
    expect(error.options.retryAfterMs).toBe(45_000);
  });
  it("429 without Retry-After: retried, no retryAfterMs", () => {
    const error = errorForStatus(429, "", null);
    expect(error.retryable).toBe(true);
    expect(error.options.retryAfterMs).toBeUndefined();
  });
  it("500: 'HTTP 500: {body}', retried", () => {
    const error = errorForStatus(500, "body", null);
    expect(error.message).toBe("HTTP 500: body");
    expect(error.retryable).toBe(true);
    expect(error.options.status).toBe(500);
    expect(errorForStatus(503, "Service Unavailable", null).message).toBe("HTTP 503: Service Unavailable");
    expect(errorForStatus(503, "", null).retryable).toBe(true);
  });
  it("400 and other 4xx: 'HTTP {status}: {body}', not retried", () => {
    const body = '{"errors":{"summary":"You must specify a summary of the issue."}}';
    const error = errorForStatus(400, body, null);
    expect(error.message).toBe(`HTTP 400: ${body}`);
    expect(error.retryable).toBe(false);
    expect(errorForStatus(413, "too large", null).retryable).toBe(false);
  });
  it("a long body is cut at 300 characters in the message", () => {
    const error = errorForStatus(500, "x".repeat(1000), null);
    expect(error.message).toBe(`HTTP 500: ${"x".repeat(300)}...`);
  });
});

describe("Retry-After (B §9.3 retry): seconds or an HTTP date", () => {
  const now = Date.parse("2026-11-22T12:00:00.000Z");

  it("seconds", () => {
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("120", now)).toBe(120_000);
  });
  it("an HTTP date in the future: the milliseconds until then", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 12:00:10 GMT", now)).toBe(10_000);
  });
  it("an HTTP date in the past: 0", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 11:00:00 GMT", now)).toBe(0);
  });
  it("absent or unreadable: undefined", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("amanhã", now)).toBeUndefined();
  });
  it("a negative number of seconds is unreadable: undefined", () => {
    // Not a delay-seconds value (RFC 9110) nor an HTTP date.
    expect(parseRetryAfter("-1", now)).toBeUndefined();
  });
});
