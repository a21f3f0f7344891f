/**
 * A fake of the Jira Cloud REST API v3, for integration tests: it speaks the real paths and payloads
 * (`/rest/api/3/...`, HTTP basic auth, Jira's `{ errorMessages, errors }` error shape), refuses what
 * real Jira refuses (unknown project or issue type, bad summary, labels with spaces, unknown priority,
 * descriptions and comments that are not valid Atlassian Document Format, attachments without
 * `X-Atlassian-Token: no-check`, JQL it does not understand), and can be told to fail, rate-limit,
 * hang, lose the response of a create that happened, or be down.
 *
 * What a customer-support portal needs is here too: statuses with their status category, comments
 * (restricted by role or group, added by the API or "by support staff" from a test), attachments
 * (multipart, bytes kept), deleting an issue, JQL on `updated`/`created` with paging, and signed admin
 * webhooks (`X-Hub-Signature: sha256=…`, `X-Atlassian-Webhook-Identifier`) that tests can hold, drop,
 * redeliver and await.
 *
 * And what a sales team needs: a due date (`duedate`), an assignee from a directory of users (active or
 * not, see FakeJiraOptions.users and setUserActive), issue links (`POST /issueLink`, Jira Cloud's
 * default link types) and the outcome statuses Won and Lost.
 *
 * Descriptions and comment bodies are validated with the official ADF JSON schema from
 * `@atlaskit/adf-schema`.
 */
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  type ClientRequest,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { request as httpsRequest } from "node:https";
import { createRequire } from "node:module";
import type { AddressInfo, Socket } from "node:net";
import { CREATE_FIELD_NAMES, EDIT_FIELD_NAMES } from "@server/tracker/issue-fields.ts";
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
  /** The fake's clock (created, updated, comment times, webhook timestamps, relative JQL dates). */
  now?: () => Date;
  /**
   * The bot account's time zone (IANA name, default "UTC"), as in its Jira profile: dates are written
   * with its offset (`2026-03-01T09:00:00.000-0300`) and JQL dates such as "2026/03/01 09:00" are read in it.
   */
  timeZone?: string;
  /** Largest multipart request POST .../attachments accepts (default MAX_ATTACHMENT_REQUEST_BYTES). */
  maxAttachmentRequestBytes?: number;
  /**
   * The site's users: who can be assigned issues (active ones only) and whose `active` the JSON answers
   * report. Default DEFAULT_USERS. The fake keeps copies, so setUserActive never changes these objects.
   */
  users?: FakeJiraUser[];
}

/** A Jira user as the fake records it; the JSON answers add self, active and accountType. */
export interface FakeUser {
  accountId: string;
  displayName: string;
}

/**
 * A user of the fake site's directory (FakeJiraOptions.users). Only an active user can be assigned
 * issues; JSON answers report `active` for any user found here (and true for a user who is not).
 */
export interface FakeJiraUser extends FakeUser {
  active: boolean;
}

/** An issue link type, as GET /rest/api/3/issueLinkType answers it (without `self`). */
export interface FakeIssueLinkType {
  id: string;
  name: string;
  /** How the link reads from its destination (the issue given as outwardIssue): "is blocked by". */
  inward: string;
  /** How the link reads from its source (the issue given as inwardIssue): "blocks". */
  outward: string;
}

/**
 * A link between two issues, the same object in the `links` of both. Named after the request that made
 * it: `POST /issueLink {type, inwardIssue: {key: inwardKey}, outwardIssue: {key: outwardKey}}`. As Jira
 * Cloud does it, the inward issue is the link's source, so with Blocks "inwardKey blocks outwardKey":
 * GET inwardKey lists it with `outwardIssue: outwardKey` (read with `type.outward`), GET outwardKey with
 * `inwardIssue: inwardKey` (read with `type.inward`).
 */
export interface FakeIssueLink {
  /** Numeric string, global to the fake: "10001", "10002"… */
  id: string;
  type: FakeIssueLinkType;
  inwardKey: string;
  outwardKey: string;
}

/** A comment restriction, as Jira's `visibility`. */
export interface FakeCommentVisibility {
  type: "role" | "group";
  /** The role or group name. */
  value: string;
  /** Jira answers it; the value when not given. */
  identifier?: string;
}

export interface FakeComment {
  /** Numeric string, global to the fake: "10001", "10002"… */
  id: string;
  author: FakeUser;
  /** Who last changed it (the author until edited). */
  updateAuthor: FakeUser;
  /** ADF document, as last set. */
  body: unknown;
  /** Absent when the comment is visible to everyone who sees the issue. */
  visibility?: FakeCommentVisibility;
  created: Date;
  updated: Date;
}

export interface FakeAttachment {
  /** Numeric string, global to the fake: "10001", "10002"… */
  id: string;
  filename: string;
  /** The part's Content-Type without parameters; "application/octet-stream" when it had none. */
  mimeType: string;
  size: number;
  /** The exact bytes received. */
  content: Buffer;
  author: FakeUser;
  created: Date;
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
  /** The due date, "YYYY-MM-DD" as Jira takes and answers it, or null. */
  duedate: string | null;
  /**
   * The assignee: the directory's entry itself (so `active` is the user's current state, after any
   * setUserActive), or null when unassigned (the default).
   */
  assignee: FakeJiraUser | null;
  /** The links to and from other issues, in the order they were made (see FakeIssueLink). */
  links: FakeIssueLink[];
  /** Status name, "To Do" when created; its category is STATUSES[status].category. */
  status: string;
  /** Names of the transitions applied, in order (e.g. "Qualify"). */
  transitions: string[];
  /** The `fields` object of each accepted edit (PUT), in order. */
  edits: Record<string, unknown>[];
  /** The ADF body of each comment added (by the API or addSupportComment), in order; edits and deletes leave it. */
  comments: unknown[];
  /** The issue's comments as they are now (edited, deleted ones gone), in creation order. */
  commentRecords: FakeComment[];
  /** The files attached, in order. */
  attachments: FakeAttachment[];
  created: Date;
  /** Moves on every change: edit, transition, comment added, edited or deleted, attachment. */
  updated: Date;
}

export interface FakeJiraRequest {
  method: string;
  /** Path without the query string, e.g. "/rest/api/3/issue". */
  path: string;
  /**
   * Parsed JSON body; the raw text when it is not JSON; undefined when empty; for a multipart body,
   * "[multipart/form-data, N bytes]".
   */
  body: unknown;
}

/** The webhook events the fake sends (the `webhookEvent` of the payload). */
export type FakeWebhookEvent =
  | "jira:issue_created"
  | "jira:issue_updated"
  | "jira:issue_deleted"
  | "comment_created"
  | "comment_updated"
  | "comment_deleted";

/** An admin webhook (Jira settings > System > WebHooks). */
export interface FakeWebhookConfig {
  url: string;
  /** Signs each body: `X-Hub-Signature: sha256=<hex HMAC-SHA256 of the raw body>`; no header without it. */
  secret?: string;
  /** The events subscribed; default DEFAULT_WEBHOOK_EVENTS (every one but jira:issue_created). */
  events?: FakeWebhookEvent[];
  /**
   * Real Jira also sends jira:issue_updated (issue_event_type_name "issue_commented",
   * "issue_comment_edited", "issue_comment_deleted", no changelog) for each comment change to a webhook
   * subscribed to both; off by default.
   */
  issueUpdatedOnComment?: boolean;
  /**
   * The comment body in comment events: "adf" (default) or "text", plain text, as Jira's webhooks
   * have long sent bodies (wiki markup) while REST v3 answers ADF.
   */
  commentBodyFormat?: "adf" | "text";
  /** How long a delivery waits for the receiver's answer before it counts as failed; default 10 s. */
  timeoutMs?: number;
}

export interface FakeWebhookDelivery {
  /** X-Atlassian-Webhook-Identifier: one per change, the same on every redelivery of it. */
  identifier: string;
  /** 1 for the first delivery, then 2, 3… for redeliveries (sent with X-Atlassian-Webhook-Retry: attempt - 1). */
  attempt: number;
  event: FakeWebhookEvent;
  issueKey: string;
  /** The exact raw JSON body sent (and signed). */
  body: string;
  /** The body parsed. */
  payload: Record<string, unknown>;
  /** The headers sent. */
  headers: Record<string, string>;
  url: string;
  /**
   * held: queued by holdWebhooks until releaseWebhooks; pending or sending: on its way; dropped: lost
   * (dropNextWebhooks), never sent; answered: the receiver answered `status` (any status); failed: no
   * answer (`error`: refused, reset, timeout); abandoned: the fake closed first.
   */
  state: "held" | "pending" | "sending" | "dropped" | "answered" | "failed" | "abandoned";
  /** The receiver's HTTP status, when answered. */
  status?: number;
  error?: string;
}

