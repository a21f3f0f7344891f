import { parseArgs } from "node:util";
import pino from "pino";
import { AuthService } from "./auth/service.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { HttpError } from "./http/errors.ts";
import { MemoryWindowCounter } from "./http/rate-limit.ts";

/**
 * Command-line tasks against the configured database (DATABASE_URL or the embedded one in DATA_DIR).
 *   user-create --email E --password P --role admin|customer [--name N]
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== "user-create") {
    console.error("Uso: npm run user:create -- --email E --password P --role admin|customer [--name N]");
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
    },
    strict: true,
  });
  if (!values.email || !values.password || (values.role !== "admin" && values.role !== "customer")) {
    console.error("Informe --email, --password e --role admin|customer (e, se quiser, --name).");
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL }
      : { kind: "pglite", dataDir: config.DATA_DIR },
  );
  try {
    const auth = new AuthService({
      db: database.db,
      logger: pino({ level: "silent" }),
      mailer: { available: false, send: async () => {} },
      publicBaseUrl: config.publicBaseUrl,
      loginLimit: config.LOGIN_RATE_LIMIT_PER_MINUTE,
      loginCounter: new MemoryWindowCounter(),
    });
    const user = await auth.createUser({
      email: values.email,
      password: values.password,
      role: values.role,
      name: values.name,
    });
    console.log(`Usuário criado: ${user.email} (${user.role}, usuário "${user.username}")`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    // Every expected failure is one clear line (bad configuration, database in use, e-mail taken).
    console.error(
      error instanceof ConfigError || HttpError.is(error) ? error.message : `Erro: ${error.message}`,
    );
    process.exit(1);
  },
);
