/**
 * A fake of the Jira Cloud REST API v3, for integration tests: it speaks the real paths and payloads
 * (`/rest/api/3/...`, HTTP basic auth, Jira's `{ errorMessages, errors }` error shape), refuses what
 * real Jira refuses (unknown project or issue type, bad summary, labels with spaces, unknown priority,
 * descriptions that are not valid Atlassian Document Format), and can be told to fail, rate-limit,
 * hang, lose the response of a create that happened, or be down.
 *
 * Descriptions are validated with the official ADF JSON schema from `@atlaskit/adf-schema`.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo, Socket } from "node:net";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv-draft-04";

export interface FakeIssueType {
  id: string;
  name: string;
  description?: string;
}

export interface FakeProjectConfig {
  issueTypes: FakeIssueType[];
  /** Defaults to 10000 + the project's position in the record. */
  id?: string;
  /** Defaults to the key. */
  name?: string;
}

export interface FakeJiraOptions {
  email?: string;
  token?: string;
  projects?: Record<string, FakeProjectConfig>;
}

export interface FakeIssue {
  /** Numeric string, "10001" for the first issue of the fake, then "10002"… */
  id: string;
  /** PROJECT-N, numbered per project from 1. */
  key: string;
  projectKey: string;
  /** The raw `fields` object of the create request. */
  fields: Record<string, unknown>;
  labels: string[];
  summary: string;
  /** Priority name; Jira's default "Medium" when the create did not set one. */
  priority: string;
  issueTypeId: string;
  /** ADF document, or null when none was given. */
  description: unknown;
  /** Status name, "To Do" when created. */
  status: string;
  /** Names of the transitions applied, in order (e.g. "Qualify"). */
  transitions: string[];
  /** The `fields` object of each accepted edit (PUT), in order. */
  edits: Record<string, unknown>[];
  /** The ADF body of each comment added (POST .../comment), in order. */
  comments: unknown[];
}

export interface FakeJiraRequest {
  method: string;
  /** Path without the query string, e.g. "/rest/api/3/issue". */
  path: string;
  /** Parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
}

export interface FakeJira {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:PORT */
  url: string;
  issues: FakeIssue[];
  /** Every request that passed authentication (including those answered by a failure control). */
  requests: FakeJiraRequest[];
  /** The next `count` requests (any path) answer `status` with `body` (default: Jira's error shape). */
  failNext(count: number, status: number, body?: unknown): void;
  /** The next `count` requests answer 429 with a `Retry-After: retryAfterSeconds` header. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** The next `count` requests are accepted and never answered (until close). */
  hangNext(count: number): void;
  /** The next successful POST /issue creates the issue, then destroys the socket without answering. */
  loseResponseOfNextCreate(): void;
  /** The next successful POST /issue creates the issue, then never answers (until close). */
  holdResponseOfNextCreate(): void;
  /** Clears every failure control (including down); keeps issues and the request log. */
  reset(): void;
  /** While down, every request (authenticated or not) gets 503. */
  setDown(down: boolean): void;
  /** Stops listening and destroys every open socket, hung ones included. */
  close(): Promise<void>;
}

export const DEFAULT_EMAIL = "bot@example.com";
export const DEFAULT_TOKEN = "test-token";
export const ACCOUNT_ID = "712020:fake-jira-bot";
export const DISPLAY_NAME = "Fake Jira Bot";
export const MAX_BODY_BYTES = 1024 * 1024;
export const PRIORITIES = ["Highest", "High", "Medium", "Low", "Lowest"] as const;

const TASK = { id: "10001", name: "Task" };
const STORY = { id: "10002", name: "Story" };
const BUG = { id: "10003", name: "Bug" };
const EPIC = { id: "10004", name: "Epic" };

export const DEFAULT_PROJECTS: Record<string, FakeProjectConfig> = {
  FDVW: { issueTypes: [TASK, STORY, BUG, EPIC, { id: "10005", name: "Demo Lead" }] },
  WXMKT: { issueTypes: [TASK, STORY, EPIC, { id: "10006", name: "Partner Lead" }] },
  SUPP: { issueTypes: [TASK, BUG, { id: "10007", name: "Support" }] },
  MKT: { issueTypes: [TASK, STORY] },
};