export interface FakeJira {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:PORT */
  url: string;
  /** The issues that exist (a deleted issue leaves the array). */
  issues: FakeIssue[];
  /** Every request that passed authentication (including those answered by a failure control). */
  requests: FakeJiraRequest[];
  /** Every webhook delivery attempt, in the order they were made (redeliveries are new entries). */
  webhookDeliveries: FakeWebhookDelivery[];
  /** The next `count` requests (any path) answer `status` with `body` (default: Jira's error shape). */
  failNext(count: number, status: number, body?: unknown): void;
  /**
   * The next `count` requests answer 429 (or `status`: Jira Cloud sends 503 too) with a
   * `Retry-After: retryAfterSeconds` header.
   */
  rateLimitNext(count: number, retryAfterSeconds: number, status?: 429 | 503): void;
  /** The next `count` requests are accepted and never answered (until close). */
  hangNext(count: number): void;
  /** The next successful POST /issue creates the issue, then destroys the socket without answering. */
  loseResponseOfNextCreate(): void;
  /** The next successful POST /issue creates the issue, then never answers (until close). */
  holdResponseOfNextCreate(): void;
  /** Clears every failure control (including down and dropNextWebhooks); keeps issues, logs, the webhook and holding. */
  reset(): void;
  /** While down, every request (authenticated or not) gets 503. */
  setDown(down: boolean): void;
  /** Sets the fake's clock: a fixed date, a function, or null for the one given at start (or the real clock). */
  setNow(now: Date | (() => Date) | null): void;
  /** Registers the admin webhook (replacing any), or removes it with null: no deliveries from then on. */
  configureWebhook(config: FakeWebhookConfig | null): void;
  /** From now on deliveries are queued ("held") instead of sent, until releaseWebhooks. */
  holdWebhooks(): void;
  /** Stops holding and sends the held deliveries, in order (or reversed); resolves once every one settled. */
  releaseWebhooks(options?: { reverse?: boolean }): Promise<void>;
  /** The next `count` delivery attempts (redeliveries included) are lost: recorded as "dropped", never sent. */
  dropNextWebhooks(count: number): void;
  /**
   * Sends a delivery again, same identifier and same body (so same signature), with
   * X-Atlassian-Webhook-Retry; the last delivery when no identifier is given. Answers the new attempt.
   */
  redeliver(identifier?: string): FakeWebhookDelivery;
  /** Resolves once no delivery is pending or being sent (held ones stay held). */
  webhooksSettled(): Promise<void>;
  /**
   * Adds a comment as support staff (SUPPORT_USER unless `author`), exactly as POST .../comment would:
   * validated, timestamps, issue updated, webhooks. A string becomes an ADF paragraph per line.
   */
  addSupportComment(
    issueIdOrKey: string,
    body: unknown,
    options?: { visibility?: FakeCommentVisibility; author?: FakeUser },
  ): FakeComment;
  /** Applies a transition (id or name) as support staff (SUPPORT_USER unless `author`), with its webhook. */
  transitionAsSupport(issueIdOrKey: string, transition: string, author?: FakeUser): void;
  /**
   * Activates or deactivates a user of the directory (an admin's change: no webhook). An inactive user
   * stays the assignee of the issues they had, but can no longer be assigned one.
   */
  setUserActive(accountId: string, active: boolean): void;
  /** Stops listening and destroys every open socket, hung ones included; abandons webhook deliveries. */
  close(): Promise<void>;
}

export const DEFAULT_EMAIL = "bot@example.com";
export const DEFAULT_TOKEN = "test-token";

/** A server's settings to call this fake with its default account. */
export function jiraEnv(jira: {
  url: string;
}): Record<"JIRA_BASE_URL" | "JIRA_EMAIL" | "JIRA_API_TOKEN", string> {
  return { JIRA_BASE_URL: jira.url, JIRA_EMAIL: DEFAULT_EMAIL, JIRA_API_TOKEN: DEFAULT_TOKEN };
}
export const ACCOUNT_ID = "712020:fake-jira-bot";
export const DISPLAY_NAME = "Fake Jira Bot";
/** The account the API acts as (the basic-auth user). */
export const BOT_USER: FakeUser = { accountId: ACCOUNT_ID, displayName: DISPLAY_NAME };
/** The default author of addSupportComment and transitionAsSupport. */
export const SUPPORT_USER: FakeUser = { accountId: "712020:suporte", displayName: "Equipe de Suporte" };
/** Salespeople who can be assigned leads. */
export const SALES_ANA: FakeJiraUser = {
  accountId: "712020:vendas-ana",
  displayName: "Ana Souza",
  active: true,
};
export const SALES_BRUNO: FakeJiraUser = {
  accountId: "712020:vendas-bruno",
  displayName: "Bruno Lima",
  active: true,
};
/** A former salesperson whose account was deactivated: cannot be assigned issues. */
export const INACTIVE_USER: FakeJiraUser = {
  accountId: "712020:ex-vendedor",
  displayName: "Carlos Antigo",
  active: false,
};
/** The directory of users unless FakeJiraOptions.users says otherwise. */
export const DEFAULT_USERS: readonly FakeJiraUser[] = [
  { ...BOT_USER, active: true },
  { ...SUPPORT_USER, active: true },
  SALES_ANA,
  SALES_BRUNO,
  INACTIVE_USER,
];
export const MAX_BODY_BYTES = 1024 * 1024;
/** Default limit of one POST .../attachments request (all its parts). */
export const MAX_ATTACHMENT_REQUEST_BYTES = 20 * 1024 * 1024;
export const PRIORITIES = ["Highest", "High", "Medium", "Low", "Lowest"] as const;
/** Subscribed by configureWebhook unless `events` says otherwise. */
export const DEFAULT_WEBHOOK_EVENTS: readonly FakeWebhookEvent[] = [
  "jira:issue_updated",
  "jira:issue_deleted",
  "comment_created",
  "comment_updated",
  "comment_deleted",
];

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

/** Jira's three status categories (ids and keys as Jira Cloud has them). */
export const STATUS_CATEGORIES = {
  new: { id: 2, key: "new", colorName: "blue-gray", name: "To Do" },
  indeterminate: { id: 4, key: "indeterminate", colorName: "yellow", name: "In Progress" },
  done: { id: 3, key: "done", colorName: "green", name: "Done" },
} as const;

export type FakeStatusCategoryKey = keyof typeof STATUS_CATEGORIES;

/** The workflow's statuses, by name. */
export const STATUSES: Record<string, { id: string; category: FakeStatusCategoryKey }> = {
  "To Do": { id: "1", category: "new" },
  "In Progress": { id: "3", category: "indeterminate" },
  Qualified: { id: "4", category: "indeterminate" },
  Done: { id: "5", category: "done" },
  /** Sales outcomes: a lead won or lost is finished work. */
  Won: { id: "6", category: "done" },
  Lost: { id: "7", category: "done" },
};

/** The workflow every fake issue follows: every transition is always available. */
export const TRANSITIONS = [
  { id: "11", name: "To Do", to: { id: "1", name: "To Do" } },
  { id: "21", name: "Em andamento", to: { id: "3", name: "In Progress" } },
  { id: "31", name: "Qualify", to: { id: "4", name: "Qualified" } },
  { id: "41", name: "Done", to: { id: "5", name: "Done" } },
  { id: "51", name: "Reopen", to: { id: "1", name: "To Do" } },
  { id: "61", name: "Resolve", to: { id: "5", name: "Done" } },
  { id: "71", name: "Win", to: { id: "6", name: "Won" } },
  { id: "81", name: "Lose", to: { id: "7", name: "Lost" } },
] as const;

/** Jira Cloud's default issue link types (names, ids and descriptions as a new site has them). */
export const ISSUE_LINK_TYPES: readonly FakeIssueLinkType[] = [
  { id: "10000", name: "Blocks", inward: "is blocked by", outward: "blocks" },
  { id: "10001", name: "Cloners", inward: "is cloned by", outward: "clones" },
  { id: "10002", name: "Duplicate", inward: "is duplicated by", outward: "duplicates" },
  { id: "10003", name: "Relates", inward: "relates to", outward: "relates to" },
];

const API = "/rest/api/3";
// The project's create and edit screens carry the fields the product declares (issue-fields.ts).
const CREATE_FIELDS = new Set(CREATE_FIELD_NAMES);
const EDIT_FIELDS = new Set(EDIT_FIELD_NAMES);
/** The fields of `*navigable` (and of `*all`, which adds comment and attachment). */
const SEARCHABLE_FIELDS = [
  "summary",
  "labels",
  "priority",
  "issuetype",
  "project",
  "status",
  "description",
  "created",
  "updated",
  "duedate",
  "assignee",
  "issuelinks",
];
const ALL_FIELDS = [...SEARCHABLE_FIELDS, "comment", "attachment"];
const WEBHOOK_ISSUE_FIELDS = [
  "summary",
  "status",
  "labels",
  "priority",
  "issuetype",
  "project",
  "created",
  "updated",
  "duedate",
  "assignee",
  "issuelinks",
];
const ATTACHMENTS_PATH = /^\/rest\/api\/3\/issue\/[^/]+\/attachments$/;
const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

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

/** ADF → plain text: a line per block, hard breaks as newlines (what "text" webhook bodies carry). */
function adfToText(node: unknown): string {
  if (!isRecord(node)) return "";
  if (node.type === "text" && typeof node.text === "string") return node.text;
  if (node.type === "hardBreak") return "\n";
  const children = Array.isArray(node.content) ? node.content : [];
  const inline = children.every(
    (child) => isRecord(child) && ["text", "hardBreak"].includes(String(child.type)),
  );
  const text = children.map(adfToText).join(inline ? "" : "\n");
  return node.type === "doc" ? text.replace(/\n+$/, "") : text;
}

