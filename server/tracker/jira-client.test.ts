import { describe, expect, it } from "vitest";
import type { AdfDocument } from "./adf.ts";
import { TrackerError } from "./errors.ts";
import { type IssueFields, JiraClient, RETRY_DELAYS_MS } from "./jira-client.ts";

/** One scripted answer: a Response to give, or an error for fetch to reject with. */
type Step = (() => Response) | { reject: unknown };

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A protocol-level fake: fetch answers the scripted steps in order and records every request.
 * Sleep records the delays and resolves at once (no real timers).
 */
function harness(steps: Step[], baseUrl = "https://acme.atlassian.net") {
  const calls: Call[] = [];
  const sleeps: number[] = [];
  const fetchFake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({
      url: String(input),
      method: init?.method ?? "GET",
      headers,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    });
    const step = steps.shift();
    if (!step) throw new Error(`unexpected request ${String(input)}`);
    if (typeof step === "function") return step();
    throw step.reject;
  };
  const client = new JiraClient(
    { baseUrl, email: "bot@acme.com.br", token: "atl-token-123" },
    {
      fetch: fetchFake as typeof fetch,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    },
  );
  return { client, calls, sleeps };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json", ...headers },
    });
const text =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { status, headers });
const empty = (status: number) => () => new Response(null, { status });
const networkDown = () => ({
  reject: Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }),
});
const timeout = () => ({
  reject: new DOMException("The operation was aborted due to timeout", "TimeoutError"),
});

async function failure(promise: Promise<unknown>): Promise<TrackerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrackerError);
  return error as TrackerError;
}

const DESCRIPTION: AdfDocument = {
  type: "doc",
  version: 1,
  content: [{ type: "paragraph", content: [{ type: "text", text: "Lead" }] }],
};
const FIELDS: IssueFields = {
  project: { key: "FDVW" },
  summary: "🔥 Demo: Agro (Ana)",
  description: DESCRIPTION,
  issuetype: { id: "10005" },
  priority: { name: "High" },
  labels: ["demo", "temp-hot"],
};