/** The workflow every fake issue follows: every transition is always available. */
export const TRANSITIONS = [
  { id: "11", name: "To Do", to: { id: "1", name: "To Do" } },
  { id: "21", name: "Em andamento", to: { id: "3", name: "In Progress" } },
  { id: "31", name: "Qualify", to: { id: "4", name: "Qualified" } },
  { id: "41", name: "Done", to: { id: "5", name: "Done" } },
] as const;

const API = "/rest/api/3";
const CREATE_FIELDS = new Set(["project", "summary", "description", "issuetype", "priority", "labels"]);
const EDIT_FIELDS = new Set(["summary", "description", "priority", "labels"]);
const SEARCHABLE_FIELDS = ["summary", "labels", "priority", "issuetype", "project", "status", "description"];

// ---------------------------------------------------------------------------------------------------
// Atlassian Document Format

let adfValidator: ValidateFunction | undefined;

function validateAdf(doc: unknown): string | undefined {
  if (!adfValidator) {
    const require = createRequire(import.meta.url);
    const schemaPath = require.resolve("@atlaskit/adf-schema/json-schema/v1/full.json");
    const schema = JSON.parse(readFileSync(schemaPath, "utf8")) as object;
    adfValidator = new Ajv({ strict: false, validateFormats: false }).compile(schema);
  }
  if (adfValidator(doc)) return undefined;
  return describeAdfError(adfValidator.errors ?? []);
}

/**
 * The ADF schema is a big `anyOf` per node position, so ajv's first error is usually "not a blockCard".
 * The error deepest in the document (the first of those, in ajv's order) names the actual fault.
 */
function describeAdfError(errors: ErrorObject[]): string {
  let best: ErrorObject | undefined;
  let bestDepth = -1;
  for (const error of errors) {
    const depth = error.instancePath === "" ? 0 : error.instancePath.split("/").length - 1;
    if (depth > bestDepth) {
      best = error;
      bestDepth = depth;
    }
  }
  if (!best) return "Invalid Atlassian Document Format";
  return `${best.instancePath || "/"} ${best.message ?? "is invalid"}`;
}

// ---------------------------------------------------------------------------------------------------
// Helpers

interface Project {
  id: string;
  key: string;
  name: string;
  issueTypes: FakeIssueType[];
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

const jiraError = (errorMessages: string[], errors: Record<string, string> = {}) => ({
  errorMessages,
  errors,
});
const badRequest = (message: string) => new HttpError(400, jiraError([message]));
const fieldErrors = (errors: Record<string, string>) => new HttpError(400, jiraError([], errors));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

interface Reply {
  status: number;
  /** JSON unless a string (sent as text); no body when undefined. */
  body?: unknown;
  headers?: Record<string, string>;
}

function send(res: ServerResponse, { status, body, headers = {} }: Reply) {
  if (res.destroyed || res.socket?.destroyed) return;
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": typeof body === "string" ? "text/plain;charset=UTF-8" : "application/json;charset=UTF-8",
    "Content-Length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** Reads the whole body; past MAX_BODY_BYTES it keeps draining but stops keeping. */
function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve({ text: Buffer.concat(chunks).toString("utf8"), tooLarge }));
    req.on("error", reject);
  });
}

function checkLabels(value: unknown, errors: Record<string, string>): string[] | undefined {
  if (!Array.isArray(value) || value.some((label) => typeof label !== "string")) {
    errors.labels = "Specify the labels as an array of strings";
    return undefined;
  }
  for (const label of value as string[]) {
    if (label.trim() === "") {
      errors.labels = "Labels cannot be empty";
      return undefined;
    }
    if (/\s/.test(label)) {
      errors.labels = `The label '${label}' contains spaces which is invalid.`;
      return undefined;
    }
    if (label.length > 255) {
      errors.labels = `The label '${label}' exceeds the 255 character limit.`;
      return undefined;
    }
  }
  return value as string[];
}

