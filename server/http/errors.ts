import type { RefusalKind } from "../domain-errors.ts";

/**
 * Route modules live in the React Router bundle and the services in the server bundle, so one
 * class exists twice and `instanceof` fails across them; a global symbol marks the errors instead.
 */
const HTTP_ERROR = Symbol.for("vertice.http-error");

/** A failure with its HTTP status and a message fit for the visitor (Portuguese). Mapped once, at the edge. */
export class HttpError extends Error {
  override name = "HttpError";
  readonly [HTTP_ERROR] = true;

  static is(error: unknown): error is HttpError {
    return (
      typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[HTTP_ERROR] === true
    );
  }

  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A rate-limited refusal's Retry-After header (none for any other). */
export function retryAfter(error: { retryAfterSeconds?: number }): Record<string, string> {
  return error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
}

/** The HTTP status of each domain refusal: the one place where domain errors meet HTTP. */
export function statusOf(kind: RefusalKind): number {
  switch (kind) {
    case "invalid":
      return 400;
    case "invalid-fields":
      return 422;
    case "unauthenticated":
      return 401;
    case "forbidden":
      return 403;
    case "not-found":
      return 404;
    case "conflict":
      return 409;
    case "rate-limited":
      return 429;
    case "unavailable":
      return 503;
  }
}

export const messages = {
  notFound: "Recurso não encontrado.",
  documentNotFound: (name: string) => `Documento "${name}" não encontrado.`,
  invalidDocumentName: "Nome de documento inválido.",
  invalidParameters: "Parâmetros inválidos.",
  invalidJson: "O corpo da requisição não é um JSON válido.",
  bodyTooLarge: "O corpo da requisição é grande demais.",
  attachmentsTooLarge: (files: number, mb: number) =>
    `Os anexos passam do limite: envie até ${files} arquivos de até ${mb} MB cada. Volte, remova os arquivos maiores e envie de novo.`,
  invalidHost: "Endereço (Host) inválido.",
  lengthRequired: "Informe o tamanho do corpo da requisição (Content-Length).",
  unsupportedMediaType: "Envie o corpo como application/json.",
  formPostOnly: "Envie o formulário pela página do site.",
  methodNotAllowed: "Método não permitido.",
  unauthenticated: "Autenticação necessária.",
  forbidden: "Acesso restrito a administradores.",
  crossSite: "Requisição de outro site recusada.",
  cacheMiss: "Chave não encontrada no cache.",
  internal: "Erro interno do servidor. Tente novamente em instantes.",
  unavailable: "Serviço temporariamente indisponível.",
} as const;

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ message }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}
