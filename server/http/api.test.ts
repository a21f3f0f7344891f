import { z } from "@domain/zod.ts";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import {
  bodyLimitFor,
  bodyTooLargeMessageFor,
  handleApi,
  isTicketUploadPath,
  MAX_BODY_BYTES,
  readJsonBody,
  TICKET_UPLOAD_BYTES,
} from "./api.ts";
import { HttpError, jsonResponse } from "./errors.ts";

const URL_ = "http://localhost:3000/api/leads";

const schema = z.strictObject({
  email: z.email(),
  name: z.string().min(2),
  tags: z.array(z.string()).optional(),
});

function jsonRequest(body: string, headers: Record<string, string> = {}): Request {
  return new Request(URL_, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** A body delivered in chunks, with no Content-Length header (chunked upload). */
function streamedRequest(chunks: Uint8Array[], contentType = "application/json"): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Request(URL_, {
    method: "POST",
    body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
}

async function httpError(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

const valid = { email: "ana@empresa.com.br", name: "Ana" };

describe("readJsonBody: valid bodies", () => {
  it("returns the parsed and validated body", async () => {
    expect(await readJsonBody(jsonRequest(JSON.stringify(valid)), schema)).toEqual(valid);
  });

  it("accepts application/json with a charset and any letter case", async () => {
    const request = jsonRequest(JSON.stringify(valid), { "content-type": "Application/JSON; charset=utf-8" });
    expect(await readJsonBody(request, schema)).toEqual(valid);
  });

  it("reads UTF-8 split across chunks", async () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({ email: "joao@empresa.com.br", name: "João Ação" }),
    );
    // Split inside the two-byte 'ã'.
    const cut = bytes.indexOf(0xc3) + 1;
    const request = streamedRequest([bytes.slice(0, cut), bytes.slice(cut)]);
    expect(await readJsonBody(request, schema)).toEqual({ email: "joao@empresa.com.br", name: "João Ação" });
  });

  it("a body exactly at the limit is accepted", async () => {
    const limit = 64;
    const base = JSON.stringify({ email: "a@b.co", name: "" });
    const body = JSON.stringify({ email: "a@b.co", name: "x".repeat(limit - base.length) });
    expect(new TextEncoder().encode(body).byteLength).toBe(limit);
    const result = await readJsonBody(streamedRequest([new TextEncoder().encode(body)]), schema, limit);
    expect(result.name).toBe("x".repeat(limit - base.length));
  });
});

describe("readJsonBody: 415 when the body is not sent as JSON", () => {
  it.each([
    ["text/plain"],
    ["application/x-www-form-urlencoded"],
    ["multipart/form-data; boundary=x"],
    ["application/jsonp"],
  ])("content-type %s", async (contentType) => {
    const error = await httpError(
      readJsonBody(jsonRequest(JSON.stringify(valid), { "content-type": contentType }), schema),
    );
    expect(error.status).toBe(415);
    expect(error.message).toBe("Envie o corpo como application/json.");
  });

  it("no content-type at all", async () => {
    const request = new Request(URL_, { method: "POST", body: new Uint8Array([123, 125]) });
    const error = await httpError(readJsonBody(request, schema));
    expect(error.status).toBe(415);
  });
});

describe("readJsonBody: 413 past the byte limit, before parsing", () => {
  it("a declared content-length over the limit", async () => {
    const request = jsonRequest(JSON.stringify(valid), { "content-length": String(MAX_BODY_BYTES + 1) });
    const error = await httpError(readJsonBody(request, schema));
    expect(error.status).toBe(413);
    expect(error.message).toBe("O corpo da requisição é grande demais.");
  });

  it("the default limit is 64 KiB", () => {
    expect(MAX_BODY_BYTES).toBe(64 * 1024);
  });

  it("a streamed body over the limit without content-length", async () => {
    const chunk = new Uint8Array(1024).fill(0x20);
    const chunks = Array.from({ length: 65 }, () => chunk);
    const request = streamedRequest(chunks);
    expect(request.headers.get("content-length")).toBeNull();
    const error = await httpError(readJsonBody(request, schema));
    expect(error.status).toBe(413);
    expect(error.message).toBe("O corpo da requisição é grande demais.");
  });

  it("a streamed body one byte over a custom limit", async () => {
    const request = streamedRequest([new Uint8Array(10).fill(0x20), new Uint8Array(1).fill(0x20)]);
    const error = await httpError(readJsonBody(request, schema, 10));
    expect(error.status).toBe(413);
  });

  it("a body larger than a small declared content-length is still cut at the limit", async () => {
    const body = JSON.stringify({ ...valid, tags: ["x".repeat(200)] });
    const request = jsonRequest(body, { "content-length": "10" });
    const error = await httpError(readJsonBody(request, schema, 100));
    expect(error.status).toBe(413);
  });
});

describe("readJsonBody: 400 with a Portuguese message", () => {
  it.each([["{"], ["not json"], [""], ["{'email': 'x'}"]])("invalid JSON %j", async (body) => {
    const error = await httpError(readJsonBody(jsonRequest(body), schema));
    expect(error.status).toBe(400);
    expect(error.message).toBe("O corpo da requisição não é um JSON válido.");
  });

  it("a schema failure names the field, in Portuguese", async () => {
    const error = await httpError(
      readJsonBody(jsonRequest(JSON.stringify({ email: "not-an-email", name: "Ana" })), schema),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe("Parâmetros inválidos. email: Formato do endereço de e-mail inválido");
  });

  it("a too-short field", async () => {
    const error = await httpError(
      readJsonBody(jsonRequest(JSON.stringify({ email: "a@b.co", name: "A" })), schema),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "Parâmetros inválidos. name: Demasiado pequeno: esperava que o texto tivesse >= 2 caracteres",
    );
  });

  it("a nested path is joined with dots", async () => {
    const error = await httpError(
      readJsonBody(jsonRequest(JSON.stringify({ ...valid, tags: ["ok", 7] })), schema),
    );
    expect(error.message).toBe(
      "Parâmetros inválidos. tags.1: Entrada inválida: esperava um texto, recebeu um número",
    );
  });

  it("a failure of the whole body has no field prefix", async () => {
    const error = await httpError(readJsonBody(jsonRequest("[]"), schema));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "Parâmetros inválidos. Entrada inválida: esperava um objeto, recebeu um vetor",
    );
  });

  it("the message contains no English zod wording", async () => {
    const error = await httpError(readJsonBody(jsonRequest("{}"), schema));
    expect(error.message.startsWith("Parâmetros inválidos. ")).toBe(true);
    expect(error.message).not.toMatch(/Invalid|expected|received|Required/);
  });
});

describe("handleApi: errors are JSON {message} with the right status, never a stack trace", () => {
  const logger = pino({ level: "silent" });

  it("passes a successful response through", async () => {
    const response = await handleApi(logger, async () => jsonResponse({ ok: true }, { status: 201 }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("maps an HttpError to its status and message", async () => {
    const response = await handleApi(logger, async () => {
      throw new HttpError(404, "Recurso não encontrado.");
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ message: "Recurso não encontrado." });
  });

  it("keeps the headers of an HttpError", async () => {
    const response = await handleApi(logger, async () => {
      throw new HttpError(429, "Muitas tentativas.", { "Retry-After": "60" });
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(await response.json()).toEqual({ message: "Muitas tentativas." });
  });

  it("maps a readJsonBody failure end to end", async () => {
    const response = await handleApi(logger, async () => {
      await readJsonBody(jsonRequest("{"), schema);
      return jsonResponse({});
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "O corpo da requisição não é um JSON válido." });
  });

  it("returns a thrown Response as is", async () => {
    const thrown = new Response(null, { status: 302, headers: { Location: "/login" } });
    const response = await handleApi(logger, async () => {
      throw thrown;
    });
    expect(response).toBe(thrown);
  });

  it("maps an unexpected Error to a 500 without details", async () => {
    const response = await handleApi(logger, async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2");
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: "Erro interno do servidor. Tente novamente em instantes." });
    expect(text).not.toContain("ECONNREFUSED");
    expect(text).not.toContain("hunter2");
    expect(text).not.toMatch(/\bat \S+ \(|\.ts:\d+|stack/);
  });

  it("maps a thrown non-Error value to a 500 too", async () => {
    const response = await handleApi(logger, async () => {
      throw "boom";
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: "Erro interno do servidor. Tente novamente em instantes.",
    });
  });

  it("logs the unexpected error (and not an HttpError)", async () => {
    const spy = pino({ level: "silent" });
    const error = vi.spyOn(spy, "error");
    const failure = new Error("boom");
    await handleApi(spy, async () => {
      throw failure;
    });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith({ err: failure }, "api handler failed");

    error.mockClear();
    await handleApi(spy, async () => {
      throw new HttpError(400, "x");
    });
    expect(error).not.toHaveBeenCalled();
  });
});

describe("the support ticket forms (decision 094): the only pages that take files", () => {
  const id = "0b6f2a4e-8c1d-4f3a-9e2b-5d7c8a9b0c1d";
  it("are the new ticket and one ticket's page, with React Router's .data twin", () => {
    for (const path of [
      "/user/suporte/novo",
      `/user/suporte/${id}`,
      "/user/suporte/novo.data",
      `/user/suporte/${id}.data`,
    ])
      expect(isTicketUploadPath(path), path).toBe(true);
    for (const path of [
      "/user/suporte",
      "/user/suporte/",
      "/user/suporte/novo/",
      "/user/suporte/123",
      `/user/suporte/${id}/anexos/${id}`,
      `/user/suporte/${id}x`,
      "/user/usuarios/novo",
      "/contato",
      `/api/user/suporte/${id}`,
      `/x/user/suporte/${id}`,
    ])
      expect(isTicketUploadPath(path), path).toBe(false);
  });

  it("take five files of 10 MB and 1 MB more; a 413 there says the limits in Portuguese", () => {
    expect(TICKET_UPLOAD_BYTES).toBe(51 * 1024 * 1024);
    expect(bodyLimitFor(`/user/suporte/${id}`)).toBe(TICKET_UPLOAD_BYTES);
    expect(bodyLimitFor("/user/suporte/novo")).toBe(TICKET_UPLOAD_BYTES);
    expect(bodyLimitFor("/user/suporte")).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("/contato")).toBe(MAX_BODY_BYTES);
    expect(bodyTooLargeMessageFor("/user/suporte/novo")).toBe(
      "Os anexos passam do limite: envie até 5 arquivos de até 10 MB cada. Volte, remova os arquivos maiores e envie de novo.",
    );
    expect(bodyTooLargeMessageFor("/contato")).toBe("O corpo da requisição é grande demais.");
  });

  it("gives the NFS-e upload of the billing API its own limit and message (decision 096)", () => {
    expect(bodyLimitFor("/api/billing/invoices/2026-000123/nfse")).toBe(5 * 1024 * 1024);
    expect(bodyTooLargeMessageFor("/api/billing/invoices/2026-000123/nfse")).toBe(
      "A NFS-e passa do limite: PDF de até 3 MB e XML de até 1 MB.",
    );
    expect(bodyLimitFor("/api/billing/invoices")).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor("/api/billing/invoices/a/b/nfse")).toBe(MAX_BODY_BYTES);
  });
});
