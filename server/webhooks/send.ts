import { type LookupAddress, lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { parseRetryAfter } from "../platform/outside/retry-after.ts";
import { isInternalAddress } from "./url-policy.ts";

/** What an endpoint answered: its status, its Retry-After in ms, and the start of its body (for the log). */
export interface WebhookAnswer {
  status: number;
  retryAfterMs?: number;
  snippet: string;
}

/** Why a post got no answer: the connection failed, timed out, or the name resolved to an internal address. */
export class WebhookSendError extends Error {
  override name = "WebhookSendError";
  constructor(
    message: string,
    readonly kind: "network" | "timeout" | "blocked",
  ) {
    super(message);
  }
}

/** The longest part of an answer's body kept for the delivery log. */
const SNIPPET_BYTES = 300;

/**
 * A DNS lookup that refuses names resolving to an internal address: the connection is made to the
 * address checked here (no second lookup a rebinding name could answer differently).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as unknown as LookupAddress[];
    const internal = list.find((entry) => isInternalAddress(entry.address));
    if (internal) {
      const refused = Object.assign(new Error(`${hostname} resolve para ${internal.address}`), {
        code: "EWEBHOOKINTERNAL",
      });
      return callback(refused, "", 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error("sem endereço"), { code: "ENOTFOUND" }), "", 4);
    callback(null, first.address, first.family);
  });
};

/**
 * Posts a JSON body and reads the status (redirects are not followed: a 3xx is the answer). With
 * `allowInternal` false, a name that resolves to an internal address is refused before connecting.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowInternal: boolean },
): Promise<WebhookAnswer> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: WebhookSendError) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          "User-Agent": "Vertice-Webhooks/1.0",
          ...headers,
        },
        timeout: options.timeoutMs,
        ...(options.allowInternal ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          if (settled) return;
          settled = true;
          const retryAfter = parseRetryAfter(response.headers["retry-after"] ?? null);
          resolve({
            status: response.statusCode ?? 0,
            ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
            snippet: Buffer.concat(chunks).toString("utf8").slice(0, SNIPPET_BYTES),
          });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= SNIPPET_BYTES) finish();
        });
        response.on("end", finish);
        response.on("error", finish);
      },
    );
    request.on("timeout", () => {
      fail(new WebhookSendError(`sem resposta em ${Math.round(options.timeoutMs / 1000)} s`, "timeout"));
      request.destroy();
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EWEBHOOKINTERNAL")
        fail(new WebhookSendError(`endereço interno recusado: ${error.message}`, "blocked"));
      else fail(new WebhookSendError(error.code ?? error.message, "network"));
    });
    request.end(body);
  });
}
