import { parseArgs } from "node:util";
import { AccountService } from "./auth/users.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DomainError } from "./domain-errors.ts";
import { openConfiguredDatabase } from "./services.ts";

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
  const database = await openConfiguredDatabase(config);
  try {
    // Creating a user needs the accounts and nothing else: no cache, mail or rate limiter.
    const user = await new AccountService({ db: database.db }).createUser({
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
      error instanceof ConfigError || DomainError.is(error) ? error.message : `Erro: ${error.message}`,
    );
    process.exit(1);
  },
);