/** Plain text → ADF: a paragraph per non-empty line. */
function textToAdf(text: string): unknown {
  return {
    type: "doc",
    version: 1,
    content: text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "")
      .map((line) => ({ type: "paragraph", content: [{ type: "text", text: line }] })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Dates as Jira writes and reads them

function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    throw new Error(`Unknown time zone '${timeZone}' for the fake Jira.`);
  }
  return timeZone;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes to add to UTC to get the wall-clock time of `timeZone` at `ms`. */
function offsetMinutes(ms: number, timeZone: string): number {
  if (timeZone === "UTC") return 0;
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** A date as Jira's REST API and webhooks write it: `2026-03-01T12:00:00.000+0000` (offset of `timeZone`). */
export function jiraDateTime(date: Date | number, timeZone = "UTC"): string {
  const ms = typeof date === "number" ? date : date.getTime();
  const offset = offsetMinutes(ms, timeZone);
  const wall = new Date(ms + offset * 60_000).toISOString().slice(0, 23);
  const sign = offset < 0 ? "-" : "+";
  return `${wall}${sign}${pad(Math.floor(Math.abs(offset) / 60))}${pad(Math.abs(offset) % 60)}`;
}

/** The instant of a wall-clock time in `timeZone`. */
function wallClockToMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  const second = wall - offsetMinutes(first, timeZone) * 60_000;
  return second;
}

const PERIOD_UNITS: Record<string, number> = { w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000 };

/** A JQL date value: "yyyy/MM/dd HH:mm", "yyyy-MM-dd HH:mm", "yyyy/MM/dd", "yyyy-MM-dd" or a period ("-5m", "-1w 2d"). */
function parseJqlDate(value: string, field: string, nowMs: number, timeZone: string): number {
  const period = /^([-+]?)\s*((?:\d+\s*[wdhm]\s*)+)$/i.exec(value.trim());
  if (period) {
    let total = 0;
    for (const [, amount, unit] of period[2]!.matchAll(/(\d+)\s*([wdhm])/gi))
      total += Number(amount) * PERIOD_UNITS[unit!.toLowerCase()]!;
    return period[1] === "-" ? nowMs - total : nowMs + total;
  }
  const absolute = /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(value.trim());
  if (absolute) {
    const [year, month, day, hour, minute] = [1, 3, 4, 5, 6].map((i) => Number(absolute[i] ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const check = new Date(Date.UTC(year, month - 1, day, hour, minute));
    if (
      check.getUTCFullYear() === year &&
      check.getUTCMonth() === month - 1 &&
      check.getUTCDate() === day &&
      hour < 24 &&
      minute < 60
    )
      return wallClockToMs(year, month, day, hour, minute, timeZone);
  }
  throw badRequest(
    `Date value '${value}' for field '${field}' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd', or a period format e.g. '-5d', '4w 2d'.`,
  );
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
const notFound = (message: string) => new HttpError(404, jiraError([message]));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

interface Reply {
  status: number;
  /** JSON unless a string (sent as text) or a Buffer (sent as is); no body when undefined. */
  body?: unknown;
  headers?: Record<string, string>;
}

function send(res: ServerResponse, { status, body, headers = {} }: Reply) {
  if (res.destroyed || res.socket?.destroyed) return;
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  if (Buffer.isBuffer(body)) {
    res.writeHead(status, { "Content-Length": String(body.length), ...headers });
    res.end(body);
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

/** Reads the whole body; past `limit` bytes it keeps draining but stops keeping. */
function readBody(req: IncomingMessage, limit: number): Promise<{ raw: Buffer; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve({ raw: Buffer.concat(chunks), tooLarge }));
    req.on("error", reject);
  });
}

const mediaType = (header: string | undefined) => (header ?? "").split(";")[0]!.trim().toLowerCase();

interface MultipartPart {
  name?: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** The parameters of a Content-Disposition header, names lower-cased. */
function dispositionParams(value: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of value.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    params[match[1]!.toLowerCase()] =
      match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : match[3]!.trim();
  }
  return params;
}

function partHeaders(text: string): Omit<MultipartPart, "data"> {
  const part: Omit<MultipartPart, "data"> = {};
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-type") part.contentType = value;
    if (name === "content-disposition") {
      const params = dispositionParams(value);
      if (params.name !== undefined) part.name = params.name;
      const extended = params["filename*"];
      if (extended !== undefined && /^utf-8''/i.test(extended)) {
        try {
          part.filename = decodeURIComponent(extended.slice(7));
        } catch {
          throw badRequest(`The file name '${extended}' is not valid.`);
        }
      } else if (params.filename !== undefined) {
        // What browsers and undici's FormData escape in a quoted file name (WHATWG HTML, multipart/form-data).
        part.filename = params.filename.replace(/%(22|0A|0D)/gi, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      }
    }
  }
  return part;
}

/** Parses a multipart/form-data body (RFC 7578), keeping each part's bytes exactly. */
function parseMultipart(raw: Buffer, contentType: string): MultipartPart[] {
  const boundaryMatch = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = boundaryMatch?.[1] ?? boundaryMatch?.[2];
  if (!boundary) throw badRequest("The multipart request has no boundary.");
  const malformed = () => badRequest("The multipart request is malformed.");
  const delimiter = Buffer.from(`--${boundary}`);
  const separator = Buffer.from(`\r\n--${boundary}`);
  let position = raw.indexOf(delimiter);
  if (position === -1) throw malformed();
  position += delimiter.length;
  const parts: MultipartPart[] = [];
  for (;;) {
    if (raw[position] === 0x2d && raw[position + 1] === 0x2d) return parts;
    const lineEnd = raw.indexOf("\r\n", position);
    if (lineEnd === -1 || raw.subarray(position, lineEnd).toString("latin1").trim() !== "") throw malformed();
    const headersStart = lineEnd + 2;
    let headersEnd = headersStart;
    let dataStart = headersStart + 2;
    if (raw[headersStart] !== 0x0d || raw[headersStart + 1] !== 0x0a) {
      headersEnd = raw.indexOf("\r\n\r\n", headersStart);
      if (headersEnd === -1) throw malformed();
      dataStart = headersEnd + 4;
    }
    const next = raw.indexOf(separator, dataStart);
    if (next === -1) throw malformed();
    parts.push({
      ...partHeaders(raw.subarray(headersStart, headersEnd).toString("utf8")),
      data: Buffer.from(raw.subarray(dataStart, next)),
    });
    position = next + separator.length;
  }
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

/**
 * `duedate`: "YYYY-MM-DD" (a real day) or null to clear it. Jira answers "Operation value must be a
 * string" to a value that is not a string (seen in a Jira answer quoted by the JiraPS project, issue
 * 173); "Error parsing date string: <value>" for a string it cannot read is Jira's wording as far as we
 * know, not found in Atlassian's documentation.
 */
function checkDuedate(value: unknown, errors: Record<string, string>): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== "string") {
    errors.duedate = "Operation value must be a string";
    return undefined;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day)
      return value;
  }
  errors.duedate = `Error parsing date string: ${value}`;
  return undefined;
}

/**
 * `assignee`: `{ accountId }` of an active user of the directory, or null (or `{ accountId: null }`) to
 * leave the issue unassigned. An unknown or inactive account gets Jira Cloud's "User '<accountId>' cannot
 * be assigned issues." (Atlassian's knowledge base, "User cannot be assigned issues"). Jira's "-1"
 * (the project's default assignee) leaves it unassigned: the fake's projects have no default assignee.
 * The wording for a value of the wrong shape is the fake's own.
 */
function checkAssignee(
  value: unknown,
  findUser: (accountId: string) => FakeJiraUser | undefined,
  errors: Record<string, string>,
): FakeJiraUser | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || (value.accountId !== null && typeof value.accountId !== "string")) {
    errors.assignee = "Specify the assignee as an object with its accountId, or null to unassign.";
    return undefined;
  }
  if (value.accountId === null || value.accountId === "-1") return null;
  const user = findUser(value.accountId);
  if (!user?.active) {
    errors.assignee = `User '${value.accountId}' cannot be assigned issues.`;
    return undefined;
  }
  return user;
}

/** How a changelog item writes a due date (`toString` as Jira's history has it: "2026-03-10 00:00:00.0"). */
const duedateText = (date: string | null) => (date === null ? null : `${date} 00:00:00.0`);

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

/** The body of POST or PUT .../comment: an ADF `body` and an optional `visibility` (null lifts it). */
function checkComment(value: unknown): { body: unknown; visibility?: FakeCommentVisibility | null } {
  if (!isRecord(value) || value.body === undefined || value.body === null)
    throw badRequest("Comment body can not be empty!");
  const problem = validateAdf(value.body);
  if (problem) throw fieldErrors({ comment: problem });
  if (value.visibility === undefined) return { body: value.body };
  if (value.visibility === null) return { body: value.body, visibility: null };
  const visibility = value.visibility;
  const name = isRecord(visibility)
    ? typeof visibility.value === "string"
      ? visibility.value
      : visibility.identifier
    : undefined;
  if (
    !isRecord(visibility) ||
    (visibility.type !== "role" && visibility.type !== "group") ||
    typeof name !== "string" ||
    name.trim() === ""
  )
    throw fieldErrors({
      commentLevel: "Specify the visibility as { type: 'role' or 'group', value: its name }.",
    });
  return {
    body: value.body,
    visibility: {
      type: visibility.type,
      value: name,
      ...(typeof visibility.identifier === "string" ? { identifier: visibility.identifier } : {}),
    },
  };
}

/** `fields` of GET issue or search: names, `*all`, `*navigable`, `-name` to leave one out. */
function selectFields(wanted: string[], defaults: string[]): string[] {
  const names: string[] = [];
  let positive = false;
  for (const field of wanted) {
    if (field.startsWith("-")) continue;
    positive = true;
    if (field === "*all") names.push(...ALL_FIELDS);
    else if (field === "*navigable") names.push(...SEARCHABLE_FIELDS);
    else names.push(field);
  }
  const excluded = new Set(wanted.filter((f) => f.startsWith("-")).map((f) => f.slice(1)));
  return [...new Set(positive ? names : defaults)].filter((name) => !excluded.has(name));
}

