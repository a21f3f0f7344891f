import { parseArgs } from "node:util";
import { formatCnpjForDisplay } from "@domain/cnpj.ts";
import { COMPANY_ROLE_LABELS } from "@domain/portal/permissions.ts";
import { refusalWording } from "@domain/refusals.ts";
import { USER_ROLES, type UserRole } from "@domain/user-roles.ts";
import { eq } from "drizzle-orm";
import { API_KEY_SCOPES, type ApiKeyScope, ApiKeyService } from "./auth/api-keys.ts";
import { PasswordHasher, scryptCostOf } from "./auth/passwords.ts";
import { Sealer } from "./auth/sealed.ts";
import { TwoFactorService, twoFactorRequiredFor } from "./auth/two-factor.ts";
import { AccountService } from "./auth/users.ts";
import { BackupCommandError, backupCommand, restoreCommand } from "./backup/commands.ts";
import { Cache } from "./cache/cache.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { ContentService } from "./content/service.ts";
import { users } from "./db/schema.ts";
import { DomainError } from "./domain-errors.ts";
import { migrateStorageCommand } from "./files/migrate.ts";
import { CompanyService } from "./portal/companies.ts";
import { createCustomer } from "./portal/customers.ts";
import { contentPlans } from "./portal/plans.ts";
import { loadSigningSecret } from "./secrets.ts";
import { openConfiguredDatabase } from "./services.ts";

const isUserRole = (value: string | undefined): value is UserRole =>
  (USER_ROLES as readonly (string | undefined)[]).includes(value);

const USAGE =
  "Uso: npm run user:create -- --email E --password P --role admin|editor|customer [--name N] [--company CNPJ [--company-name NOME]]";

/**
 * Command-line tasks against the configured database (DATABASE_URL or the embedded one in DATA_DIR).
 *   user-create --email E --password P --role admin|editor|customer [--name N] [--company CNPJ [--company-name NAME]]
 * A customer belongs to the company of --company, created when it does not exist (its first member
 * is its owner).
 *   apikey-create --name N --scope billing|platform
 * prints a new API key once (decision 096).
 *   user-reset-2fa --email E
 * removes a person's two-factor sign-in (decision 112).
 *   db-backup --out FILE / db-restore --in FILE (decision 110): the embedded database and
 * DATA_DIR's files, through the running server when one holds DATA_DIR; restore into an empty DATA_DIR.
 *   storage-migrate --to s3 (decision 120): copies DATA_DIR's files into S3_BUCKET, skipping those there.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "apikey-create") return apiKeyCreate(rest);
  if (command === "user-reset-2fa") return userResetTwoFactor(rest);
  if (command === "db-backup") return backupCommand(rest, loadConfig(), console);
  if (command === "db-restore") return restoreCommand(rest, loadConfig(), console);
  if (command === "storage-migrate") return migrateStorageCommand(rest, loadConfig(), console);
  if (command !== "user-create") {
    console.error(USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
      company: { type: "string" },
      "company-name": { type: "string" },
    },
    strict: true,
  });
  if (!values.email || !values.password || !isUserRole(values.role)) {
    console.error("Informe --email, --password e --role admin|editor|customer (e, se quiser, --name).");
    return 2;
  }
  if (values.role === "customer" && !values.company) {
    console.error(refusalWording("pt", "companies.customerNeedsCompany"));
    return 2;
  }
  if (values.role !== "customer" && values.company) {
    console.error(refusalWording("pt", "companies.staffHasNoCompany"));
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    // Creating a user needs the accounts (and the plans, for a company) and nothing else: no
    // cache shared with a server, mail or rate limiter. Passwords at the server's cost.
    const accounts = new AccountService({
      db: database.db,
      hasher: new PasswordHasher(scryptCostOf(config.PASSWORD_HASH_COST)),
    });
    if (values.role === "customer") {
      const companies = new CompanyService({
        db: database.db,
        plans: contentPlans(new ContentService(database.db, new Cache())),
      });
      const { user, company, createdCompany } = await createCustomer(accounts, companies, {
        email: values.email,
        password: values.password,
        name: values.name,
        cnpj: values.company!,
        companyName: values["company-name"],
      });
      const [member] = (await companies.members(company.id)).filter((m) => m.id === user.id);
      console.log(
        `Usuário criado: ${user.email} (cliente, ${COMPANY_ROLE_LABELS.pt[member!.role].toLowerCase()} de ${company.legalName}, CNPJ ${formatCnpjForDisplay(company.cnpj)}${createdCompany ? ", empresa criada agora" : ""}; usuário "${user.username}")`,
      );
      return 0;
    }
    const user = await accounts.createUser({
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

const APIKEY_USAGE = "Uso: npm run apikey:create -- --name NOME --scope billing|platform";

/**
 * apikey-create --name N --scope billing|platform (decision 096): a key for the vendor's billing system
 * or platform. The key is printed once, here; only its hash is stored.
 */
async function apiKeyCreate(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { name: { type: "string" }, scope: { type: "string" } },
    strict: true,
  });
  if (!values.name || !API_KEY_SCOPES.includes(values.scope as ApiKeyScope)) {
    console.error(`Informe --name e --scope ${API_KEY_SCOPES.join("|")}. ${APIKEY_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const { key, view } = await new ApiKeyService({ db: database.db }).create({
      name: values.name,
      scope: values.scope as ApiKeyScope,
      createdBy: "cli",
    });
    console.log(`Chave de API criada: "${view.name}" (escopo ${view.scope}, prefixo ${view.prefix}).`);
    console.log("Guarde-a agora: ela não será mostrada de novo.");
    console.log(key);
    return 0;
  } finally {
    await database.close();
  }
}

const RESET_2FA_USAGE = "Uso: npm run user:reset-2fa -- --email E";

/**
 * user-reset-2fa --email E (decision 112): for a person who lost both their phone and their recovery
 * codes, after the operator has confirmed who they are. Their second factor and recovery codes are
 * removed and every session ends; staff set two-factor up again right after their next password.
 */
async function userResetTwoFactor(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { email: { type: "string" } }, strict: true });
  if (!values.email) {
    console.error(`Informe --email. ${RESET_2FA_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const email = values.email.trim().toLowerCase();
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    if (!user) {
      console.error(`${refusalWording("pt", "auth.userNotFound")} (${email})`);
      return 1;
    }
    const sealer = new Sealer(await loadSigningSecret(database.db, config.SESSION_SECRET), "totp");
    const ended = await new TwoFactorService({ db: database.db, sealer }).clear(user.id, {
      endSessions: true,
    });
    const next = twoFactorRequiredFor(user.role)
      ? "No próximo login, a pessoa configura a verificação em duas etapas de novo."
      : "A conta volta a entrar só com a senha até a pessoa ativar de novo.";
    console.log(
      `Verificação em duas etapas removida de ${email} (${ended} ${ended === 1 ? "sessão encerrada" : "sessões encerradas"}). ${next}`,
    );
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
      error instanceof ConfigError || error instanceof BackupCommandError || DomainError.is(error)
        ? error.message
        : `Erro: ${error.message}`,
    );
    process.exit(1);
  },
);
