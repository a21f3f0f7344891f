import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedHook {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/**
 * A receiver for Slack, Teams and generic webhooks: records every POST, and can be told to
 * answer an error status for the next requests.
 */
export async function startFakeWebhooks() {
  const received: ReceivedHook[] = [];
  let failures: number[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const status = failures.shift();
      if (status) {
        res.writeHead(status).end("erro");
        return;
      }
      received.push({ path: req.url ?? "/", headers: req.headers, body });
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    failNext(...statuses: number[]) {
      failures = statuses;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