// ---------------------------------------------------------------------------------------------------
// JQL: `clause (AND clause)* [ORDER BY field [ASC|DESC] (, field [ASC|DESC])*]`, clause = `field = value`
// | `field in (v, …)` for project, labels, key, status, statusCategory, or `field (>|>=|<|<=) date` for
// created and updated.

type Token = { kind: "word" | "string" | "punct"; value: string };

function tokenizeJql(jql: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:([(),]|!=|>=|<=|=|>|<)|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([A-Za-z0-9_./+-]+))\s*/y;
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

const VALUE_FIELDS = ["project", "labels", "key", "status", "statuscategory"] as const;
const DATE_FIELDS = ["created", "updated"] as const;
const ORDER_FIELDS = ["key", "created", "updated"] as const;
type ValueField = (typeof VALUE_FIELDS)[number];
type DateField = (typeof DATE_FIELDS)[number];
type OrderField = (typeof ORDER_FIELDS)[number];

type JqlClause =
  | { field: ValueField; values: string[] }
  | { field: DateField; operator: ">" | ">=" | "<" | "<="; value: string };

interface JqlQuery {
  clauses: JqlClause[];
  order: { field: OrderField; descending: boolean }[];
}

const UNBOUNDED =
  "Unbounded JQL queries are not allowed here. Please add a search restriction to your query.";

function parseJql(jql: string): JqlQuery {
  const tokens = tokenizeJql(jql);
  const isWord = (token: Token | undefined, word: string) =>
    token?.kind === "word" && token.value.toLowerCase() === word;
  if (tokens.length === 0 || (isWord(tokens[0], "order") && isWord(tokens[1], "by")))
    throw badRequest(UNBOUNDED);
  let position = 0;
  const peek = () => tokens[position];
  const isPunct = (token: Token | undefined, value: string) =>
    token?.kind === "punct" && token.value === value;
  const unsupported = (what: string) =>
    badRequest(
      `Error in the JQL Query: ${what} (the fake Jira supports project, labels, key, status, statusCategory, created and updated).`,
    );
  const value = (): string => {
    const token = tokens[position++];
    if (!token || token.kind === "punct") throw unsupported(`expected a value at token ${position}`);
    return token.value;
  };
  const query: JqlQuery = { clauses: [], order: [] };
  for (;;) {
    const fieldToken = tokens[position++];
    if (!fieldToken || fieldToken.kind === "punct") throw unsupported("expected a field name");
    const field = fieldToken.value.toLowerCase();
    const operator = tokens[position++];
    if ((DATE_FIELDS as readonly string[]).includes(field)) {
      const op = operator?.kind === "punct" ? operator.value : "";
      if (op !== ">" && op !== ">=" && op !== "<" && op !== "<=")
        throw unsupported(
          `the operator '${operator?.value ?? ""}' is not supported for '${fieldToken.value}'`,
        );
      query.clauses.push({ field: field as DateField, operator: op, value: value() });
    } else if ((VALUE_FIELDS as readonly string[]).includes(field)) {
      if (isPunct(operator, "=")) {
        query.clauses.push({ field: field as ValueField, values: [value()] });
      } else if (isWord(operator, "in")) {
        if (!isPunct(peek(), "(")) throw unsupported("expected '(' after 'in'");
        position++;
        const values = [value()];
        while (isPunct(peek(), ",")) {
          position++;
          values.push(value());
        }
        if (!isPunct(peek(), ")")) throw unsupported("expected ')'");
        position++;
        query.clauses.push({ field: field as ValueField, values });
      } else {
        throw unsupported(`the operator '${operator?.value ?? ""}' is not supported`);
      }
    } else {
      throw badRequest(
        `Field '${fieldToken.value}' does not exist or you do not have permission to view it.`,
      );
    }
    if (position === tokens.length) return query;
    if (isWord(peek(), "and")) {
      position++;
      continue;
    }
    if (isWord(peek(), "order") && isWord(tokens[position + 1], "by")) {
      position += 2;
      for (;;) {
        const orderToken = tokens[position++];
        const orderField = orderToken?.kind === "punct" ? undefined : orderToken?.value.toLowerCase();
        if (!orderField || !(ORDER_FIELDS as readonly string[]).includes(orderField))
          throw unsupported("ORDER BY key, created or updated only");
        let descending = false;
        if (isWord(peek(), "desc") || isWord(peek(), "asc"))
          descending = tokens[position++]!.value.toLowerCase() === "desc";
        query.order.push({ field: orderField as OrderField, descending });
        if (!isPunct(peek(), ",")) break;
        position++;
      }
      if (position !== tokens.length) throw unsupported("unexpected text after ORDER BY");
      return query;
    }
    throw unsupported(`unexpected '${peek()?.value}'`);
  }
}

// ---------------------------------------------------------------------------------------------------
// The server

interface WebhookSettings {
  url: string;
  secret?: string;
  events: readonly FakeWebhookEvent[];
  issueUpdatedOnComment: boolean;
  commentBodyFormat: "adf" | "text";
  timeoutMs: number;
}

type ChangelogItem = {
  field: string;
  fieldtype: "jira";
  fieldId: string;
  from: string | null;
  fromString: string | null;
  to: string | null;
  toString: string | null;
};

