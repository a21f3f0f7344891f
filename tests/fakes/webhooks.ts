import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedHook {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** For a path with a Standard Webhooks secret: the payload its signature verified (else undefined). */
  verified?: unknown;
}

/**
 * A receiver for Slack, Teams and generic webhooks: records every POST, and can be told to
 * answer an error status for the next requests (all paths, or one). A path given a Standard
 * Webhooks secret (`expectSigned`) verifies each delivery with the reference library, as a real
 * receiver would, and answers 401 to one whose signature does not verify (recorded in `refused`).
 */
export async function startFakeWebhooks() {
  const received: ReceivedHook[] = [];
  const refused: (ReceivedHook & { reason: string })[] = [];
  let failures: number[] = [];
  const pathFailures = new Map<string, number[]>();
  const secrets = new Map<string, Webhook>();
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      const status = pathFailures.get(path)?.shift() ?? failures.shift();
      if (status) {
        res.writeHead(status).end("erro");
        return;
      }
      const hook: ReceivedHook = { path, headers: req.headers, body };
      const verifier = secrets.get(path);
      if (verifier) {
        try {
          hook.verified = verifier.verify(body, req.headers as Record<string, string>);
        } catch (error) {
          refused.push({ ...hook, reason: (error as Error).message });
          res.writeHead(401, { "Content-Type": "text/plain" }).end("assinatura inválida");
          return;
        }
      }
      received.push(hook);
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    refused,
    failNext(...statuses: number[]) {
      failures = statuses;
    },
    /** The next requests to `path` get these statuses (others are answered as usual). */
    failPath(path: string, ...statuses: number[]) {
      pathFailures.set(path, statuses);
    },
    /** Deliveries to `path` must carry a valid Standard Webhooks signature of `secret` (`whsec_…`, or raw bytes). */
    expectSigned(path: string, secret: string, options?: { format: "raw" }) {
      secrets.set(path, new Webhook(secret, options));
    },
    /** What `path` received, in order. */
    at(path: string) {
      return received.filter((hook) => hook.path === path);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
