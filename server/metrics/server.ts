import { createServer, type Server } from "node:http";
import type { Logger } from "pino";
import type { Metrics } from "./metrics.ts";

/**
 * GET /metrics on its own port (METRICS_PORT, decision 119), never on the public one: what the
 * instance counts is for the monitoring system on the private network, not for visitors.
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string; logger: Logger },
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ message: "Só GET /metrics existe nesta porta." }));
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
        res.end(text);
      },
      (error: unknown) => {
        options.logger.error({ err: error }, "metrics collection failed");
        res.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
        res.end(JSON.stringify({ message: "Não foi possível coletar as métricas." }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  options.logger.info({ port }, "metrics listening");
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
