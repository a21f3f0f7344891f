import { openDatabase } from "@server/db/client.ts";
import { createPostgresDatabase } from "./databases.ts";
import { freshDataDir } from "./server-process.ts";

/**
 * The databases a built server runs on in a test: a fresh embedded one (its DATA_DIR), and a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set. `open` lets the test write to it before the
 * server starts (the embedded one belongs to one process at a time); `env` is the server's setting.
 */
export interface ServerDatabase {
  env: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
}

export function serverDatabaseTargets(): { name: string; database: () => Promise<ServerDatabase> }[] {
  const targets = [
    {
      name: "pglite",
      database: async (): Promise<ServerDatabase> => {
        const dataDir = await freshDataDir();
        return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ kind: "pglite", dataDir }) };
      },
    },
  ];
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl)
    targets.push({
      name: "postgres",
      database: async () => {
        const url = await createPostgresDatabase(postgresUrl);
        return { env: { DATABASE_URL: url }, open: () => openDatabase({ kind: "postgres", url }) };
      },
    });
  return targets;
}
