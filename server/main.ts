import { existsSync } from "node:fs";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { type RunningServer, startServer } from "./server.ts";

/** Process entry: `node build/server-main/main.js` (production) or `tsx server/main.ts --dev`. */
async function main() {
  const dev = process.argv.includes("--dev");
  if (dev) process.env.NODE_ENV ??= "development";
  // A .env in the working directory (a copy of .env.example) is read at start; what the
  // environment already sets wins. The suite's servers are given their whole environment and skip it.
  if (process.env.VERTICE_NO_DOTENV !== "1" && existsSync(".env")) process.loadEnvFile(".env");
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  let running: RunningServer;
  try {
    running = await startServer(config, logger, dev);
  } catch (error) {
    // Start-up failures (content file, database in use, port taken) are one clear line, not a trace.
    console.error(`Falha ao iniciar: ${(error as Error).message}`);
    process.exit(1);
  }
  const address = running.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  // The handlers go in before the line that says the server listens: whoever reads that line
  // (a supervisor, the tests) may stop the server at once, and must get a clean shutdown.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      running.shutdown(signal).then(
        () => process.exit(0),
        (error) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
  logger.info({ port, url: `http://localhost:${port}` }, "listening");
}

await main();