describe("B §7.1 requests: basic authorization, REST API v3 paths, JSON", () => {
  it("sends Basic base64(email:token) and Accept JSON on GET /rest/api/3/myself", async () => {
    const { client, calls } = harness([json(200, { accountId: "712020:bot", displayName: "Bot" })]);
    await expect(client.myself()).resolves.toEqual({ accountId: "712020:bot", displayName: "Bot" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://acme.atlassian.net/rest/api/3/myself");
    expect(calls[0]!.method).toBe("GET");
    expect(calls[0]!.headers.authorization).toBe(`Basic ${btoa("bot@acme.com.br:atl-token-123")}`);
    expect(calls[0]!.headers.accept).toBe("application/json");
    expect(calls[0]!.headers["content-type"]).toBeUndefined();
    expect(calls[0]!.body).toBeUndefined();
  });
  it("a trailing slash on the base URL is dropped", async () => {
    const { client, calls } = harness([json(200, { accountId: "x" })], "https://acme.atlassian.net//");
    await client.myself();
    expect(calls[0]!.url).toBe("https://acme.atlassian.net/rest/api/3/myself");
    expect(client.browseUrl("FDVW-7")).toBe("https://acme.atlassian.net/browse/FDVW-7");
  });
  it("GET /project/{key} reads issueTypes", async () => {
    const types = [
      { id: "10001", name: "Task" },
      { id: "10005", name: "Demo Lead" },
    ];
    const { client, calls } = harness([
      json(200, { key: "FDVW", issueTypes: types }),
      json(200, { key: "MKT" }),
    ]);
    await expect(client.projectIssueTypes("FDVW")).resolves.toEqual(types);
    await expect(client.projectIssueTypes("MKT")).resolves.toEqual([]);
    expect(calls[0]!.url).toBe("https://acme.atlassian.net/rest/api/3/project/FDVW");
  });
  it("POST /issue with {fields} as JSON, reads key and id", async () => {
    const { client, calls } = harness([json(201, { id: "10001", key: "FDVW-1", self: "x" })]);
    await expect(client.createIssue(FIELDS)).resolves.toMatchObject({ id: "10001", key: "FDVW-1" });
    expect(calls[0]!.url).toBe("https://acme.atlassian.net/rest/api/3/issue");
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.headers["content-type"]).toBe("application/json");
    expect(calls[0]!.body).toEqual({ fields: FIELDS });
  });
  it("PUT /issue/{key} with {fields}; a 204 without body resolves", async () => {
    const { client, calls } = harness([empty(204)]);
    await expect(client.editIssue("FDVW-1", { summary: "Novo" })).resolves.toBeUndefined();
    expect(calls[0]).toMatchObject({
      url: "https://acme.atlassian.net/rest/api/3/issue/FDVW-1",
      method: "PUT",
      body: { fields: { summary: "Novo" } },
    });
  });
  it("B §4.4 GET and POST /issue/{key}/transitions", async () => {
    const transitions = [{ id: "31", name: "Qualify", to: { name: "Qualified" } }];
    const { client, calls } = harness([json(200, { transitions }), empty(204)]);
    await expect(client.transitions("FDVW-1")).resolves.toEqual(transitions);
    await client.doTransition("FDVW-1", "31");
    expect(calls[0]).toMatchObject({ url: "https://acme.atlassian.net/rest/api/3/issue/FDVW-1/transitions" });
    expect(calls[1]).toMatchObject({
      url: "https://acme.atlassian.net/rest/api/3/issue/FDVW-1/transitions",
      method: "POST",
      body: { transition: { id: "31" } },
    });
  });
  it("findByLabel posts {jql: 'labels = \"lead-x\"'} to /search/jql", async () => {
    const { client, calls } = harness([
      json(200, { issues: [{ id: "10001", key: "FDVW-1" }], isLast: true }),
    ]);
    await expect(client.findByLabel("lead-x")).resolves.toEqual([{ id: "10001", key: "FDVW-1" }]);
    expect(calls[0]!.url).toBe("https://acme.atlassian.net/rest/api/3/search/jql");
    expect(calls[0]!.method).toBe("POST");
    expect((calls[0]!.body as { jql: string }).jql).toBe('labels = "lead-x"');
  });
  it("findByLabel strips quotes from the label, so the JQL stays one clause", async () => {
    const { client, calls } = harness([json(200, {})]);
    await expect(client.findByLabel('lead-"x" OR project = X')).resolves.toEqual([]);
    expect((calls[0]!.body as { jql: string }).jql).toBe('labels = "lead-x OR project = X"');
  });
});

describe("B §7.1 / §9.3 retry: up to 2 more attempts, 1000 ms then 2000 ms", () => {
  it("the delays", () => {
    expect(RETRY_DELAYS_MS).toEqual([1000, 2000]);
  });
  it("a GET answered 500 three times: 3 calls, waits [1000, 2000], then 'HTTP 500: {body}'", async () => {
    const { client, calls, sleeps } = harness([text(500, "boom"), text(500, "boom"), text(500, "boom")]);
    const error = await failure(client.myself());
    expect(error.message).toBe("HTTP 500: boom");
    expect(error.options.status).toBe(500);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
  });
  it("a GET that fails once then succeeds: 2 calls, one wait of 1000 ms", async () => {
    const { client, calls, sleeps } = harness([text(502, "bad gateway"), json(200, { accountId: "x" })]);
    await expect(client.myself()).resolves.toEqual({ accountId: "x" });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });
  it("network errors three times: 3 calls, waits [1000, 2000], then 'Falha na conexão'", async () => {
    const { client, calls, sleeps } = harness([networkDown(), networkDown(), networkDown()]);
    const error = await failure(client.myself());
    expect(error.message).toBe("Falha na conexão");
    expect(error.retryable).toBe(true);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
  });
  it("B §8.2 a 403 of the XSRF kind is retried", async () => {
    const { client, calls, sleeps } = harness([
      text(403, "XSRF check failed"),
      json(200, { accountId: "x" }),
    ]);
    await expect(client.myself()).resolves.toEqual({ accountId: "x" });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });
  it("401 is not retried", async () => {
    const { client, calls, sleeps } = harness([text(401, "unauthorized")]);
    const error = await failure(client.myself());
    expect(error.message).toBe("Token inválido ou expirado");
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
  it("404 is not retried", async () => {
    const { client, calls, sleeps } = harness([text(404, "not found")]);
    const error = await failure(client.projectIssueTypes("NOPE"));
    expect(error.message).toBe("Endpoint não encontrado");
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
  it("a plain 403 is not retried", async () => {
    const { client, calls } = harness([text(403, "no permission")]);
    const error = await failure(client.transitions("FDVW-1"));
    expect(error.message).toBe("Acesso negado. Verifique token e permissões Jira");
    expect(calls).toHaveLength(1);
  });
  it("429 with Retry-After 3 waits 3000 ms, then succeeds", async () => {
    const { client, calls, sleeps } = harness([
      text(429, "Rate limit exceeded.", { "Retry-After": "3" }),
      json(200, { accountId: "x" }),
    ]);
    await expect(client.myself()).resolves.toEqual({ accountId: "x" });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });
  it("a Retry-After longer than 10 s is not waited inline: one call, the 429 error with retryAfterMs", async () => {
    const { client, calls, sleeps } = harness([text(429, "Rate limit exceeded.", { "Retry-After": "30" })]);
    const error = await failure(client.myself());
    expect(error.message).toBe("HTTP 429: Rate limit exceeded.");
    expect(error.options.retryAfterMs).toBe(30_000);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
  it("a Retry-After of exactly 10 s is still waited inline", async () => {
    const { client, sleeps } = harness([
      text(429, "", { "Retry-After": "10" }),
      json(200, { accountId: "x" }),
    ]);
    await client.myself();
    expect(sleeps).toEqual([10_000]);
  });
  it("PUT edits are retried like GETs", async () => {
    const { client, calls, sleeps } = harness([text(500, "x"), empty(204)]);
    await client.editIssue("FDVW-1", { summary: "s" });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });
});

describe("creating an issue is never retried blindly", () => {
  it("a 500 on POST /issue: one call, no wait", async () => {
    const { client, calls, sleeps } = harness([text(500, "boom")]);
    const error = await failure(client.createIssue(FIELDS));
    expect(error.message).toBe("HTTP 500: boom");
    expect(error.retryable).toBe(true);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
  it("a time-out may hide an issue that was created: outcomeUnknown true", async () => {
    const { client, calls } = harness([timeout()]);
    const error = await failure(client.createIssue(FIELDS));
    expect(error.message).toBe("Falha na conexão");
    expect(error.options.outcomeUnknown).toBe(true);
    expect(calls).toHaveLength(1);
  });
  it("a refused connection cannot have created anything: outcomeUnknown false", async () => {
    const { client, calls } = harness([networkDown()]);
    const error = await failure(client.createIssue(FIELDS));
    expect(error.message).toBe("Falha na conexão");
    expect(error.options.outcomeUnknown).toBe(false);
    expect(calls).toHaveLength(1);
  });
});