export async function startFakeJira(options: FakeJiraOptions = {}): Promise<FakeJira> {
  const email = options.email ?? DEFAULT_EMAIL;
  const token = options.token ?? DEFAULT_TOKEN;
  const timeZone = checkTimeZone(options.timeZone ?? "UTC");
  const maxAttachmentBytes = options.maxAttachmentRequestBytes ?? MAX_ATTACHMENT_REQUEST_BYTES;
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
  const directory: FakeJiraUser[] = (options.users ?? DEFAULT_USERS).map((user) => ({ ...user }));
  const findUser = (accountId: string) => directory.find((user) => user.accountId === accountId);
  const nextNumber = new Map<string, number>();
  let nextIssueId = 10001;
  let nextCommentId = 10001;
  let nextAttachmentId = 10001;
  let nextChangelogId = 10001;
  let nextLinkId = 10001;

  const realClock = options.now ?? (() => new Date());
  let clock = realClock;
  const now = () => new Date(clock().getTime());

  let down = false;
  let hangCount = 0;
  let rateLimit = { count: 0, retryAfterSeconds: 0, status: 429 };
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
    if (!issue) throw notFound("Issue does not exist or you do not have permission to see it.");
    return issue;
  };
  const issueForControl = (idOrKey: string) => {
    const issue = findIssue(idOrKey);
    if (!issue) throw new Error(`The fake Jira has no issue '${idOrKey}'.`);
    return issue;
  };
  const time = (date: Date) => jiraDateTime(date, timeZone);
  const issueSelf = (issue: FakeIssue) => `${url}${API}/issue/${issue.id}`;
  const userJson = (user: FakeUser) => ({
    self: `${url}${API}/user?accountId=${encodeURIComponent(user.accountId)}`,
    accountId: user.accountId,
    displayName: user.displayName,
    active: findUser(user.accountId)?.active ?? true,
    timeZone,
    accountType: "atlassian",
  });
  const statusJson = (name: string) => {
    const status = STATUSES[name]!;
    const category = STATUS_CATEGORIES[status.category];
    return {
      self: `${url}${API}/status/${status.id}`,
      description: "",
      name,
      id: status.id,
      statusCategory: { self: `${url}${API}/statuscategory/${category.id}`, ...category },
    };
  };
  const commentJson = (issue: FakeIssue, comment: FakeComment, bodyFormat: "adf" | "text" = "adf") => ({
    self: `${url}${API}/issue/${issue.id}/comment/${comment.id}`,
    id: comment.id,
    author: userJson(comment.author),
    body: bodyFormat === "text" ? adfToText(comment.body) : comment.body,
    updateAuthor: userJson(comment.updateAuthor),
    created: time(comment.created),
    updated: time(comment.updated),
    ...(comment.visibility
      ? {
          visibility: {
            type: comment.visibility.type,
            value: comment.visibility.value,
            identifier: comment.visibility.identifier ?? comment.visibility.value,
          },
        }
      : {}),
  });
  const attachmentJson = (attachment: FakeAttachment) => ({
    self: `${url}${API}/attachment/${attachment.id}`,
    id: attachment.id,
    filename: attachment.filename,
    author: userJson(attachment.author),
    created: time(attachment.created),
    size: attachment.size,
    mimeType: attachment.mimeType,
    content: `${url}${API}/attachment/content/${attachment.id}`,
  });
  const commentPage = (issue: FakeIssue, comments: FakeComment[], startAt: number, maxResults: number) => ({
    self: `${url}${API}/issue/${issue.id}/comment`,
    startAt,
    maxResults,
    total: comments.length,
    comments: comments.slice(startAt, startAt + maxResults).map((c) => commentJson(issue, c)),
  });
  const linkTypeJson = (type: FakeIssueLinkType) => ({
    id: type.id,
    name: type.name,
    inward: type.inward,
    outward: type.outward,
    self: `${url}${API}/issueLinkType/${type.id}`,
  });
  const priorityJson = (name: string) => ({
    name,
    id: String((PRIORITIES as readonly string[]).indexOf(name) + 1),
  });
  const issueTypeJson = (issue: FakeIssue) => {
    const type = findProject(issue.projectKey)!.issueTypes.find((t) => t.id === issue.issueTypeId)!;
    return { id: type.id, name: type.name };
  };
  /** The other issue of a link, as Jira nests it in `issuelinks`: a few of its fields. */
  const linkedIssueJson = (issue: FakeIssue) => ({
    id: issue.id,
    key: issue.key,
    self: issueSelf(issue),
    fields: {
      summary: issue.summary,
      status: statusJson(issue.status),
      priority: priorityJson(issue.priority),
      issuetype: issueTypeJson(issue),
    },
  });
  /** A link as the `issuelinks` of `from` lists it: the other issue, on the side it stands. */
  const issueLinkJson = (from: FakeIssue, link: FakeIssueLink) => {
    const side = link.inwardKey === from.key ? "outwardIssue" : "inwardIssue";
    const other = findIssue(side === "outwardIssue" ? link.outwardKey : link.inwardKey)!;
    return {
      id: link.id,
      self: `${url}${API}/issueLink/${link.id}`,
      type: linkTypeJson(link.type),
      [side]: linkedIssueJson(other),
    };
  };
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
  /** The issue's fields named in `names` (after selectFields), unknown names left out as Jira does. */
  const issueFieldsJson = (issue: FakeIssue, names: string[]): Record<string, unknown> => {
    const project = findProject(issue.projectKey)!;
    const all: Record<string, () => unknown> = {
      summary: () => issue.summary,
      labels: () => issue.labels,
      priority: () => priorityJson(issue.priority),
      issuetype: () => issueTypeJson(issue),
      project: () => ({ id: project.id, key: project.key, name: project.name }),
      status: () => statusJson(issue.status),
      description: () => issue.description,
      created: () => time(issue.created),
      updated: () => time(issue.updated),
      duedate: () => issue.duedate,
      assignee: () => (issue.assignee ? userJson(issue.assignee) : null),
      issuelinks: () => issue.links.map((link) => issueLinkJson(issue, link)),
      comment: () => commentPage(issue, issue.commentRecords, 0, 5000),
      attachment: () => issue.attachments.map(attachmentJson),
    };
    return Object.fromEntries(names.filter((name) => name in all).map((name) => [name, all[name]!()]));
  };
  const issueJson = (issue: FakeIssue, names: string[]) => ({
    id: issue.id,
    key: issue.key,
    self: issueSelf(issue),
    fields: issueFieldsJson(issue, names),
  });

  // -------------------------------------------------------------------------------------------------
  // Webhooks: built when the change happens, sent one at a time in order, each after the answer to the
  // request that caused it.

  let webhook: WebhookSettings | undefined;
  const webhookDeliveries: FakeWebhookDelivery[] = [];
  let holding = false;
  const held: FakeWebhookDelivery[] = [];
  const queue: { delivery: FakeWebhookDelivery; gate: Promise<void> }[] = [];
  let pump: Promise<void> | undefined;
  let dropCount = 0;
  /** While a request is being routed: opens once its answer is sent. */
  let answerSent: Promise<void> | undefined;
  const outgoing = new Set<ClientRequest>();
  let closed = false;

  function enqueue(delivery: FakeWebhookDelivery, gate: Promise<void>) {
    if (closed) {
      delivery.state = "abandoned";
      return;
    }
    if (dropCount > 0) {
      dropCount--;
      delivery.state = "dropped";
      return;
    }
    if (holding) {
      delivery.state = "held";
      held.push(delivery);
      return;
    }
    delivery.state = "pending";
    queue.push({ delivery, gate });
    pump ??= runPump();
  }

  async function runPump(): Promise<void> {
    for (;;) {
      const next = queue.shift();
      if (!next) {
        pump = undefined;
        return;
      }
      await next.gate;
      if (closed) next.delivery.state = "abandoned";
      else await deliver(next.delivery);
    }
  }

  /** Sends one delivery; never rejects: a receiver that is down or slow is recorded as failed. */
  function deliver(delivery: FakeWebhookDelivery): Promise<void> {
    delivery.state = "sending";
    const timeoutMs = webhook?.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (outcome: Pick<FakeWebhookDelivery, "state" | "status" | "error">) => {
        if (settled) return;
        settled = true;
        delivery.state = outcome.state;
        if (outcome.status !== undefined) delivery.status = outcome.status;
        if (outcome.error !== undefined) delivery.error = outcome.error;
        resolve();
      };
      let target: URL;
      try {
        target = new URL(delivery.url);
      } catch {
        finish({ state: "failed", error: `Invalid webhook URL '${delivery.url}'` });
        return;
      }
      const body = Buffer.from(delivery.body);
      const req = (target.protocol === "https:" ? httpsRequest : httpRequest)(target, {
        method: "POST",
        headers: { ...delivery.headers, "Content-Length": String(body.length) },
        agent: false,
        timeout: timeoutMs,
      });
      outgoing.add(req);
      // Once the receiver has answered a status, the delivery counts as answered whatever happens next.
      let status: number | undefined;
      const noAnswer = (error: string) =>
        finish(
          status !== undefined
            ? { state: "answered", status }
            : { state: closed ? "abandoned" : "failed", error },
        );
      req.on("response", (res) => {
        status = res.statusCode ?? 0;
        res.on("error", () => noAnswer("The answer broke off"));
        res.on("close", () => noAnswer("The answer broke off"));
        res.resume();
      });
      req.on("timeout", () => req.destroy(new Error(`No answer within ${timeoutMs} ms`)));
      req.on("error", (error) => noAnswer(error.message || String(error)));
      req.on("close", () => {
        outgoing.delete(req);
        noAnswer("Connection closed without an answer");
      });
      req.end(body);
    });
  }

  function emit(event: FakeWebhookEvent, issue: FakeIssue, build: () => Record<string, unknown>) {
    if (!webhook || closed || !webhook.events.includes(event)) return;
    const payload: Record<string, unknown> = { timestamp: now().getTime(), webhookEvent: event, ...build() };
    const body = JSON.stringify(payload);
    const identifier = randomUUID();
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "User-Agent": "Atlassian Webhook HTTP Client",
      "X-Atlassian-Webhook-Identifier": identifier,
    };
    if (webhook.secret)
      headers["X-Hub-Signature"] =
        `sha256=${createHmac("sha256", webhook.secret).update(body).digest("hex")}`;
    const delivery: FakeWebhookDelivery = {
      identifier,
      attempt: 1,
      event,
      issueKey: issue.key,
      body,
      payload,
      headers,
      url: webhook.url,
      state: "pending",
    };
    webhookDeliveries.push(delivery);
    enqueue(delivery, answerSent ?? Promise.resolve());
  }

  const webhookIssueJson = (issue: FakeIssue) => issueJson(issue, WEBHOOK_ISSUE_FIELDS);

  function emitIssueEvent(
    event: "jira:issue_created" | "jira:issue_updated" | "jira:issue_deleted",
    issue: FakeIssue,
    typeName: string,
    actor: FakeUser,
    extra: { items?: ChangelogItem[]; comment?: FakeComment } = {},
  ) {
    emit(event, issue, () => ({
      issue_event_type_name: typeName,
      user: userJson(actor),
      issue: webhookIssueJson(issue),
      ...(extra.items ? { changelog: { id: String(nextChangelogId++), items: extra.items } } : {}),
      ...(extra.comment ? { comment: commentJson(issue, extra.comment, webhook?.commentBodyFormat) } : {}),
    }));
  }

  function emitCommentEvent(
    change: "created" | "updated" | "deleted",
    issue: FakeIssue,
    comment: FakeComment,
    actor: FakeUser,
  ) {
    emit(`comment_${change}`, issue, () => ({
      comment: commentJson(issue, comment, webhook?.commentBodyFormat),
      issue: webhookIssueJson(issue),
    }));
    if (webhook?.issueUpdatedOnComment) {
      const typeName = {
        created: "issue_commented",
        updated: "issue_comment_edited",
        deleted: "issue_comment_deleted",
      };
      emitIssueEvent("jira:issue_updated", issue, typeName[change], actor, { comment });
    }
  }

  const item = (
    field: string,
    from: string | null,
    fromText: string | null,
    to: string | null,
    toText: string | null,
  ): ChangelogItem => ({
    field,
    fieldtype: "jira",
    fieldId: field,
    from,
    fromString: fromText,
    to,
    toString: toText,
  });

  // -------------------------------------------------------------------------------------------------
  // Changes (each by an actor: the bot through the API, support staff through the test controls)

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
    const duedate = fields.duedate === undefined ? null : checkDuedate(fields.duedate, errors);
    const assignee = fields.assignee === undefined ? null : checkAssignee(fields.assignee, findUser, errors);
    if (Object.keys(errors).length > 0 || !project || !issueType) throw fieldErrors(errors);
    const number = (nextNumber.get(project.key) ?? 0) + 1;
    nextNumber.set(project.key, number);
    const at = now();
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
      duedate: duedate!,
      assignee: assignee!,
      links: [],
      status: "To Do",
      transitions: [],
      edits: [],
      comments: [],
      commentRecords: [],
      attachments: [],
      created: at,
      updated: at,
    };
    issues.push(issue);
    emitIssueEvent("jira:issue_created", issue, "issue_created", BOT_USER);
    return { issue, response: { id: issue.id, key: issue.key, self: issueSelf(issue) } };
  }

  function editIssue(issue: FakeIssue, body: unknown, actor: FakeUser) {
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
    const duedate = fields.duedate === undefined ? undefined : checkDuedate(fields.duedate, errors);
    const assignee =
      fields.assignee === undefined ? undefined : checkAssignee(fields.assignee, findUser, errors);
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const items: ChangelogItem[] = [];
    if (summary !== undefined && summary !== issue.summary) {
      items.push(item("summary", null, issue.summary, null, summary));
      issue.summary = summary;
    }
    if (labels !== undefined && labels.join(" ") !== issue.labels.join(" ")) {
      items.push(item("labels", null, issue.labels.join(" "), null, labels.join(" ")));
      issue.labels = [...labels];
    }
    if (priority !== undefined && priority !== issue.priority) {
      const id = (name: string) => String((PRIORITIES as readonly string[]).indexOf(name) + 1);
      items.push(item("priority", id(issue.priority), issue.priority, id(priority), priority));
      issue.priority = priority;
    }
    if (description !== undefined && JSON.stringify(description) !== JSON.stringify(issue.description)) {
      const text = (doc: unknown) => (doc === null ? null : adfToText(doc));
      items.push(item("description", null, text(issue.description), null, text(description)));
      issue.description = description;
    }
    if (duedate !== undefined && duedate !== issue.duedate) {
      items.push(item("duedate", issue.duedate, duedateText(issue.duedate), duedate, duedateText(duedate)));
      issue.duedate = duedate;
    }
    if (assignee !== undefined && assignee?.accountId !== issue.assignee?.accountId) {
      items.push(assigneeItem(issue.assignee, assignee));
      issue.assignee = assignee;
    }
    issue.edits.push(fields);
    if (items.length === 0) return;
    issue.updated = now();
    // Jira names an event that only (re)assigns the issue "issue_assigned".
    const typeName = items.every((i) => i.field === "assignee") ? "issue_assigned" : "issue_updated";
    emitIssueEvent("jira:issue_updated", issue, typeName, actor, { items });
  }

  const assigneeItem = (from: FakeUser | null, to: FakeUser | null) =>
    item(
      "assignee",
      from?.accountId ?? null,
      from?.displayName ?? null,
      to?.accountId ?? null,
      to?.displayName ?? null,
    );

  /** PUT .../assignee: `{ accountId }`, or `{ accountId: null }` to unassign. */
  function assignIssue(issue: FakeIssue, body: unknown, actor: FakeUser) {
    if (!isRecord(body) || !("accountId" in body))
      throw badRequest("Specify the assignee's accountId (null to unassign).");
    const errors: Record<string, string> = {};
    const assignee = checkAssignee(body, findUser, errors);
    if (assignee === undefined) throw fieldErrors(errors);
    if (assignee?.accountId === issue.assignee?.accountId) return;
    const items = [assigneeItem(issue.assignee, assignee)];
    issue.assignee = assignee;
    issue.updated = now();
    emitIssueEvent("jira:issue_updated", issue, "issue_assigned", actor, { items });
  }

  function applyTransition(issue: FakeIssue, transition: (typeof TRANSITIONS)[number], actor: FakeUser) {
    const from = issue.status;
    issue.status = transition.to.name;
    issue.transitions.push(transition.name);
    issue.updated = now();
    emitIssueEvent("jira:issue_updated", issue, "issue_generic", actor, {
      items: [item("status", STATUSES[from]!.id, from, transition.to.id, transition.to.name)],
    });
  }

  function transitionIssue(issue: FakeIssue, body: unknown) {
    const ref = isRecord(body) ? body.transition : undefined;
    if (!isRecord(ref) || typeof ref.id !== "string")
      throw badRequest("Missing 'transition' identifier (transition.id).");
    const transition = TRANSITIONS.find((t) => t.id === ref.id);
    if (!transition) throw badRequest(`Transition id '${ref.id}' is not valid for this issue.`);
    applyTransition(issue, transition, BOT_USER);
  }

  function deleteIssue(issue: FakeIssue, actor: FakeUser) {
    issues.splice(issues.indexOf(issue), 1);
    emitIssueEvent("jira:issue_deleted", issue, "issue_deleted", actor);
    // Its links go from the other issues too (silently: no webhook and no `updated` for them here; what
    // real Jira records on the other issue is not documented).
    for (const link of issue.links) {
      const otherKey = link.inwardKey === issue.key ? link.outwardKey : link.inwardKey;
      const other = findIssue(otherKey);
      if (other) other.links.splice(other.links.indexOf(link), 1);
    }
  }

  const linkTypeOrThrow = (ref: Record<string, unknown>) => {
    if (typeof ref.name === "string") {
      const type = ISSUE_LINK_TYPES.find((t) => t.name === ref.name);
      if (!type) throw notFound(`No issue link type with name '${ref.name}' found.`);
      return type;
    }
    const type = ISSUE_LINK_TYPES.find((t) => t.id === String(ref.id));
    if (!type) throw notFound(`No issue link type with id '${String(ref.id)}' found.`);
    return type;
  };

  /** The changelog item a link adds to (or removes from) one of its issues, as Jira's history writes it. */
  const linkItem = (link: FakeIssueLink, from: FakeIssue, removed: boolean) => {
    const outward = link.inwardKey === from.key;
    const otherKey = outward ? link.outwardKey : link.inwardKey;
    const text = `This issue ${outward ? link.type.outward : link.type.inward} ${otherKey}`;
    return removed ? item("Link", otherKey, text, null, null) : item("Link", null, null, otherKey, text);
  };

  /**
   * POST /issueLink. Answers nothing (201); a link that already exists (same type, same issues, same
   * direction) is not made twice, but the request's comment is still added: both as Atlassian's
   * documentation says ("If the link request duplicates a link, the response indicates that the issue
   * link was created. If the request included a comment, the comment is added."). The comment goes to
   * the issue given as outwardIssue ("the from (outward) issue" in that documentation). Each issue gets
   * jira:issue_updated with a "Link" changelog item, as Jira Cloud's history records a link (its
   * issuelink_created event is not modelled).
   */
  function linkIssues(body: unknown, actor: FakeUser) {
    if (!isRecord(body)) throw badRequest("Can not deserialize the request body.");
    const typeRef = body.type;
    if (!isRecord(typeRef) || (typeof typeRef.name !== "string" && typeRef.id === undefined))
      throw badRequest("Specify the issue link type (type.name or type.id).");
    const issueRef = (side: "inwardIssue" | "outwardIssue") => {
      const ref = body[side];
      const idOrKey = isRecord(ref)
        ? typeof ref.key === "string"
          ? ref.key
          : typeof ref.id === "string" || typeof ref.id === "number"
            ? String(ref.id)
            : undefined
        : undefined;
      if (idOrKey === undefined) throw badRequest(`Specify the ${side} (${side}.key or ${side}.id).`);
      return idOrKey;
    };
    const inwardRef = issueRef("inwardIssue");
    const outwardRef = issueRef("outwardIssue");
    const type = linkTypeOrThrow(typeRef);
    const inward = issueOrThrow(inwardRef);
    const outward = issueOrThrow(outwardRef);
    if (inward === outward) throw badRequest("You cannot link an issue to itself.");
    const comment = body.comment === undefined || body.comment === null ? undefined : body.comment;
    // A comment that would be refused refuses the link too (400, nothing made).
    if (comment !== undefined) checkComment(comment);
    const exists = inward.links.some(
      (l) => l.type.id === type.id && l.inwardKey === inward.key && l.outwardKey === outward.key,
    );
    if (!exists) {
      const link: FakeIssueLink = {
        id: String(nextLinkId++),
        type,
        inwardKey: inward.key,
        outwardKey: outward.key,
      };
      const at = now();
      for (const issue of [inward, outward]) {
        issue.links.push(link);
        issue.updated = at;
        emitIssueEvent("jira:issue_updated", issue, "issue_updated", actor, {
          items: [linkItem(link, issue, false)],
        });
      }
    }
    if (comment !== undefined) addComment(outward, comment, actor);
  }

  const linkOrThrow = (id: string) => {
    for (const issue of issues) {
      const link = issue.links.find((l) => l.id === id);
      if (link) return link;
    }
    throw notFound(`No issue link with id '${id}' exists.`);
  };

  /** DELETE /issueLink/{id}: gone from both issues, each told by jira:issue_updated (a "Link" item from it). */
  function deleteLink(link: FakeIssueLink, actor: FakeUser) {
    const at = now();
    for (const key of [link.inwardKey, link.outwardKey]) {
      const issue = findIssue(key);
      if (!issue) continue;
      issue.links.splice(issue.links.indexOf(link), 1);
      issue.updated = at;
      emitIssueEvent("jira:issue_updated", issue, "issue_updated", actor, {
        items: [linkItem(link, issue, true)],
      });
    }
  }

  function addComment(issue: FakeIssue, input: unknown, author: FakeUser): FakeComment {
    const { body, visibility } = checkComment(input);
    const at = now();
    const comment: FakeComment = {
      id: String(nextCommentId++),
      author,
      updateAuthor: author,
      body,
      ...(visibility ? { visibility } : {}),
      created: at,
      updated: at,
    };
    issue.comments.push(body);
    issue.commentRecords.push(comment);
    issue.updated = at;
    emitCommentEvent("created", issue, comment, author);
    return comment;
  }

  const commentOrThrow = (issue: FakeIssue, id: string) => {
    const comment = issue.commentRecords.find((c) => c.id === id);
    if (!comment) throw notFound(`Can not find a comment for the id: ${id}.`);
    return comment;
  };

  function editComment(issue: FakeIssue, comment: FakeComment, input: unknown, actor: FakeUser) {
    const { body, visibility } = checkComment(input);
    comment.body = body;
    if (visibility === null) delete comment.visibility;
    else if (visibility) comment.visibility = visibility;
    comment.updateAuthor = actor;
    comment.updated = now();
    issue.updated = comment.updated;
    emitCommentEvent("updated", issue, comment, actor);
  }

  function deleteComment(issue: FakeIssue, comment: FakeComment, actor: FakeUser) {
    issue.commentRecords.splice(issue.commentRecords.indexOf(comment), 1);
    issue.updated = now();
    emitCommentEvent("deleted", issue, comment, actor);
  }

  function addAttachments(issue: FakeIssue, parts: MultipartPart[], author: FakeUser): FakeAttachment[] {
    const files = parts.filter((part) => part.name === "file");
    if (files.length === 0)
      throw badRequest("No file was attached: send each file in a multipart part named 'file'.");
    if (files.some((part) => !part.filename))
      throw badRequest("Each part named 'file' needs a filename in its Content-Disposition.");
    const at = now();
    const added = files.map(
      (part): FakeAttachment => ({
        id: String(nextAttachmentId++),
        filename: part.filename!,
        mimeType: mediaType(part.contentType) || "application/octet-stream",
        size: part.data.length,
        content: part.data,
        author,
        created: at,
      }),
    );
    issue.attachments.push(...added);
    issue.updated = at;
    emitIssueEvent("jira:issue_updated", issue, "issue_updated", author, {
      items: added.map((a) => item("Attachment", null, null, a.id, a.filename)),
    });
    return added;
  }

  // -------------------------------------------------------------------------------------------------
  // Search

  function search(body: unknown) {
    if (!isRecord(body) || typeof body.jql !== "string") throw badRequest("The 'jql' parameter is required.");
    const query = parseJql(body.jql);
    const nowMs = now().getTime();
    let found = [...issues];
    for (const clause of query.clauses) {
      if ("operator" in clause) {
        const bound = parseJqlDate(clause.value, clause.field, nowMs, timeZone);
        const field = clause.field;
        const compare = {
          ">": (t: number) => t > bound,
          ">=": (t: number) => t >= bound,
          "<": (t: number) => t < bound,
          "<=": (t: number) => t <= bound,
        }[clause.operator];
        found = found.filter((issue) => compare(issue[field].getTime()));
      } else if (clause.field === "project") {
        for (const value of clause.values) {
          if (!findProject(value))
            throw badRequest(`The value '${value}' does not exist for the field 'project'.`);
        }
        const keys = clause.values.map((v) => findProject(v)!.key);
        found = found.filter((issue) => keys.includes(issue.projectKey));
      } else if (clause.field === "labels") {
        const values = clause.values;
        found = found.filter((issue) => issue.labels.some((label) => values.includes(label)));
      } else if (clause.field === "key") {
        const keys = clause.values.map((v) => v.toUpperCase());
        found = found.filter((issue) => keys.includes(issue.key.toUpperCase()) || keys.includes(issue.id));
      } else if (clause.field === "status") {
        const names = clause.values.map((value) => {
          const name = Object.keys(STATUSES).find(
            (n) => n.toLowerCase() === value.toLowerCase() || STATUSES[n]!.id === value,
          );
          if (!name) throw badRequest(`The value '${value}' does not exist for the field 'status'.`);
          return name;
        });
        found = found.filter((issue) => names.includes(issue.status));
      } else {
        const keys = clause.values.map((value) => {
          const category = Object.values(STATUS_CATEGORIES).find(
            (c) =>
              c.key === value.toLowerCase() ||
              c.name.toLowerCase() === value.toLowerCase() ||
              String(c.id) === value,
          );
          if (!category)
            throw badRequest(`The value '${value}' does not exist for the field 'statusCategory'.`);
          return category.key;
        });
        found = found.filter((issue) => keys.includes(STATUSES[issue.status]!.category));
      }
    }
    if (query.order.length > 0) {
      const number = (issue: FakeIssue) => Number(issue.key.slice(issue.projectKey.length + 1));
      const compare = (field: OrderField, a: FakeIssue, b: FakeIssue) =>
        field === "key"
          ? a.projectKey.localeCompare(b.projectKey) || number(a) - number(b)
          : a[field].getTime() - b[field].getTime() || Number(a.id) - Number(b.id);
      found.sort((a, b) => {
        for (const { field, descending } of query.order) {
          const difference = compare(field, a, b);
          if (difference !== 0) return descending ? -difference : difference;
        }
        return Number(a.id) - Number(b.id);
      });
    }
    const wanted = Array.isArray(body.fields)
      ? body.fields.filter((f): f is string => typeof f === "string")
      : ["summary", "labels"];
    const names = selectFields(wanted, []);
    // Real Jira pages at most 5000 issues with id or key only, and about 100 with other fields.
    const cap = names.every((name) => name === "id" || name === "key") ? 5000 : 100;
    const maxResults =
      typeof body.maxResults === "number" && body.maxResults > 0 ? Math.min(body.maxResults, cap) : 50;
    const start =
      typeof body.nextPageToken === "string"
        ? Number(Buffer.from(body.nextPageToken, "base64").toString())
        : 0;
    if (!Number.isInteger(start) || start < 0) throw badRequest("The nextPageToken is invalid.");
    const page = found.slice(start, start + maxResults);
    const isLast = start + maxResults >= found.length;
    return {
      issues: page.map((issue) => issueJson(issue, names)),
      isLast,
      ...(isLast ? {} : { nextPageToken: Buffer.from(String(start + maxResults)).toString("base64") }),
    };
  }

  // -------------------------------------------------------------------------------------------------
  // Routes

  interface Incoming {
    req: IncomingMessage;
    method: string;
    path: string;
    query: URLSearchParams;
    raw: Buffer;
  }

  /** Answers an authenticated request (or throws HttpError); "lost" when the socket was destroyed instead; undefined when it is held unanswered. */
  function route({ req, method, path, query, raw }: Incoming): Reply | "lost" | undefined {
    const parseJson = (): unknown => {
      if (mediaType(req.headers["content-type"]) !== "application/json")
        throw new HttpError(415, jiraError(["Unsupported Media Type: expected application/json"]));
      const text = raw.toString("utf8");
      try {
        return JSON.parse(text);
      } catch (error) {
        throw badRequest(`Request body is not valid JSON: ${(error as Error).message}`);
      }
    };
    const integer = (name: string, fallback: number) => {
      const value = query.get(name);
      if (value === null) return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 0) throw badRequest(`The '${name}' parameter is invalid.`);
      return parsed;
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
          timeZone,
        },
      };
    }
    const projectMatch = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(path);
    if (method === "GET" && projectMatch) {
      const idOrKey = decodeURIComponent(projectMatch[1]!);
      const project = findProject(idOrKey);
      if (!project) throw notFound(`No project could be found with key '${idOrKey}'.`);
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
    if (issueMatch && (method === "GET" || method === "PUT" || method === "DELETE")) {
      const issue = issueOrThrow(decodeURIComponent(issueMatch[1]!));
      if (method === "PUT") {
        editIssue(issue, parseJson(), BOT_USER);
        return { status: 204 };
      }
      if (method === "DELETE") {
        deleteIssue(issue, BOT_USER);
        return { status: 204 };
      }
      const fields = (query.get("fields") ?? "")
        .split(",")
        .map((f) => f.trim())
        .filter((f) => f !== "");
      return { status: 200, body: issueJson(issue, selectFields(fields, ALL_FIELDS)) };
    }
    const commentsMatch = /^\/rest\/api\/3\/issue\/([^/]+)\/comment$/.exec(path);
    if (commentsMatch && (method === "GET" || method === "POST")) {
      const issue = issueOrThrow(decodeURIComponent(commentsMatch[1]!));
      if (method === "POST") {
        const comment = addComment(issue, parseJson(), BOT_USER);
        return { status: 201, body: commentJson(issue, comment) };
      }
      const orderBy = query.get("orderBy") ?? "created";
      if (!["created", "+created", "-created"].includes(orderBy))
        throw badRequest(`The 'orderBy' parameter '${orderBy}' is not supported (created or -created).`);
      const comments = orderBy === "-created" ? [...issue.commentRecords].reverse() : issue.commentRecords;
      return {
        status: 200,
        body: commentPage(
          issue,
          comments,
          integer("startAt", 0),
          Math.min(integer("maxResults", 5000), 5000),
        ),
      };
    }
    const commentMatch = /^\/rest\/api\/3\/issue\/([^/]+)\/comment\/([^/]+)$/.exec(path);
    if (commentMatch && (method === "GET" || method === "PUT" || method === "DELETE")) {
      const issue = issueOrThrow(decodeURIComponent(commentMatch[1]!));
      const comment = commentOrThrow(issue, decodeURIComponent(commentMatch[2]!));
      if (method === "PUT") {
        editComment(issue, comment, parseJson(), BOT_USER);
        return { status: 200, body: commentJson(issue, comment) };
      }
      if (method === "DELETE") {
        deleteComment(issue, comment, BOT_USER);
        return { status: 204 };
      }
      return { status: 200, body: commentJson(issue, comment) };
    }
    if (method === "POST" && ATTACHMENTS_PATH.test(path)) {
      const xsrf = String(req.headers["x-atlassian-token"] ?? "").toLowerCase();
      if (xsrf !== "no-check" && xsrf !== "nocheck")
        throw new HttpError(403, jiraError(["XSRF check failed"]));
      const issue = issueOrThrow(decodeURIComponent(path.split("/")[5]!));
      const contentType = String(req.headers["content-type"] ?? "");
      if (mediaType(contentType) !== "multipart/form-data")
        throw new HttpError(415, jiraError(["Unsupported Media Type: expected multipart/form-data"]));
      const added = addAttachments(issue, parseMultipart(raw, contentType), BOT_USER);
      return { status: 200, body: added.map(attachmentJson) };
    }
    const attachmentMatch = /^\/rest\/api\/3\/attachment\/(content\/)?([^/]+)$/.exec(path);
    if (method === "GET" && attachmentMatch) {
      const id = decodeURIComponent(attachmentMatch[2]!);
      const attachment = issues.flatMap((issue) => issue.attachments).find((a) => a.id === id);
      if (!attachment) throw notFound(`The attachment with id '${id}' does not exist.`);
      if (!attachmentMatch[1]) return { status: 200, body: attachmentJson(attachment) };
      return {
        status: 200,
        body: attachment.content,
        headers: {
          "Content-Type": attachment.mimeType,
          "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
        },
      };
    }
    const transitionsMatch = /^\/rest\/api\/3\/issue\/([^/]+)\/transitions$/.exec(path);
    if (transitionsMatch && (method === "GET" || method === "POST")) {
      const issue = issueOrThrow(decodeURIComponent(transitionsMatch[1]!));
      if (method === "POST") {
        transitionIssue(issue, parseJson());
        return { status: 204 };
      }
      return {
        status: 200,
        body: {
          transitions: TRANSITIONS.map((t) => ({
            id: t.id,
            name: t.name,
            to: statusJson(t.to.name),
            hasScreen: false,
            isGlobal: true,
            isInitial: false,
            isAvailable: true,
            isConditional: false,
            isLooped: false,
          })),
        },
      };
    }
    const assigneeMatch = /^\/rest\/api\/3\/issue\/([^/]+)\/assignee$/.exec(path);
    if (method === "PUT" && assigneeMatch) {
      const issue = issueOrThrow(decodeURIComponent(assigneeMatch[1]!));
      assignIssue(issue, parseJson(), BOT_USER);
      return { status: 204 };
    }
    if (method === "POST" && path === `${API}/issueLink`) {
      linkIssues(parseJson(), BOT_USER);
      return { status: 201 };
    }
    const linkMatch = /^\/rest\/api\/3\/issueLink\/([^/]+)$/.exec(path);
    if (linkMatch && (method === "GET" || method === "DELETE")) {
      const link = linkOrThrow(decodeURIComponent(linkMatch[1]!));
      if (method === "DELETE") {
        deleteLink(link, BOT_USER);
        return { status: 204 };
      }
      return {
        status: 200,
        body: {
          id: link.id,
          self: `${url}${API}/issueLink/${link.id}`,
          type: linkTypeJson(link.type),
          inwardIssue: linkedIssueJson(findIssue(link.inwardKey)!),
          outwardIssue: linkedIssueJson(findIssue(link.outwardKey)!),
        },
      };
    }
    if (method === "GET" && path === `${API}/issueLinkType`)
      return { status: 200, body: { issueLinkTypes: ISSUE_LINK_TYPES.map(linkTypeJson) } };
    const linkTypeMatch = /^\/rest\/api\/3\/issueLinkType\/([^/]+)$/.exec(path);
    if (method === "GET" && linkTypeMatch)
      return {
        status: 200,
        body: linkTypeJson(linkTypeOrThrow({ id: decodeURIComponent(linkTypeMatch[1]!) })),
      };
    if (path === `${API}/search/jql` && method === "POST") return { status: 200, body: search(parseJson()) };
    if (path === `${API}/search/jql` && method === "GET") {
      const maxResults = query.get("maxResults");
      return {
        status: 200,
        body: search({
          jql: query.get("jql") ?? undefined,
          fields: query
            .get("fields")
            ?.split(",")
            .map((f) => f.trim()),
          maxResults: maxResults === null ? undefined : Number(maxResults),
          nextPageToken: query.get("nextPageToken") ?? undefined,
        }),
      };
    }
    throw notFound(`No route for ${method} ${path} in the fake Jira.`);
  }

  /** Undefined when the request must hang (never answered until close). */
  async function handle(req: IncomingMessage, gate: Promise<void>): Promise<Reply | "lost" | undefined> {
    const [path = "/", queryString = ""] = (req.url ?? "/").split(/\?(.*)/s);
    const limit = ATTACHMENTS_PATH.test(path) ? maxAttachmentBytes : MAX_BODY_BYTES;
    const { raw, tooLarge } = await readBody(req, limit);
    const method = req.method ?? "GET";
    const authorized = req.headers.authorization === expectedAuth;
    const log = () => {
      let body: unknown;
      if (mediaType(req.headers["content-type"]) === "multipart/form-data") {
        body = `[multipart/form-data, ${raw.length} bytes]`;
      } else if (raw.length > 0) {
        const text = raw.toString("utf8");
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
        status: rateLimit.status,
        body: jiraError([rateLimit.status === 429 ? "Rate limit exceeded." : "Service Unavailable."]),
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
      return { status: 413, body: jiraError([`Request body exceeds the limit of ${limit} bytes.`]) };
    answerSent = gate;
    try {
      return route({ req, method, path, query: new URLSearchParams(queryString), raw });
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, body: error.body };
      throw error;
    } finally {
      answerSent = undefined;
    }
  }

  const server = createServer((req, res) => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    handle(req, gate)
      .then(
        (reply) => {
          if (reply && reply !== "lost") send(res, reply);
        },
        (error: unknown) =>
          send(res, { status: 500, body: jiraError([`Fake Jira failed: ${String(error)}`]) }),
      )
      .finally(() => {
        // Webhooks caused by this request leave once its answer has left (or never will).
        if (res.writableEnded && !res.writableFinished && !res.destroyed) {
          res.once("finish", open);
          res.once("close", open);
        } else open();
      });
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

  async function webhooksSettled() {
    while (pump) await pump;
  }

  let closing: Promise<void> | undefined;
  return {
    url,
    issues,
    requests,
    webhookDeliveries,
    failNext(count, status, body) {
      failure = { count, status, body };
    },
    rateLimitNext(count, retryAfterSeconds, status = 429) {
      rateLimit = { count, retryAfterSeconds, status };
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
      rateLimit = { count: 0, retryAfterSeconds: 0, status: 429 };
      failure = { count: 0, status: 0, body: undefined };
      loseNextCreate = false;
      holdNextCreate = false;
      dropCount = 0;
    },
    setDown(value) {
      down = value;
    },
    setNow(value) {
      if (value === null) clock = realClock;
      else if (typeof value === "function") clock = value;
      else {
        const fixed = value.getTime();
        clock = () => new Date(fixed);
      }
    },
    configureWebhook(config) {
      if (config === null) {
        webhook = undefined;
        return;
      }
      new URL(config.url);
      webhook = {
        url: config.url,
        ...(config.secret ? { secret: config.secret } : {}),
        events: [...(config.events ?? DEFAULT_WEBHOOK_EVENTS)],
        issueUpdatedOnComment: config.issueUpdatedOnComment ?? false,
        commentBodyFormat: config.commentBodyFormat ?? "adf",
        timeoutMs: config.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
      };
    },
    holdWebhooks() {
      holding = true;
    },
    releaseWebhooks({ reverse = false } = {}) {
      holding = false;
      const released = held.splice(0, held.length);
      if (reverse) released.reverse();
      for (const delivery of released) enqueue(delivery, Promise.resolve());
      return webhooksSettled();
    },
    dropNextWebhooks(count) {
      dropCount = count;
    },
    redeliver(identifier) {
      const previous =
        identifier === undefined
          ? webhookDeliveries.at(-1)
          : webhookDeliveries.findLast((d) => d.identifier === identifier);
      if (!previous)
        throw new Error(
          identifier === undefined
            ? "The fake Jira has made no webhook delivery to repeat."
            : `The fake Jira has no webhook delivery '${identifier}'.`,
        );
      const attempt = Math.max(
        ...webhookDeliveries.filter((d) => d.identifier === previous.identifier).map((d) => d.attempt),
      );
      const delivery: FakeWebhookDelivery = {
        identifier: previous.identifier,
        attempt: attempt + 1,
        event: previous.event,
        issueKey: previous.issueKey,
        body: previous.body,
        payload: previous.payload,
        headers: { ...previous.headers, "X-Atlassian-Webhook-Retry": String(attempt) },
        url: webhook?.url ?? previous.url,
        state: "pending",
      };
      webhookDeliveries.push(delivery);
      enqueue(delivery, Promise.resolve());
      return delivery;
    },
    webhooksSettled,
    addSupportComment(issueIdOrKey, body, { visibility, author = SUPPORT_USER } = {}) {
      const issue = issueForControl(issueIdOrKey);
      try {
        return addComment(
          issue,
          { body: typeof body === "string" ? textToAdf(body) : body, visibility },
          author,
        );
      } catch (error) {
        if (error instanceof HttpError)
          throw new Error(`addSupportComment refused by the fake Jira: ${JSON.stringify(error.body)}`);
        throw error;
      }
    },
    transitionAsSupport(issueIdOrKey, name, author = SUPPORT_USER) {
      const issue = issueForControl(issueIdOrKey);
      const transition = TRANSITIONS.find(
        (t) => t.id === name || t.name.toLowerCase() === name.toLowerCase(),
      );
      if (!transition) throw new Error(`The fake Jira has no transition '${name}'.`);
      applyTransition(issue, transition, author);
    },
    setUserActive(accountId, active) {
      const user = findUser(accountId);
      if (!user) throw new Error(`The fake Jira has no user '${accountId}'.`);
      user.active = active;
    },
    close() {
      closing ??= (async () => {
        closed = true;
        for (const delivery of held.splice(0, held.length)) delivery.state = "abandoned";
        for (const { delivery } of queue.splice(0, queue.length)) delivery.state = "abandoned";
        for (const req of outgoing) req.destroy(new Error("The fake Jira closed before the answer."));
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          for (const socket of sockets) socket.destroy();
        });
        await webhooksSettled();
      })();
      return closing;
    },
  };
}