function checkSummary(value: unknown, errors: Record<string, string>): string | undefined {
  if (typeof value !== "string" || value.trim() === "") {
    errors.summary = "You must specify a summary of the issue.";
    return undefined;
  }
  if (value.length > 255) {
    errors.summary = "Summary must be less than 255 characters.";
    return undefined;
  }
  if (/[\r\n]/.test(value)) {
    errors.summary = "The summary is invalid because it contains newline characters.";
    return undefined;
  }
  return value;
}

function checkPriority(value: unknown, errors: Record<string, string>): string | undefined {
  if (isRecord(value)) {
    if (typeof value.name === "string") {
      if ((PRIORITIES as readonly string[]).includes(value.name)) return value.name;
      errors.priority = `The priority selected is invalid.`;
      return undefined;
    }
    if (typeof value.id === "string") {
      const name = PRIORITIES[Number(value.id) - 1];
      if (/^[1-5]$/.test(value.id) && name) return name;
      errors.priority = `The priority selected is invalid.`;
      return undefined;
    }
  }
  errors.priority = "Specify the Priority (id or name) in the string format";
  return undefined;
}

function checkDescription(value: unknown, errors: Record<string, string>): unknown {
  if (value === null) return null;
  const problem = validateAdf(value);
  if (problem) {
    errors.description = problem;
    return undefined;
  }
  return value;
}

function checkUnknownFields(
  fields: Record<string, unknown>,
  allowed: Set<string>,
  errors: Record<string, string>,
) {
  for (const name of Object.keys(fields)) {
    if (!allowed.has(name))
      errors[name] = `Field '${name}' cannot be set. It is not on the appropriate screen, or unknown.`;
  }
}

// ---------------------------------------------------------------------------------------------------
// JQL: `clause (AND clause)* [ORDER BY field [ASC|DESC]]`, clause = `field = value` | `field in (v, …)`,
// field one of project, labels, key, status.

type Token = { kind: "word" | "string" | "punct"; value: string };

function tokenizeJql(jql: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:([(),]|!=|=)|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([A-Za-z0-9_.-]+))\s*/y;
  let index = 0;
  while (index < jql.length) {
    re.lastIndex = index;
    const match = re.exec(jql);
    if (!match)
      throw badRequest(`Error in the JQL Query: the character '${jql[index]}' is not supported here.`);
    index = re.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: "punct", value: match[1] });
    else if (match[2] !== undefined) tokens.push({ kind: "string", value: match[2].replace(/\\(.)/g, "$1") });
    else if (match[3] !== undefined) tokens.push({ kind: "string", value: match[3].replace(/\\(.)/g, "$1") });
    else if (match[4] !== undefined) tokens.push({ kind: "word", value: match[4] });
  }
  return tokens;
}

interface JqlQuery {
  clauses: { field: string; values: string[] }[];
  order?: { field: "key" | "created"; descending: boolean };
}

function parseJql(jql: string): JqlQuery {
  const tokens = tokenizeJql(jql);
  if (tokens.length === 0)
    throw badRequest(
      "Unbounded JQL queries are not allowed here. Please add a search restriction to your query.",
    );
  let position = 0;
  const peek = () => tokens[position];
  const isWord = (token: Token | undefined, word: string) =>
    token?.kind === "word" && token.value.toLowerCase() === word;
  const unsupported = (what: string) =>
    badRequest(`Error in the JQL Query: ${what} (the fake Jira supports project, labels, key and status).`);
  const value = (): string => {
    const token = tokens[position++];
    if (!token || token.kind === "punct") throw unsupported(`expected a value at token ${position}`);
    return token.value;
  };
  const query: JqlQuery = { clauses: [] };
  for (;;) {
    const fieldToken = tokens[position++];
    if (!fieldToken || fieldToken.kind === "punct") throw unsupported("expected a field name");
    const field = fieldToken.value.toLowerCase();
    if (!["project", "labels", "key", "status"].includes(field))
      throw badRequest(
        `Field '${fieldToken.value}' does not exist or you do not have permission to view it.`,
      );
    const operator = tokens[position++];
    if (operator?.kind === "punct" && operator.value === "=") {
      query.clauses.push({ field, values: [value()] });
    } else if (isWord(operator, "in")) {
      if (peek()?.value !== "(" || peek()?.kind !== "punct") throw unsupported("expected '(' after 'in'");
      position++;
      const values = [value()];
      while (peek()?.kind === "punct" && peek()?.value === ",") {
        position++;
        values.push(value());
      }
      if (peek()?.kind !== "punct" || peek()?.value !== ")") throw unsupported("expected ')'");
      position++;
      query.clauses.push({ field, values });
    } else {
      throw unsupported(`the operator '${operator?.value ?? ""}' is not supported`);
    }
    if (position === tokens.length) return query;
    if (isWord(peek(), "and")) {
      position++;
      continue;
    }
    if (isWord(peek(), "order") && isWord(tokens[position + 1], "by")) {
      position += 2;
      const orderField = tokens[position++]?.value.toLowerCase();
      if (orderField !== "key" && orderField !== "created") throw unsupported("ORDER BY key or created only");
      let descending = false;
      if (isWord(peek(), "desc") || isWord(peek(), "asc"))
        descending = tokens[position++]?.value.toLowerCase() === "desc";
      if (position !== tokens.length) throw unsupported("unexpected text after ORDER BY");
      query.order = { field: orderField, descending };
      return query;
    }
    throw unsupported(`unexpected '${peek()?.value}'`);
  }
}

