import { jiraOperation, jiraOutcome, NO_TELEMETRY, type Telemetry } from "../metrics/telemetry.ts";
import {
  CALL_RETRY_DELAYS_MS,
  CALL_RETRY_POLICY,
  SINGLE_TRY_POLICY,
  withRetries,
} from "../platform/outbox/retry-policy.ts";
import type { CallVerdict } from "../platform/outside/circuit-rules.ts";
import { CircuitOpenError, type ServiceCircuit } from "../platform/outside/circuits.ts";
import { errorForStatus, TrackerError, trackerMessages } from "./errors.ts";
import type { IssueEdit, IssueFields } from "./issue-fields.ts";

export interface JiraCredentials {
  baseUrl: string;
  email: string;
  token: string;
}

export interface IssueType {
  id: string;
  name: string;
  description?: string;
}

/** An issue's fields, as declared in issue-fields.ts. */
export type { IssueEdit, IssueFields } from "./issue-fields.ts";

/** A comment as Jira answers it: an ADF body (or wiki text from some webhooks), and its restriction. */
export interface JiraComment {
  id: string;
  body?: unknown;
  author?: { accountId?: string; displayName?: string };
  created?: string;
  updated?: string;
  visibility?: { type: string; value?: string };
}

/** The part of an issue the product reads back (status, update time, comments). */
export interface JiraIssue {
  id: string;
  key: string;
  fields?: {
    status?: { name: string; statusCategory: { key: string } };
    updated?: string;
    labels?: string[];
    comment?: { comments?: JiraComment[]; total?: number };
    attachment?: { id: string; filename: string; size: number }[];
  };
}

export interface JiraClientOptions {
  /** Per-request time-out. */
  timeoutMs?: number;
  /** Injected for tests: waits between retries. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  /** Each call's operation, outcome and time, for the metrics (decision 119). */
  telemetry?: Telemetry;
  /** Jira's circuit (decision 124): no call goes while it is open, and a retry stops when it opens. */
  circuit?: ServiceCircuit;
}

/**
 * How a Jira call's end counts for its circuit (decision 124): credentials refused (401, or a 403
 * other than the XSRF check's) open it at once; what is worth retrying (no answer, 5xx, 429, the
 * XSRF 403) is Jira failing; any other answer (a 400, a 404 of one issue) is Jira answering.
 */
export function jiraVerdict(error: unknown): CallVerdict {
  if (!(error instanceof TrackerError)) return { verdict: "failed", detail: (error as Error).message };
  const status = error.options.status;
  if ((status === 401 || status === 403) && !error.retryable)
    return { verdict: "credentials", detail: error.message };
  if (error.retryable)
    return {
      verdict: "failed",
      detail: error.message,
      ...(error.options.retryAfterMs !== undefined ? { retryAfterMs: error.options.retryAfterMs } : {}),
    };
  return { verdict: "answered" };
}

/** The waits between tries of a call (B §7.1 / §9.3), as stated in platform/outbox/retry-policy.ts. */
export const RETRY_DELAYS_MS = CALL_RETRY_DELAYS_MS;

/**
 * Jira Cloud REST API v3, called only by the server with basic authorization. Idempotent calls
 * are retried by the call policy of platform/outbox/retry-policy.ts; creating an issue is tried once and
 * never retried blindly (see tracker-sync).
 */
export class JiraClient {
  private readonly authorization: string;
  private readonly timeoutMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly fetchImpl: typeof fetch;
  private readonly telemetry: Telemetry;
  private readonly circuit: ServiceCircuit | undefined;

  constructor(
    private readonly credentials: JiraCredentials,
    options: JiraClientOptions = {},
  ) {
    this.authorization = `Basic ${Buffer.from(`${credentials.email}:${credentials.token}`).toString("base64")}`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.fetchImpl = options.fetch ?? fetch;
    this.telemetry = options.telemetry ?? NO_TELEMETRY;
    this.circuit = options.circuit;
  }

  /** Whether calls go now (Jira's circuit is closed, or this instance probes it). */
  get callable(): boolean {
    return this.circuit?.allows() ?? true;
  }

  get baseUrl(): string {
    return this.credentials.baseUrl.replace(/\/+$/, "");
  }

  browseUrl(key: string): string {
    return `${this.baseUrl}/browse/${key}`;
  }

  myself(): Promise<{ accountId: string; displayName?: string }> {
    return this.request("GET", "/myself");
  }

  async projectIssueTypes(projectKey: string): Promise<IssueType[]> {
    const project = await this.request<{ issueTypes?: IssueType[] }>(
      "GET",
      `/project/${encodeURIComponent(projectKey)}`,
    );
    return project.issueTypes ?? [];
  }

  /** One attempt only: a lost answer must be checked by label before trying again. */
  createIssue(fields: IssueFields): Promise<{ id: string; key: string }> {
    return this.request("POST", "/issue", { fields }, { retries: false });
  }

  async editIssue(key: string, fields: IssueEdit): Promise<void> {
    await this.request("PUT", `/issue/${encodeURIComponent(key)}`, { fields });
  }

  /**
   * Adds a comment (ADF body) to an issue; one try, like a create: a lost answer may hide a comment
   * made, so the caller looks for it before trying again (server/portal/ticket-delivery.ts), unless
   * a repeated comment does no harm (`retries: true`).
   */
  addComment(key: string, body: unknown, options: { retries?: boolean } = {}): Promise<{ id: string }> {
    return this.request(
      "POST",
      `/issue/${encodeURIComponent(key)}/comment`,
      { body },
      { retries: options.retries ?? false },
    );
  }

