import { PIX_LIMITS, pixKeyKind, pixText } from "@domain/billing/pix.ts";
import { z } from "@domain/zod.ts";
import { PRODUCTION_HASH_COST } from "./auth/passwords.ts";

/**
 * The whole environment contract of DESIGN.md, parsed once at start.
 * A bad value stops the start with one line naming the variable (see `loadConfig`).
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

function hasProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const optionalUrl = (protocols: string[]) =>
  optionalString.pipe(
    z
      .string()
      .refine(
        (v) => hasProtocol(v, protocols),
        `deve ser uma URL que começa com ${protocols.map((p) => `${p}//`).join(" ou ")}`,
      )
      .optional(),
  );

/** Comma-separated http(s) URLs; blank items are skipped, so none (or only commas) is an empty list. */
const urlList = optionalString.transform((v, ctx) => {
  const urls = (v ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const bad = urls.findIndex((url) => !hasProtocol(url, ["http:", "https:"]));
  if (bad >= 0) {
    // The position, not the item: the item may hold a password (the whole value is shown redacted).
    ctx.addIssue({
      code: "custom",
      message: `deve ser uma lista de URLs separadas por vírgula, cada uma começando com http:// ou https:// (a ${bad + 1}ª não é)`,
    });
    return z.NEVER;
  }
  return urls;
});

const wholeNumber = optionalString.pipe(
  z.string().regex(/^\d+$/, "deve ser um número inteiro").transform(Number).optional(),
);

/** Express's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const PROXY_RANGES = ["loopback", "linklocal", "uniquelocal"];
const IP_OR_CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]+)(?:\/\d{1,3})?$/;

/**
 * Which proxies in front of the site are trusted for the client address and protocol: a number of
 * hops ("1" behind one load balancer), or addresses, CIDR ranges and Express's range names
 * separated by commas. Default: loopback (a reverse proxy on the same machine).
 */
export function parseTrustProxy(value: string): number | string[] | null {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => !(PROXY_RANGES.includes(part) || IP_OR_CIDR.test(part))))
    return null;
  return parts;
}

/** An address only this machine reaches: a local trial of the production build, never a public site. */
export function isLocalAddress(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]";
}

const positiveInt = (fallback: number) =>
  wholeNumber.pipe(z.number().positive("deve ser maior que 0").optional()).transform((v) => v ?? fallback);

