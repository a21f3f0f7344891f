import { parseRetryAfter } from "../platform/outside/retry-after.ts";

/** Tracker messages of B §8.2 (the product names are Jira and Nginx). */
export const trackerMessages = {
  notConfigured: "Jira não configurado - verifique variáveis de ambiente",
  connectionFailed: "Falha na conexão",
  forbidden: "Acesso negado. Verifique token e permissões Jira",
  unauthorized: "Token inválido ou expirado",
  notFound: "Endpoint não encontrado",
  methodNotAllowed: "Método não permitido. Verifique configuração do proxy Nginx",
  http: (status: number, body: string) => `HTTP ${status}: ${body}`,
} as const;

export class TrackerError extends Error {
  override name = "TrackerError";
  constructor(
    message: string,
    readonly options: {
      status?: number;
      /** Worth trying again later (network, 5xx, 429, XSRF 403). */
      retryable: boolean;
      /** The request may have been carried out although no answer came (time-out after sending). */
      outcomeUnknown?: boolean;
      /** From Retry-After on a 429 or a 503 (Atlassian sends it on both). */
      retryAfterMs?: number;
      /** Jira's `errors` of a 400: field → why it refused it (e.g. assignee: "User … cannot be assigned issues."). */
      fieldErrors?: Record<string, string>;
    },
  ) {
    super(message);
  }
  get retryable() {
    return this.options.retryable;
  }
}

/**
 * Maps a Jira HTTP error to the catalogue of B §8.2. A 403 from the XSRF check is a proxy problem
 * and is retried; other 4xx are not; 429 and 5xx are, a 429's or a 503's Retry-After read.
 */
export function errorForStatus(status: number, body: string, retryAfter: string | null): TrackerError {
  if (status === 403 && /xsrf/i.test(body))
    return new TrackerError(trackerMessages.http(status, body), { status, retryable: true });
  if (status === 403) return new TrackerError(trackerMessages.forbidden, { status, retryable: false });
  if (status === 401) return new TrackerError(trackerMessages.unauthorized, { status, retryable: false });
  if (status === 404) return new TrackerError(trackerMessages.notFound, { status, retryable: false });
  if (status === 405) return new TrackerError(trackerMessages.methodNotAllowed, { status, retryable: false });
  const shortBody = body.length > 300 ? `${body.slice(0, 300)}...` : body;
  if (status === 429) {
    return new TrackerError(trackerMessages.http(status, shortBody), {
      status,
      retryable: true,
      retryAfterMs: parseRetryAfter(retryAfter),
    });
  }
  return new TrackerError(trackerMessages.http(status, shortBody), {
    status,
    retryable: status >= 500,
    ...(status === 503 && parseRetryAfter(retryAfter) !== undefined
      ? { retryAfterMs: parseRetryAfter(retryAfter) }
      : {}),
    ...(status === 400 ? { fieldErrors: fieldErrorsOf(body) } : {}),
  });
}

/** The `errors` object of Jira's error answer (`{errorMessages, errors}`), strings only. */
function fieldErrorsOf(body: string): Record<string, string> | undefined {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown }).errors;
    if (!errors || typeof errors !== "object") return undefined;
    const kept = Object.entries(errors).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    return kept.length ? Object.fromEntries(kept) : undefined;
  } catch {
    return undefined;
  }
}