  /** The issue's comments, oldest first (the first page of up to 100: enough to find a recent one). */
  async comments(key: string): Promise<JiraComment[]> {
    const page = await this.request<{ comments?: JiraComment[] }>(
      "GET",
      `/issue/${encodeURIComponent(key)}/comment?maxResults=100&orderBy=created`,
    );
    return page.comments ?? [];
  }

  /**
   * Attaches a file (multipart field `file`, with the X-Atlassian-Token Jira requires against XSRF).
   * One try: the caller checks the issue's attachments before sending a file again.
   */
  async addAttachment(
    key: string,
    file: { filename: string; mimeType: string; bytes: Uint8Array },
  ): Promise<{ id: string }> {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), file.filename);
    const added = await withRetries(
      () =>
        this.once<{ id: string }[]>("POST", `/issue/${encodeURIComponent(key)}/attachments`, form, {
          "X-Atlassian-Token": "no-check",
        }),
      { sleep: this.sleep, policy: SINGLE_TRY_POLICY },
    );
    const first = added?.[0];
    if (!first) throw new TrackerError(trackerMessages.http(200, "anexo sem resposta"), { retryable: true });
    return { id: String(first.id) };
  }

  /** An issue's fields (e.g. status, updated, comment, attachment). */
  issue(key: string, fields: string[]): Promise<JiraIssue> {
    return this.request("GET", `/issue/${encodeURIComponent(key)}?fields=${fields.join(",")}`);
  }

  /** Every issue a JQL search finds, page after page (POST /search/jql with nextPageToken). */
  async search(jql: string, fields: string[], maxPages = 20): Promise<JiraIssue[]> {
    const found: JiraIssue[] = [];
    let nextPageToken: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const result = await this.request<{ issues?: JiraIssue[]; nextPageToken?: string; isLast?: boolean }>(
        "POST",
        "/search/jql",
        { jql, fields, maxResults: 100, ...(nextPageToken ? { nextPageToken } : {}) },
      );
      found.push(...(result.issues ?? []));
      nextPageToken = result.nextPageToken;
      if (result.isLast !== false || !nextPageToken) break;
    }
    return found;
  }

  async transitions(key: string): Promise<{ id: string; name: string; to: { name: string } }[]> {
    const result = await this.request<{ transitions?: { id: string; name: string; to: { name: string } }[] }>(
      "GET",
      `/issue/${encodeURIComponent(key)}/transitions`,
    );
    return result.transitions ?? [];
  }

  async doTransition(key: string, transitionId: string): Promise<void> {
    await this.request("POST", `/issue/${encodeURIComponent(key)}/transitions`, {
      transition: { id: transitionId },
    });
  }

  /**
   * Links two issues (POST /issueLink), e.g. 'Relates': a lead to the earlier lead of the same
   * contact. Retried like any idempotent call: Jira keeps one link of a type between two issues.
   */
  async linkIssues(type: string, inwardKey: string, outwardKey: string): Promise<void> {
    await this.request("POST", "/issueLink", {
      type: { name: type },
      inwardIssue: { key: inwardKey },
      outwardIssue: { key: outwardKey },
    });
  }

  /** Issues carrying a label (POST /search/jql), e.g. the lead-{id} label of a create whose answer was lost. */
  async findByLabel(label: string): Promise<{ id: string; key: string }[]> {
    const result = await this.request<{ issues?: { id: string; key: string }[] }>("POST", "/search/jql", {
      jql: `labels = "${label.replace(/"/g, "")}"`,
      fields: ["summary"],
      maxResults: 5,
    });
    return result.issues ?? [];
  }

  private request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: { retries?: boolean } = {},
  ): Promise<T> {
    return withRetries(
      () =>
        this.once<T>(method, path, body).catch((error: unknown) => {
          throw error instanceof TrackerError || error instanceof CircuitOpenError
            ? error
            : new TrackerError(trackerMessages.connectionFailed, { retryable: true });
        }),
      {
        sleep: this.sleep,
        policy: options.retries === false ? SINGLE_TRY_POLICY : CALL_RETRY_POLICY,
        // Jira's circuit opened meanwhile (this failure, or another call's): no further try.
        stop: () => !this.callable,
      },
    );
  }

  /** One call, through Jira's circuit when there is one. */
  private once<T>(
    method: string,
    path: string,
    body: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const call = () => this.fetchOnce<T>(method, path, body, extraHeaders);
    return this.circuit ? this.circuit.call(call, jiraVerdict) : call();
  }

  private async fetchOnce<T>(
    method: string,
    path: string,
    body: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    let response: Response;
    const multipart = body instanceof FormData;
    const started = performance.now();
    const observe = (status: number | null) =>
      this.telemetry.jiraCall(
        jiraOperation(method, path),
        jiraOutcome(status),
        (performance.now() - started) / 1000,
      );
    try {
      response = await this.fetchImpl(`${this.baseUrl}/rest/api/3${path}`, {
        method,
        headers: {
          Authorization: this.authorization,
          Accept: "application/json",
          // A multipart body sets its own Content-Type (with the boundary).
          ...(body === undefined || multipart ? {} : { "Content-Type": "application/json" }),
          ...extraHeaders,
        },
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      observe(null);
      // A time-out may hide a request Jira carried out; a refused connection cannot.
      const timedOut = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new TrackerError(trackerMessages.connectionFailed, {
        retryable: true,
        outcomeUnknown: timedOut || (cause !== "ECONNREFUSED" && cause !== "ENOTFOUND"),
      });
    }
    const text = await response.text().catch(() => "");
    observe(response.status);
    if (!response.ok) throw errorForStatus(response.status, text, response.headers.get("retry-after"));
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new TrackerError(trackerMessages.http(response.status, text.slice(0, 300)), {
        status: response.status,
        retryable: true,
      });
    }
  }
}