const envSchema = z
  .object({
    NODE_ENV: optionalString
      .pipe(z.enum(["development", "production", "test"]).optional())
      .transform((v) => v ?? "development"),
    PORT: wholeNumber
      .pipe(z.number().max(65535, "deve ser uma porta (0-65535)").optional())
      .transform((v) => v ?? 3000),
    HOST: optionalString.transform((v) => v ?? "0.0.0.0"),
    /** Prometheus' /metrics on this port (decision 119); none without it. 0 picks a free port. */
    METRICS_PORT: wholeNumber.pipe(z.number().max(65535, "deve ser uma porta (0-65535)").optional()),
    DATA_DIR: optionalString.transform((v) => v ?? "./.data"),
    /**
     * S3-compatible object storage for every file the product keeps (decision 120); without
     * S3_BUCKET, the folders of DATA_DIR. The endpoint is for stores other than AWS (MinIO, R2…).
     */
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "deve ser um nome de bucket (3 a 63 letras minúsculas, dígitos, '.' ou '-')",
        )
        .optional(),
    ),
    S3_ENDPOINT: optionalUrl(["https:", "http:"]),
    S3_REGION: optionalString.transform((v) => v ?? "us-east-1"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: optionalString
      .pipe(z.enum(["true", "false", "1", "0"], "deve ser true ou false").optional())
      .transform((v) => v === "true" || v === "1"),
    /** `X-Answered-By` on every answer, naming the layer that answered (docs/request-path.md). */
    ANSWER_LAYER_HEADER: optionalString
      .pipe(z.enum(["true", "false", "1", "0"], "deve ser true ou false").optional())
      .transform((v) => v === "true" || v === "1"),
    DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
    REDIS_URL: optionalUrl(["redis:", "rediss:"]),
    /** Namespace of this site's keys in a Redis shared with other applications (or test runs). */
    REDIS_KEY_PREFIX: optionalString
      .pipe(
        z
          .string()
          .regex(/^[A-Za-z0-9:_-]{1,40}$/, "deve ter até 40 letras, dígitos, ':', '_' ou '-'")
          .optional(),
      )
      .transform((v) => v ?? "site:"),
    /**
     * The shared caches in front of the public pages, purged by tag when content changes: Varnish
     * servers with the xkey module (each gets `PURGE /`), and a Cloudflare zone with a token that may
     * purge it (zone and token go together). None by default.
     */
    VARNISH_PURGE_URLS: urlList,
    CLOUDFLARE_ZONE_ID: optionalString.pipe(
      z
        .string()
        .regex(
          /^[0-9a-f]{32}$/i,
          "deve ter 32 caracteres hexadecimais (o Zone ID da página do domínio na Cloudflare)",
        )
        .transform((v) => v.toLowerCase())
        .optional(),
    ),
    // Sent in a header: a space or a character outside ASCII inside it would fail every purge.
    CLOUDFLARE_API_TOKEN: optionalString.pipe(
      z
        .string()
        .regex(/^[\x21-\x7e]+$/, "não pode ter espaços nem caracteres fora do ASCII")
        .optional(),
    ),
    CLOUDFLARE_API_BASE: optionalUrl(["https:", "http:"]).transform((v) =>
      (v ?? "https://api.cloudflare.com").replace(/\/+$/, ""),
    ),
    PUBLIC_BASE_URL: optionalUrl(["http:", "https:"]),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, "deve ter pelo menos 32 caracteres").optional()),
    JIRA_BASE_URL: optionalUrl(["https:", "http:"]),
    JIRA_EMAIL: optionalString.pipe(z.email("deve ser um endereço de e-mail").optional()),
    JIRA_API_TOKEN: optionalString,
    /** Jira admin webhooks are accepted only signed with it (X-Hub-Signature); without it, 404. */
    JIRA_WEBHOOK_SECRET: optionalString.pipe(
      z.string().min(16, "deve ter pelo menos 16 caracteres").optional(),
    ),
    /** How often the product asks Jira what changed, healing lost webhooks (decision 094). */
    JIRA_SYNC_INTERVAL_SECONDS: positiveInt(300),
    /** How often the job loop looks for scheduled content changes that are due (decision 100). */
    CONTENT_SCHEDULE_INTERVAL_SECONDS: positiveInt(30),
    /** The ERP's own address, the portal's "Abrir o sistema" (not shown without it). */
    ERP_APP_URL: optionalUrl(["https:", "http:"]),
    SLACK_WEBHOOK_URL: optionalUrl(["https:", "http:"]),
    TEAMS_WEBHOOK_URL: optionalUrl(["https:", "http:"]),
    LEAD_WEBHOOK_URL: optionalUrl(["https:", "http:"]),
    LEAD_WEBHOOK_SECRET: optionalString.pipe(
      z.string().min(16, "deve ter pelo menos 16 caracteres").optional(),
    ),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
    MAP_TILE_URL: optionalString.pipe(
      z
        .string()
        .refine(
          (v) => v.includes("{z}") && v.includes("{x}") && v.includes("{y}"),
          "deve conter {z}, {x} e {y}",
        )
        .optional(),
    ),
    /** The vendor's Pix receiver for invoices (decision 097): all three, or no Pix is offered. */
    PIX_KEY: optionalString.pipe(
      z
        .string()
        .refine(
          (v) => pixKeyKind(v) !== null,
          "deve ser uma chave Pix: CPF ou CNPJ só com dígitos, e-mail, telefone como +5562999998888 ou chave aleatória",
        )
        .optional(),
    ),
    PIX_MERCHANT_NAME: optionalString.pipe(
      z
        .string()
        .refine(
          (v) => pixText(v, 99).length >= 1 && pixText(v, 99).length <= PIX_LIMITS.merchantName,
          `deve ter de 1 a ${PIX_LIMITS.merchantName} letras, dígitos ou espaços (o nome que o banco mostra a quem paga)`,
        )
        .optional(),
    ),
    PIX_MERCHANT_CITY: optionalString.pipe(
      z
        .string()
        .refine(
          (v) => pixText(v, 99).length >= 1 && pixText(v, 99).length <= PIX_LIMITS.merchantCity,
          `deve ter de 1 a ${PIX_LIMITS.merchantCity} letras, dígitos ou espaços`,
        )
        .optional(),
    ),
    TRUST_PROXY: optionalString.transform((v, ctx) => {
      const parsed = parseTrustProxy(v ?? "loopback");
      if (parsed === null) {
        ctx.addIssue({
          code: "custom",
          message:
            "deve ser um número de proxies (ex.: 1) ou endereços/faixas separados por vírgula (ex.: 10.0.0.0/8,loopback)",
        });
        return z.NEVER;
      }
      return parsed;
    }),
    FORM_RATE_LIMIT_PER_MINUTE: positiveInt(20),
    LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt(10),
    /** Minimum time between showing a form and sending it; faster submissions are flagged as spam. */
    FORM_MIN_FILL_MS: wholeNumber.transform((v) => v ?? 3_000),
    /**
     * log2 of scrypt's N for new password hashes (decision 113): production's unless a local trial
     * or a test asks for cheaper ones (refused below production's for a public address).
     */
    PASSWORD_HASH_COST: wholeNumber
      .pipe(z.number().min(10, "deve ser de 10 a 17").max(17, "deve ser de 10 a 17").optional())
      .transform((v) => v ?? PRODUCTION_HASH_COST),
    LOG_LEVEL: optionalString.pipe(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
    ),
  })
  .superRefine((env, ctx) => {
    // Jira needs all three or none: half a configuration would fail at the first lead.
    if (env.JIRA_BASE_URL) {
      for (const key of ["JIRA_EMAIL", "JIRA_API_TOKEN"] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "é obrigatória quando JIRA_BASE_URL está definida",
          });
      }
    }
    // A public site in production is served over https (Secure cookies and HSTS follow from it).
    if (
      env.NODE_ENV === "production" &&
      env.PUBLIC_BASE_URL?.startsWith("http:") &&
      !isLocalAddress(env.PUBLIC_BASE_URL)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_BASE_URL"],
        message: "deve usar https em produção (http só para localhost ou 127.0.0.1)",
      });
    }
    // A cheaper password hash is for tests and local trials only, never a site people sign in to.
    if (
      env.PASSWORD_HASH_COST < PRODUCTION_HASH_COST &&
      env.PUBLIC_BASE_URL &&
      !isLocalAddress(env.PUBLIC_BASE_URL)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASH_COST"],
        message: `deve ser pelo menos ${PRODUCTION_HASH_COST} num site com endereço público (valores menores só para testes em localhost)`,
      });
    }
    // Pix needs the key, the name and the city: half a receiver would make codes no bank accepts.
    const pix = ["PIX_KEY", "PIX_MERCHANT_NAME", "PIX_MERCHANT_CITY"] as const;
    if (pix.some((key) => env[key])) {
      for (const key of pix) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `é obrigatória quando ${pix.filter((other) => env[other]).join(" ou ")} está definida`,
          });
      }
    }
    // The object store's settings mean nothing without its bucket; a key needs its secret.
    for (const key of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (env[key] && !env.S3_BUCKET)
        ctx.addIssue({
          code: "custom",
          path: ["S3_BUCKET"],
          message: `é obrigatória quando ${key} está definida`,
        });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vão juntas",
      });
    }
    // A zone without its token (or a token without its zone) would purge nothing.
    if (Boolean(env.CLOUDFLARE_ZONE_ID) !== Boolean(env.CLOUDFLARE_API_TOKEN)) {
      ctx.addIssue({
        code: "custom",
        path: [env.CLOUDFLARE_ZONE_ID ? "CLOUDFLARE_API_TOKEN" : "CLOUDFLARE_ZONE_ID"],
        message: "CLOUDFLARE_ZONE_ID e CLOUDFLARE_API_TOKEN vão juntas",
      });
    }
    // The token goes with every purge: in production never in clear text, but to this machine (a fake).
    if (
      env.NODE_ENV === "production" &&
      env.CLOUDFLARE_API_BASE.startsWith("http:") &&
      !isLocalAddress(env.CLOUDFLARE_API_BASE)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["CLOUDFLARE_API_BASE"],
        message: "deve usar https em produção (http só para localhost ou 127.0.0.1)",
      });
    }
    if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["LEAD_WEBHOOK_SECRET"],
        message: "é obrigatória quando LEAD_WEBHOOK_URL está definida (os envios são assinados)",
      });
    }
  });

export type Config = z.output<typeof envSchema> & {
  /** PUBLIC_BASE_URL, or http://localhost:PORT when unset; never ends with '/'. */
  publicBaseUrl: string;
  isProduction: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? "environment");
    // JSON quoting keeps the message on one line whatever the value holds.
    const shown =
      env[variable] === undefined
        ? ""
        : ` (recebido ${JSON.stringify(redact(variable, env[variable] ?? ""))})`;
    throw new ConfigError(`Configuração inválida: ${variable} ${issue.message}${shown}`);
  }
  const parsed = result.data;
  const publicBaseUrl = (parsed.PUBLIC_BASE_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  return { ...parsed, publicBaseUrl, isProduction: parsed.NODE_ENV === "production" };
}

function redact(variable: string, value: string): string {
  if (/SECRET|TOKEN|PASSWORD|ACCESS_KEY/.test(variable)) return "***";
  // URLs may carry credentials (postgres://user:pass@host, redis://:pass@host): hide the password,
  // up to the last '@' before the host since a password may itself contain '@'.
  // Every one of them: a list (VARNISH_PURGE_URLS) holds several URLs.
  return value.replace(/\/\/([^:/@]*):[^/]*@/g, "//$1:***@");
}
