/**
 * What the services report as it happens, for the metrics (decision 119): Jira calls, e-mails and
 * outgoing webhooks. The services call it whether or not metrics are on; without METRICS_PORT it is
 * NO_TELEMETRY and costs nothing.
 */
export interface Telemetry {
  /** One HTTP call to Jira: its operation, how it ended, and how long it took. */
  jiraCall(operation: string, outcome: JiraOutcome, seconds: number): void;
  /** One e-mail handed to SMTP, or refused by it. */
  mail(outcome: SendOutcome): void;
  /** One post to a webhook receiver (the signed webhooks, Slack, Teams): a 2xx answer or not. */
  webhook(target: WebhookTarget, outcome: SendOutcome): void;
  /** One purge of a shared cache by surrogate keys (decision 122): done, or refused or unanswered. */
  cachePurge(adapter: "varnish" | "cloudflare", outcome: PurgeOutcome): void;
}

export type PurgeOutcome = "purged" | "failed";

export type SendOutcome = "sent" | "failed";
export type WebhookTarget = "webhook" | "slack" | "teams";
export type JiraOutcome =
  | "success"
  /** 401 or 403: the token expired, was revoked, or lost its permission (an alert of its own). */
  | "unauthorized"
  | "rate_limited"
  | "client_error"
  | "server_error"
  /** No answer: refused connection, time-out, DNS. */
  | "network_error";

export const JIRA_OUTCOMES: readonly JiraOutcome[] = [
  "success",
  "unauthorized",
  "rate_limited",
  "client_error",
  "server_error",
  "network_error",
];

export const NO_TELEMETRY: Telemetry = { jiraCall() {}, mail() {}, webhook() {}, cachePurge() {} };

/** How a Jira answer ended, by its status (null: no answer at all). */
export function jiraOutcome(status: number | null): JiraOutcome {
  if (status === null) return "network_error";
  if (status >= 200 && status < 300) return "success";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server_error";
  return "client_error";
}

/** Each Jira REST call this product makes, by method and path (keys and ids dropped): a bounded label. */
const JIRA_OPERATIONS: [method: string, path: RegExp, operation: string][] = [
  ["GET", /^\/myself$/, "myself"],
  ["GET", /^\/project\/[^/]+$/, "project"],
  ["POST", /^\/issue$/, "create_issue"],
  ["PUT", /^\/issue\/[^/]+$/, "edit_issue"],
  ["GET", /^\/issue\/[^/]+$/, "get_issue"],
  ["POST", /^\/issue\/[^/]+\/comment$/, "add_comment"],
  ["GET", /^\/issue\/[^/]+\/comment$/, "comments"],
  ["POST", /^\/issue\/[^/]+\/attachments$/, "add_attachment"],
  ["GET", /^\/issue\/[^/]+\/transitions$/, "transitions"],
  ["POST", /^\/issue\/[^/]+\/transitions$/, "transition"],
  ["POST", /^\/issueLink$/, "link_issues"],
  ["POST", /^\/search\/jql$/, "search"],
  ["GET", /^\/search\/jql$/, "search"],
];

/** Every operation label, so the metrics can start each series at 0. */
export const JIRA_OPERATION_NAMES = [...new Set(JIRA_OPERATIONS.map(([, , operation]) => operation))];

export function jiraOperation(method: string, path: string): string {
  const bare = path.split("?")[0]!;
  for (const [m, pattern, operation] of JIRA_OPERATIONS)
    if (m === method.toUpperCase() && pattern.test(bare)) return operation;
  return "other";
}