// ---------------------------------------------------------------------------------------------------
// The server

export async function startFakeJira(options: FakeJiraOptions = {}): Promise<FakeJira> {
  const email = options.email ?? DEFAULT_EMAIL;
  const token = options.token ?? DEFAULT_TOKEN;
  const expectedAuth = `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;
  const projects: Project[] = Object.entries(options.projects ?? DEFAULT_PROJECTS).map(
    ([key, config], i) => ({
      id: config.id ?? String(10000 + i),
      key,
      name: config.name ?? key,
      issueTypes: config.issueTypes,
    }),
  );
  const issues: FakeIssue[] = [];
  const requests: FakeJiraRequest[] = [];
  const nextNumber = new Map<string, number>();
  let nextIssueId = 10001;

  let down = false;
  let hangCount = 0;
  let rateLimit = { count: 0, retryAfterSeconds: 0 };
  let failure: { count: number; status: number; body: unknown } = { count: 0, status: 0, body: undefined };
  let loseNextCreate = false;
  let holdNextCreate = false;

  const sockets = new Set<Socket>();
  let url = "";

  const findProject = (idOrKey: string) =>
    projects.find((p) => p.id === idOrKey || p.key.toUpperCase() === idOrKey.toUpperCase());
  const findIssue = (idOrKey: string) =>
    issues.find((issue) => issue.id === idOrKey || issue.key.toUpperCase() === idOrKey.toUpperCase());
  const issueOrThrow = (idOrKey: string) => {
    const issue = findIssue(idOrKey);
    if (!issue)
      throw new HttpError(404, jiraError(["Issue does not exist or you do not have permission to see it."]));
    return issue;
  };
  const issueSelf = (issue: FakeIssue) => `${url}${API}/issue/${issue.id}`;
  const projectJson = (project: Project) => ({
    self: `${url}${API}/project/${project.id}`,
    id: project.id,
    key: project.key,
    name: project.name,
    issueTypes: project.issueTypes.map((type) => ({
      self: `${url}${API}/issuetype/${type.id}`,
      id: type.id,
      name: type.name,
      description: type.description ?? "",
      subtask: false,
    })),
  });
  const issueFieldsJson = (issue: FakeIssue, wanted: string[]): Record<string, unknown> => {
    const project = findProject(issue.projectKey)!;
    const type = project.issueTypes.find((t) => t.id === issue.issueTypeId)!;
    const all: Record<string, unknown> = {
      summary: issue.summary,
      labels: issue.labels,
      priority: {
        name: issue.priority,
        id: String((PRIORITIES as readonly string[]).indexOf(issue.priority) + 1),
      },
      issuetype: { id: type.id, name: type.name },
      project: { id: project.id, key: project.key, name: project.name },
      status: { name: issue.status },
      description: issue.description,
    };
    const names = wanted.some((f) => f === "*all" || f === "*navigable") ? SEARCHABLE_FIELDS : wanted;
    return Object.fromEntries(names.filter((name) => name in all).map((name) => [name, all[name]]));
  };

  function createIssue(body: unknown): { issue: FakeIssue; response: unknown } {
    const fields = isRecord(body) && isRecord(body.fields) ? body.fields : {};
    const errors: Record<string, string> = {};
    checkUnknownFields(fields, CREATE_FIELDS, errors);
    const projectRef = fields.project;
    const project = isRecord(projectRef)
      ? typeof projectRef.key === "string"
        ? findProject(projectRef.key)
        : typeof projectRef.id === "string"
          ? projects.find((p) => p.id === projectRef.id)
          : undefined
      : undefined;
    if (!project) errors.project = "Specify a valid project ID or key";
    let issueType: FakeIssueType | undefined;
    const typeRef = fields.issuetype;
    if (!isRecord(typeRef) || (typeof typeRef.id !== "string" && typeof typeRef.name !== "string")) {
      errors.issuetype = "Specify an issue type";
    } else if (project) {
      issueType = project.issueTypes.find((t) =>
        typeof typeRef.id === "string" ? t.id === typeRef.id : t.name === typeRef.name,
      );
      if (!issueType) errors.issuetype = "The issue type selected is invalid.";
    }
    const summary = checkSummary(fields.summary, errors);
    const labels = fields.labels === undefined ? [] : checkLabels(fields.labels, errors);
    const priority = fields.priority === undefined ? "Medium" : checkPriority(fields.priority, errors);
    const description =
      fields.description === undefined ? null : checkDescription(fields.description, errors);
    if (Object.keys(errors).length > 0 || !project || !issueType) throw fieldErrors(errors);
    const number = (nextNumber.get(project.key) ?? 0) + 1;
    nextNumber.set(project.key, number);
    const issue: FakeIssue = {
      id: String(nextIssueId++),
      key: `${project.key}-${number}`,
      projectKey: project.key,
      fields,
      labels: [...labels!],
      summary: summary!,
      priority: priority!,
      issueTypeId: issueType.id,
      description,
      status: "To Do",
      transitions: [],
      edits: [],
      comments: [],
    };
    issues.push(issue);
    return { issue, response: { id: issue.id, key: issue.key, self: issueSelf(issue) } };
  }

  function editIssue(issue: FakeIssue, body: unknown) {
    if (!isRecord(body)) throw badRequest("Can not deserialize the request body.");
    if (body.update !== undefined && !(isRecord(body.update) && Object.keys(body.update).length === 0))
      throw badRequest("The fake Jira supports edits through `fields` only, not `update`.");
    const fields = body.fields === undefined ? {} : body.fields;
    if (!isRecord(fields)) throw badRequest("Can not deserialize the `fields` of the request body.");
    const errors: Record<string, string> = {};
    checkUnknownFields(fields, EDIT_FIELDS, errors);
    const summary = fields.summary === undefined ? undefined : checkSummary(fields.summary, errors);
    const labels = fields.labels === undefined ? undefined : checkLabels(fields.labels, errors);
    const priority = fields.priority === undefined ? undefined : checkPriority(fields.priority, errors);
    const description =
      fields.description === undefined ? undefined : checkDescription(fields.description, errors);
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    if (summary !== undefined) issue.summary = summary;
    if (labels !== undefined) issue.labels = [...labels];
    if (priority !== undefined) issue.priority = priority;
    if (description !== undefined) issue.description = description;
    issue.edits.push(fields);
  }

  function transitionIssue(issue: FakeIssue, body: unknown) {
    const ref = isRecord(body) ? body.transition : undefined;
    if (!isRecord(ref) || typeof ref.id !== "string")
      throw badRequest("Missing 'transition' identifier (transition.id).");
    const transition = TRANSITIONS.find((t) => t.id === ref.id);
    if (!transition) throw badRequest(`Transition id '${ref.id}' is not valid for this issue.`);
    issue.status = transition.to.name;
    issue.transitions.push(transition.name);
  }

  function search(body: unknown) {
    if (!isRecord(body) || typeof body.jql !== "string") throw badRequest("The 'jql' parameter is required.");
    const query = parseJql(body.jql);
    let found = [...issues];
    for (const clause of query.clauses) {
      if (clause.field === "project") {
        for (const value of clause.values) {
          if (!findProject(value))
            throw badRequest(`The value '${value}' does not exist for the field 'project'.`);
        }
        const keys = clause.values.map((v) => findProject(v)!.key);
        found = found.filter((issue) => keys.includes(issue.projectKey));
      } else if (clause.field === "labels") {
        found = found.filter((issue) => issue.labels.some((label) => clause.values.includes(label)));
      } else if (clause.field === "key") {
        const keys = clause.values.map((v) => v.toUpperCase());
        found = found.filter((issue) => keys.includes(issue.key.toUpperCase()) || keys.includes(issue.id));
      } else {
        const statuses = clause.values.map((v) => v.toLowerCase());
        found = found.filter((issue) => statuses.includes(issue.status.toLowerCase()));
      }
    }
    if (query.order?.field === "key") {
      const number = (issue: FakeIssue) => Number(issue.key.slice(issue.projectKey.length + 1));
      found.sort((a, b) => a.projectKey.localeCompare(b.projectKey) || number(a) - number(b));
    }
    if (query.order?.descending) found.reverse();
    const fields = Array.isArray(body.fields)
      ? body.fields.filter((f): f is string => typeof f === "string")
      : ["summary", "labels"];
    const maxResults =
      typeof body.maxResults === "number" && body.maxResults > 0 ? Math.min(body.maxResults, 5000) : 50;
    const start =
      typeof body.nextPageToken === "string"
        ? Number(Buffer.from(body.nextPageToken, "base64").toString())
        : 0;
    if (!Number.isInteger(start) || start < 0) throw badRequest("The nextPageToken is invalid.");
    const page = found.slice(start, start + maxResults);
    const isLast = start + maxResults >= found.length;
    return {
      issues: page.map((issue) => ({
        id: issue.id,
        key: issue.key,
        self: issueSelf(issue),
        fields: issueFieldsJson(issue, fields),
      })),
      isLast,
      ...(isLast ? {} : { nextPageToken: Buffer.from(String(start + maxResults)).toString("base64") }),
    };
  }

  /** Answers an authenticated request (or throws HttpError); "lost" when the socket was destroyed instead; undefined when it is held unanswered. */
  function route(req: IncomingMessage, path: string, text: string): Reply | "lost" | undefined {
    const method = req.method ?? "GET";
    const parseJson = (): unknown => {
      const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (contentType !== "application/json")
        throw new HttpError(415, jiraError(["Unsupported Media Type: expected application/json"]));
      try {
        return JSON.parse(text);
      } catch (error) {
        throw badRequest(`Request body is not valid JSON: ${(error as Error).message}`);
      }
    };
    if (method === "GET" && path === `${API}/myself`) {
      return {
        status: 200,
        body: {
          self: `${url}${API}/user?accountId=${encodeURIComponent(ACCOUNT_ID)}`,
          accountId: ACCOUNT_ID,
          accountType: "atlassian",
          emailAddress: email,
          displayName: DISPLAY_NAME,
          active: true,
        },
      };
    }
    const projectMatch = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(path);
    if (method === "GET" && projectMatch) {
      const idOrKey = decodeURIComponent(projectMatch[1]!);
      const project = findProject(idOrKey);
      if (!project) throw new HttpError(404, jiraError([`No project could be found with key '${idOrKey}'.`]));
      return { status: 200, body: projectJson(project) };
    }
    if (method === "POST" && path === `${API}/issue`) {
      const { response } = createIssue(parseJson());
      if (loseNextCreate) {
        loseNextCreate = false;
        req.socket.destroy();
        return "lost";
      }
      if (holdNextCreate) {
        holdNextCreate = false;
        return undefined;
      }
      return { status: 201, body: response };
    }
    const issueMatch = /^\/rest\/api\/3\/issue\/([^/]+)$/.exec(path);
    if (issueMatch && (method === "GET" || method === "PUT")) {
      const issue = issueOrThrow(decodeURIComponent(issueMatch[1]!));
      if (method === "PUT") {
        editIssue(issue, parseJson());
        return { status: 204 };
      }
      return {
        status: 200,
        body: {
          id: issue.id,
          key: issue.key,
          self: issueSelf(issue),
          fields: issueFieldsJson(issue, ["*all"]),
        },
      };
    }
    const commentMatch = /^\/rest\/api\/3\/issue\/([^/]+)\/comment$/.exec(path);
    if (commentMatch && method === "POST") {
      const issue = issueOrThrow(decodeURIComponent(commentMatch[1]!));
      const body = parseJson();
      if (!isRecord(body) || !isRecord(body.body)) throw badRequest("Comment body can not be empty!");
      issue.comments.push(body.body);
      return { status: 201, body: { id: String(10000 + issue.comments.length), body: body.body } };
    }
    const transitionsMatch = /^\/rest\/api\/3\/issue\/([^/]+)\/transitions$/.exec(path);
    if (transitionsMatch && (method === "GET" || method === "POST")) {
      const issue = issueOrThrow(decodeURIComponent(transitionsMatch[1]!));
      if (method === "POST") {
        transitionIssue(issue, parseJson());
        return { status: 204 };
      }
      return { status: 200, body: { transitions: TRANSITIONS } };
    }
    if (method === "POST" && path === `${API}/search/jql`) return { status: 200, body: search(parseJson()) };
    throw new HttpError(404, jiraError([`No route for ${method} ${path} in the fake Jira.`]));
  }

  /** Undefined when the request must hang (never answered until close). */
  async function handle(req: IncomingMessage): Promise<Reply | "lost" | undefined> {
    const { text, tooLarge } = await readBody(req);
    const path = (req.url ?? "/").split("?")[0]!;
    const method = req.method ?? "GET";
    const authorized = req.headers.authorization === expectedAuth;
    const log = () => {
      let body: unknown;
      if (text !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      requests.push({ method, path, body });
    };
    if (down) {
      if (authorized) log();
      return { status: 503, body: jiraError(["Service Unavailable: the fake Jira is down."]) };
    }
    if (!authorized)
      return {
        status: 401,
        body: jiraError(["Client must be authenticated to access this resource."]),
        headers: { "WWW-Authenticate": 'Basic realm="protected-area"' },
      };
    log();
    if (hangCount > 0) {
      hangCount--;
      return undefined;
    }
    if (rateLimit.count > 0) {
      rateLimit.count--;
      return {
        status: 429,
        body: jiraError(["Rate limit exceeded."]),
        headers: { "Retry-After": String(rateLimit.retryAfterSeconds) },
      };
    }
    if (failure.count > 0) {
      failure.count--;
      return {
        status: failure.status,
        body: failure.body ?? jiraError([`Injected failure (HTTP ${failure.status}).`]),
      };
    }
    if (tooLarge)
      return { status: 413, body: jiraError([`Request body exceeds the limit of ${MAX_BODY_BYTES} bytes.`]) };
    try {
      return route(req, path, text);
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, body: error.body };
      throw error;
    }
  }

  const server = createServer((req, res) => {
    handle(req).then(
      (reply) => {
        if (reply && reply !== "lost") send(res, reply);
      },
      (error: unknown) => send(res, { status: 500, body: jiraError([`Fake Jira failed: ${String(error)}`]) }),
    );
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    issues,
    requests,
    failNext(count, status, body) {
      failure = { count, status, body };
    },
    rateLimitNext(count, retryAfterSeconds) {
      rateLimit = { count, retryAfterSeconds };
    },
    hangNext(count) {
      hangCount = count;
    },
    loseResponseOfNextCreate() {
      loseNextCreate = true;
    },
    holdResponseOfNextCreate() {
      holdNextCreate = true;
    },
    reset() {
      down = false;
      hangCount = 0;
      rateLimit = { count: 0, retryAfterSeconds: 0 };
      failure = { count: 0, status: 0, body: undefined };
      loseNextCreate = false;
      holdNextCreate = false;
    },
    setDown(value) {
      down = value;
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
