import { CONSENT_MAX_BYTES, CONSENT_PATH } from "@domain/consent/paths.ts";
import { FUNNEL_MAX_BYTES, FUNNEL_PATH } from "@domain/funnel/events.ts";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "@domain/portal/tickets.ts";
import { refusalWording } from "@domain/refusals.ts";
import { MAX_UPLOAD_BYTES } from "@domain/uploads.ts";
import type { z } from "@domain/zod.ts";
import { NFSE_BODY_BYTES, nfseMessages } from "../billing/nfse.ts";
import { DomainError } from "../domain-errors.ts";
import type { Logger } from "../logger.ts";
import { readUpTo } from "../platform/bounded-read.ts";
import { HttpError, jsonResponse, messages, retryAfter, statusOf } from "./errors.ts";

/** Every API body is refused past this size (before parsing). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Content documents saved by the admin are larger (the pages document is well over 64 KB). */
export const CONTENT_BODY_BYTES = 1024 * 1024;
/** Where Jira's admin webhooks are delivered (DESIGN: contracts; server/http/jira-webhook.ts). */
export const JIRA_WEBHOOK_PATH = "/api/webhooks/jira";
/** Jira's payloads carry the whole issue, comments included: larger than a form, far below this. */
export const JIRA_WEBHOOK_MAX_BYTES = 2 * 1024 * 1024;

/** A support ticket's form post: every attachment at its largest, plus 1 MB for the fields and the multipart framing. */
export const TICKET_UPLOAD_BYTES = MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES + 1024 * 1024;

const TICKET_UPLOAD_PATH =
  /^\/user\/suporte\/(?:novo|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.data)?$/i;

/**
 * The only pages whose posts may be multipart/form-data, with files: a new support ticket
 * (/user/suporte/novo) and a reply on one (/user/suporte/{uuid}). The `.data` twin is where React
 * Router's <Form> posts the same action when JavaScript runs (single fetch).
 */
export function isTicketUploadPath(path: string): boolean {
  return TICKET_UPLOAD_PATH.test(path);
}

/** Where billing attaches an invoice's NFS-e (PUT, multipart/form-data with its PDF and XML). */
const NFSE_UPLOAD_PATH = /^\/api\/billing\/invoices\/[^/]+\/nfse$/;

/** The body limit of a request path: content saves, image uploads and ticket attachments get larger ones, the funnel's beacon a smaller one. */
export function bodyLimitFor(path: string): number {
  if (path === "/api/uploads" || path === "/api/media") return MAX_UPLOAD_BYTES;
  if (NFSE_UPLOAD_PATH.test(path)) return NFSE_BODY_BYTES;
  if (isTicketUploadPath(path)) return TICKET_UPLOAD_BYTES;
  if (path === JIRA_WEBHOOK_PATH) return JIRA_WEBHOOK_MAX_BYTES;
  if (path === FUNNEL_PATH) return FUNNEL_MAX_BYTES;
  if (path === CONSENT_PATH) return CONSENT_MAX_BYTES;
  return path.startsWith("/api/json/") ? CONTENT_BODY_BYTES : MAX_BODY_BYTES;
}

/** The 413 message of a path: an upload says how large an image may be, a ticket how many files of what size. */
export function bodyTooLargeMessageFor(path: string): string {
  if (path === "/api/uploads" || path === "/api/media") return refusalWording("pt", "uploads.tooLarge");
  if (NFSE_UPLOAD_PATH.test(path)) return nfseMessages.bodyTooLarge;
  if (isTicketUploadPath(path))
    return messages.attachmentsTooLarge(MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES / 1024 / 1024);
  return messages.bodyTooLarge;
}

/** A JSON answer as status, body and headers: written as a Fetch Response or by Express. */
export interface JsonAnswer {
  status: number;
  body: { message: string } & Record<string, unknown>;
  headers: Record<string, string>;
}

/**
 * The JSON answer to whatever an API handler threw: HttpError keeps its status and message, a
 * DomainError gets the status of its kind (422 with the field errors for a form), and anything else
 * becomes a logged 500 without details (never a stack trace). Never stored by a cache.
 */
export function apiErrorAnswer(logger: Logger, error: unknown): JsonAnswer {
  const answer = (status: number, body: JsonAnswer["body"], headers: Record<string, string> = {}) => ({
    status,
    body,
    headers: { "Cache-Control": "no-store", ...headers },
  });
  if (HttpError.is(error)) return answer(error.status, { message: error.message }, error.headers);
  if (DomainError.is(error))
    return answer(statusOf(error.kind), { message: error.message, ...error.details }, retryAfter(error));
  logger.error({ err: error }, "api handler failed");
  return answer(500, { message: messages.internal });
}

/** Runs an API route's handler; what it throws is answered by `apiErrorAnswer` (a Response as is). */
export async function handleApi(logger: Logger, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    const { status, body, headers } = apiErrorAnswer(logger, error);
    return jsonResponse(body, { status, headers });
  }
}

/** Reads a JSON body with a byte limit and validates it; 413, 415 or 400 with a Portuguese message. */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  limit = MAX_BODY_BYTES,
): Promise<z.output<S>> {
  requireJsonType(request.headers.get("content-type"));
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new HttpError(413, messages.bodyTooLarge);
  return parseJsonBody(await readLimited(request, limit), schema);
}

/** A body that does not say it is JSON is refused (415) before it is read. */
export function requireJsonType(contentType: string | null | undefined): void {
  if (!/^application\/json\b/i.test(contentType ?? ""))
    throw new HttpError(415, messages.unsupportedMediaType);
}

/** JSON text parsed and validated: 400 with a Portuguese message when it is not JSON or not valid. */
export function parseJsonBody<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, messages.invalidJson);
  }
  return validate(schema, raw);
}

/** Validates a value; a 400 naming the first problem and where it is (under `at`, if given). */
export function validate<S extends z.ZodType>(schema: S, value: unknown, at: string[] = []): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = [...at, ...issue.path.map(String)];
    const where = path.length ? `${path.join(".")}: ` : "";
    throw new HttpError(400, `${messages.invalidParameters} ${where}${issue.message}`);
  }
  return parsed.data;
}

async function readLimited(request: Request, limit: number): Promise<string> {
  return (await readBodyBytes(request, limit)).toString("utf8");
}

/** The raw body, refused with 413 as soon as it passes the limit (whatever Content-Length said). */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  // Not cancelled past the limit: Node discards the rest of an unread body once the answer is sent
  // (bounded by the server's request timeout).
  const bytes = await readUpTo(request.body, limit, "release");
  if (!bytes) throw new HttpError(413, messages.bodyTooLarge);
  return bytes;
}
