import { describe, expect, it } from "vitest";
import { ConfigError, isLocalAddress, loadConfig, parseTrustProxy } from "./config.ts";

/** Runs loadConfig expecting a ConfigError; returns its message. */
function configError(env: Record<string, string | undefined>): string {
  let caught: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  return (caught as ConfigError).message;
}

/** The DESIGN contract: one line, prefixed, naming the variable. */
function expectOneLineNaming(message: string, variable: string): void {
  expect(message).not.toContain("\n");
  expect(message).not.toContain("\r");
  expect(message.startsWith(`Configuração inválida: ${variable} `)).toBe(true);
}

const JIRA = {
  JIRA_BASE_URL: "https://acme.atlassian.net",
  JIRA_EMAIL: "bot@acme.com.br",
  JIRA_API_TOKEN: "atl-token-123",
};

describe("loadConfig: defaults (DESIGN Contracts, Environment)", () => {
  it("an empty environment gives the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./.data",
      FORM_RATE_LIMIT_PER_MINUTE: 20,
      LOGIN_RATE_LIMIT_PER_MINUTE: 10,
      PASSWORD_HASH_COST: 15,
      publicBaseUrl: "http://localhost:3000",
      isProduction: false,
    });
    // Optional services stay off (simulated tracker, no Redis, no webhooks) unless configured.
    for (const key of [
      "DATABASE_URL",
      "REDIS_URL",
      "PUBLIC_BASE_URL",
      "SESSION_SECRET",
      "JIRA_BASE_URL",
      "LEAD_WEBHOOK_URL",
      "SMTP_URL",
      "MAP_TILE_URL",
    ] as const) {
      expect(config[key], key).toBeUndefined();
    }
  });

  it("publicBaseUrl follows PORT when PUBLIC_BASE_URL is unset", () => {
    const config = loadConfig({ PORT: "8080" });
    expect(config.PORT).toBe(8080);
    expect(config.publicBaseUrl).toBe("http://localhost:8080");
  });

  it("METRICS_PORT: none by default (no metrics listener), a port when given, refused when not one", () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT deve ser uma porta/);
  });

  it("the trailing slash of PUBLIC_BASE_URL is removed", () => {
    expect(loadConfig({ PUBLIC_BASE_URL: "https://www.example.com/" }).publicBaseUrl).toBe(
      "https://www.example.com",
    );
    expect(loadConfig({ PUBLIC_BASE_URL: "https://www.example.com/site//" }).publicBaseUrl).toBe(
      "https://www.example.com/site",
    );
  });

  it("reads valid values", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "4000",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/site",
      DATABASE_URL: "postgres://app:pw@db:5432/site",
      REDIS_URL: "rediss://cache:6380",
      FORM_RATE_LIMIT_PER_MINUTE: "5",
      LOGIN_RATE_LIMIT_PER_MINUTE: "3",
      MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png",
      ...JIRA,
    });
    expect(config).toMatchObject({
      NODE_ENV: "production",
      isProduction: true,
      PORT: 4000,
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/site",
      DATABASE_URL: "postgres://app:pw@db:5432/site",
      REDIS_URL: "rediss://cache:6380",
      FORM_RATE_LIMIT_PER_MINUTE: 5,
      LOGIN_RATE_LIMIT_PER_MINUTE: 3,
      MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png",
      ...JIRA,
    });
  });

  it("surrounding whitespace is trimmed", () => {
    expect(loadConfig({ PORT: " 8080 " }).PORT).toBe(8080);
    expect(loadConfig({ HOST: " ::1 " }).HOST).toBe("::1");
  });
});

describe("loadConfig: empty strings count as unset", () => {
  it("empty documented variables give the defaults", () => {
    const config = loadConfig({
      PORT: "",
      HOST: "",
      DATA_DIR: "  ",
      DATABASE_URL: "",
      REDIS_URL: "",
      PUBLIC_BASE_URL: "",
      SESSION_SECRET: "",
      JIRA_BASE_URL: "",
      JIRA_EMAIL: "",
      JIRA_API_TOKEN: "",
      SLACK_WEBHOOK_URL: "",
      TEAMS_WEBHOOK_URL: "",
      LEAD_WEBHOOK_URL: "",
      LEAD_WEBHOOK_SECRET: "",
      SMTP_URL: "",
      MAP_TILE_URL: "",
      FORM_RATE_LIMIT_PER_MINUTE: "",
      LOGIN_RATE_LIMIT_PER_MINUTE: "",
    });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./.data",
      FORM_RATE_LIMIT_PER_MINUTE: 20,
      LOGIN_RATE_LIMIT_PER_MINUTE: 10,
      publicBaseUrl: "http://localhost:3000",
    });
    for (const key of [
      "DATABASE_URL",
      "REDIS_URL",
      "PUBLIC_BASE_URL",
      "SESSION_SECRET",
      "JIRA_BASE_URL",
      "JIRA_EMAIL",
      "JIRA_API_TOKEN",
      "LEAD_WEBHOOK_URL",
      "LEAD_WEBHOOK_SECRET",
      "SMTP_URL",
      "MAP_TILE_URL",
    ] as const) {
      expect(config[key], key).toBeUndefined();
    }
  });

  it("an empty JIRA_BASE_URL does not require the other Jira variables", () => {
    expect(() => loadConfig({ JIRA_BASE_URL: "" })).not.toThrow();
  });

  it("an empty LEAD_WEBHOOK_URL does not require its secret", () => {
    expect(() => loadConfig({ LEAD_WEBHOOK_URL: "   " })).not.toThrow();
  });

  it("a blank JIRA_API_TOKEN counts as missing when JIRA_BASE_URL is set", () => {
    expectOneLineNaming(configError({ ...JIRA, JIRA_API_TOKEN: "  " }), "JIRA_API_TOKEN");
  });

  // NODE_ENV and LOG_LEVEL are read by loadConfig too; `NODE_ENV= npm start` must not stop the start.
  it("empty NODE_ENV and LOG_LEVEL count as unset", () => {
    const config = loadConfig({ NODE_ENV: "", LOG_LEVEL: "" });
    expect(config.NODE_ENV).toBe("development");
    expect(config.LOG_LEVEL).toBeUndefined();
  });
});

describe("loadConfig: invalid configuration stops the start with one line naming the variable", () => {
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "-1" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://x" }, "REDIS_URL"],
    [{ PUBLIC_BASE_URL: "ftp://example.com" }, "PUBLIC_BASE_URL"],
    [{ SMTP_URL: "https://mail.example.com" }, "SMTP_URL"],
    [{ JIRA_BASE_URL: JIRA.JIRA_BASE_URL, JIRA_API_TOKEN: JIRA.JIRA_API_TOKEN }, "JIRA_EMAIL"],
    [{ JIRA_BASE_URL: JIRA.JIRA_BASE_URL, JIRA_EMAIL: JIRA.JIRA_EMAIL }, "JIRA_API_TOKEN"],
    [{ ...JIRA, JIRA_EMAIL: "not-an-email" }, "JIRA_EMAIL"],
    [{ LEAD_WEBHOOK_URL: "https://hooks.example.com/lead" }, "LEAD_WEBHOOK_SECRET"],
    [
      { LEAD_WEBHOOK_URL: "https://hooks.example.com/lead", LEAD_WEBHOOK_SECRET: "tooshort" },
      "LEAD_WEBHOOK_SECRET",
    ],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ SESSION_SECRET: "x".repeat(31) }, "SESSION_SECRET"],
    [{ FORM_RATE_LIMIT_PER_MINUTE: "0" }, "FORM_RATE_LIMIT_PER_MINUTE"],
    [{ FORM_RATE_LIMIT_PER_MINUTE: "-1" }, "FORM_RATE_LIMIT_PER_MINUTE"],
    [{ FORM_RATE_LIMIT_PER_MINUTE: "1.5" }, "FORM_RATE_LIMIT_PER_MINUTE"],
    [{ FORM_RATE_LIMIT_PER_MINUTE: "ten" }, "FORM_RATE_LIMIT_PER_MINUTE"],
    [{ LOGIN_RATE_LIMIT_PER_MINUTE: "0" }, "LOGIN_RATE_LIMIT_PER_MINUTE"],
    [{ MAP_TILE_URL: "https://tiles.example.com/{x}/{y}.png" }, "MAP_TILE_URL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ PASSWORD_HASH_COST: "9" }, "PASSWORD_HASH_COST"],
    [{ PASSWORD_HASH_COST: "18" }, "PASSWORD_HASH_COST"],
    [{ PASSWORD_HASH_COST: "12", PUBLIC_BASE_URL: "https://www.vertice.com.br" }, "PASSWORD_HASH_COST"],
  ] as [Record<string, string>, string][])("%j names %s", (env, variable) => {
    expectOneLineNaming(configError(env), variable);
  });

  it("JIRA_BASE_URL alone names JIRA_EMAIL first", () => {
    expect(configError({ JIRA_BASE_URL: JIRA.JIRA_BASE_URL })).toBe(
      "Configuração inválida: JIRA_EMAIL é obrigatória quando JIRA_BASE_URL está definida",
    );
  });

  it("the message says what is wrong, in Portuguese", () => {
    expect(configError({ PORT: "abc" })).toBe(
      'Configuração inválida: PORT deve ser um número inteiro (recebido "abc")',
    );
    expect(configError({ PORT: "70000" })).toBe(
      'Configuração inválida: PORT deve ser uma porta (0-65535) (recebido "70000")',
    );
    expect(configError({ FORM_RATE_LIMIT_PER_MINUTE: "0" })).toBe(
      'Configuração inválida: FORM_RATE_LIMIT_PER_MINUTE deve ser maior que 0 (recebido "0")',
    );
  });

  it("the boundaries are accepted: SESSION_SECRET of 32 characters, PORT 65535, rate limit 1", () => {
    const config = loadConfig({
      SESSION_SECRET: "s".repeat(32),
      PORT: "65535",
      FORM_RATE_LIMIT_PER_MINUTE: "1",
    });
    expect(config.SESSION_SECRET).toBe("s".repeat(32));
    expect(config.PORT).toBe(65535);
    expect(config.FORM_RATE_LIMIT_PER_MINUTE).toBe(1);
  });

  it("a cheaper password hash is for a local address only (decision 113)", () => {
    expect(
      configError({
        NODE_ENV: "production",
        PASSWORD_HASH_COST: "10",
        PUBLIC_BASE_URL: "https://www.vertice.com.br",
      }),
    ).toBe(
      'Configuração inválida: PASSWORD_HASH_COST deve ser pelo menos 15 num site com endereço público (valores menores só para testes em localhost) (recebido "***")',
    );
    expect(loadConfig({ PASSWORD_HASH_COST: "10" }).PASSWORD_HASH_COST).toBe(10);
    expect(
      loadConfig({ PASSWORD_HASH_COST: "10", PUBLIC_BASE_URL: "http://127.0.0.1:3000" }).PASSWORD_HASH_COST,
    ).toBe(10);
    expect(
      loadConfig({ PASSWORD_HASH_COST: "17", PUBLIC_BASE_URL: "https://www.vertice.com.br" })
        .PASSWORD_HASH_COST,
    ).toBe(17);
  });

  it("an invalid value containing a line break still gives a one-line message", () => {
    expectOneLineNaming(configError({ PORT: "80\n80" }), "PORT");
  });
});

describe("loadConfig: secrets are never echoed", () => {
  it("SESSION_SECRET is not shown", () => {
    const message = configError({ SESSION_SECRET: "short" });
    expectOneLineNaming(message, "SESSION_SECRET");
    expect(message).not.toContain("short");
  });

  it("LEAD_WEBHOOK_SECRET is not shown", () => {
    const message = configError({
      LEAD_WEBHOOK_URL: "https://hooks.example.com/lead",
      LEAD_WEBHOOK_SECRET: "hunter2-secret",
    });
    expectOneLineNaming(message, "LEAD_WEBHOOK_SECRET");
    expect(message).not.toContain("hunter2");
  });

  it("a password inside DATABASE_URL is masked", () => {
    const message = configError({ DATABASE_URL: "mysql://admin:s3cr3tP4ss@db.example.com:3306/app" });
    expectOneLineNaming(message, "DATABASE_URL");
    expect(message).not.toContain("s3cr3tP4ss");
    expect(message).toContain("mysql://admin:***@db.example.com:3306/app");
  });

  it("a password-only URL (redis style, no user name) is masked", () => {
    const message = configError({ REDIS_URL: "http://:s3cr3tP4ss@cache.internal:6379" });
    expectOneLineNaming(message, "REDIS_URL");
    expect(message).not.toContain("s3cr3tP4ss");
  });
});

describe("TRUST_PROXY: behind a load balancer each visitor keeps their own address", () => {
  it("takes a number of hops, or addresses, ranges and Express's range names", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("10.0.0.0/8, loopback")).toEqual(["10.0.0.0/8", "loopback"]);
    expect(parseTrustProxy("2001:db8::/32,uniquelocal")).toEqual(["2001:db8::/32", "uniquelocal"]);
    expect(parseTrustProxy("everyone")).toBeNull();
    expect(parseTrustProxy("10.0.0.0/8;rm -rf")).toBeNull();
  });

  it("defaults to loopback and refuses a bad value with one line naming the variable", () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual(["loopback"]);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/^Configuração inválida: TRUST_PROXY deve ser/);
  });
});

describe("production addresses (decision 076: https for a public site)", () => {
  it("refuses an http PUBLIC_BASE_URL in production unless it is this machine", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PUBLIC_BASE_URL: "http://www.example.com" })).toThrow(
      "Configuração inválida: PUBLIC_BASE_URL deve usar https em produção (http só para localhost ou 127.0.0.1)",
    );
    for (const local of ["http://localhost:3000", "http://127.0.0.1:8080", "http://agronegocio.localhost"])
      expect(loadConfig({ NODE_ENV: "production", PUBLIC_BASE_URL: local }).publicBaseUrl).toBe(local);
    expect(
      loadConfig({ NODE_ENV: "production", PUBLIC_BASE_URL: "https://www.example.com" }).publicBaseUrl,
    ).toBe("https://www.example.com");
    expect(
      loadConfig({ NODE_ENV: "development", PUBLIC_BASE_URL: "http://www.example.com" }).publicBaseUrl,
    ).toBe("http://www.example.com");
    // Unset: the local address of the port, a local trial.
    expect(loadConfig({ NODE_ENV: "production" }).publicBaseUrl).toBe("http://localhost:3000");
  });

  it("tells a local address from a public one", () => {
    expect(isLocalAddress("http://localhost:3000")).toBe(true);
    expect(isLocalAddress("http://[::1]:3000")).toBe(true);
    expect(isLocalAddress("https://www.vertice.com.br")).toBe(false);
    expect(isLocalAddress("http://localhost.example.com")).toBe(false);
  });
});

describe("the Pix receiver of invoices (decision 097)", () => {
  const PIX = {
    PIX_KEY: "financeiro@vertice.com.br",
    PIX_MERCHANT_NAME: "Vértice Gestão",
    PIX_MERCHANT_CITY: "Goiânia",
  };

  it("is off without its variables, or with them empty", () => {
    for (const config of [
      loadConfig({}),
      loadConfig({ PIX_KEY: "", PIX_MERCHANT_NAME: " ", PIX_MERCHANT_CITY: "" }),
    ]) {
      expect(config.PIX_KEY).toBeUndefined();
      expect(config.PIX_MERCHANT_NAME).toBeUndefined();
      expect(config.PIX_MERCHANT_CITY).toBeUndefined();
    }
  });

  it("reads the key, the name and the city", () => {
    expect(loadConfig(PIX)).toMatchObject(PIX);
    expect(loadConfig({ ...PIX, PIX_KEY: "123e4567-e12b-12d1-a456-426655440000" }).PIX_KEY).toBe(
      "123e4567-e12b-12d1-a456-426655440000",
    );
    expect(loadConfig({ ...PIX, PIX_KEY: "+5562333340000" }).PIX_KEY).toBe("+5562333340000");
  });

  it.each([
    [{ PIX_KEY: PIX.PIX_KEY }, "PIX_MERCHANT_NAME"],
    [{ PIX_KEY: PIX.PIX_KEY, PIX_MERCHANT_NAME: "Vértice" }, "PIX_MERCHANT_CITY"],
    [{ PIX_MERCHANT_NAME: "Vértice", PIX_MERCHANT_CITY: "Goiânia" }, "PIX_KEY"],
    [{ ...PIX, PIX_KEY: "12.345.678/0001-90" }, "PIX_KEY"],
    [{ ...PIX, PIX_KEY: "12345678900" }, "PIX_KEY"],
    [{ ...PIX, PIX_MERCHANT_NAME: "Vértice Sistemas de Gestão Ltda" }, "PIX_MERCHANT_NAME"],
    [{ ...PIX, PIX_MERCHANT_NAME: "***" }, "PIX_MERCHANT_NAME"],
    [{ ...PIX, PIX_MERCHANT_CITY: "São José dos Campos" }, "PIX_MERCHANT_CITY"],
  ] as [Record<string, string>, string][])("%j names %s", (env, variable) => {
    expectOneLineNaming(configError(env), variable);
  });

  it("says which variable makes the others required", () => {
    expect(configError({ PIX_KEY: PIX.PIX_KEY })).toBe(
      "Configuração inválida: PIX_MERCHANT_NAME é obrigatória quando PIX_KEY está definida",
    );
  });
});

describe("the shared caches purged by tag: Varnish and Cloudflare", () => {
  const ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
  const CLOUDFLARE = { CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_API_TOKEN: "cf-token-Y2xvdWRmbGFyZQ" };

  it("are off without their variables, or with them empty", () => {
    for (const config of [
      loadConfig({}),
      loadConfig({
        VARNISH_PURGE_URLS: " ",
        CLOUDFLARE_ZONE_ID: "",
        CLOUDFLARE_API_TOKEN: "",
        CLOUDFLARE_API_BASE: "",
      }),
    ]) {
      expect(config.VARNISH_PURGE_URLS).toEqual([]);
      expect(config.CLOUDFLARE_ZONE_ID).toBeUndefined();
      expect(config.CLOUDFLARE_API_TOKEN).toBeUndefined();
      expect(config.CLOUDFLARE_API_BASE).toBe("https://api.cloudflare.com");
    }
  });

  it("VARNISH_PURGE_URLS: comma-separated http(s) base URLs, blanks skipped", () => {
    expect(
      loadConfig({ VARNISH_PURGE_URLS: "http://10.0.0.5:6081,http://10.0.0.6:6081" }).VARNISH_PURGE_URLS,
    ).toEqual(["http://10.0.0.5:6081", "http://10.0.0.6:6081"]);
    expect(
      loadConfig({ VARNISH_PURGE_URLS: " https://cache.internal/ , http://10.0.0.6:6081, " })
        .VARNISH_PURGE_URLS,
    ).toEqual(["https://cache.internal/", "http://10.0.0.6:6081"]);
    expect(loadConfig({ VARNISH_PURGE_URLS: ",," }).VARNISH_PURGE_URLS).toEqual([]);
  });

  it("VARNISH_PURGE_URLS: a bad item is refused by its position", () => {
    expect(configError({ VARNISH_PURGE_URLS: "http://10.0.0.5:6081,10.0.0.6:6081" })).toBe(
      'Configuração inválida: VARNISH_PURGE_URLS deve ser uma lista de URLs separadas por vírgula, cada uma começando com http:// ou https:// (a 2ª não é) (recebido "http://10.0.0.5:6081,10.0.0.6:6081")',
    );
    for (const value of ["ftp://10.0.0.5", "not a url", "http://10.0.0.5:6081 http://10.0.0.6:6081"])
      expectOneLineNaming(configError({ VARNISH_PURGE_URLS: value }), "VARNISH_PURGE_URLS");
  });

  it("VARNISH_PURGE_URLS: every password in the list is masked", () => {
    const message = configError({
      VARNISH_PURGE_URLS:
        "http://purger:s3cr3tA@10.0.0.5:6081,http://purger:s3cr3tB@10.0.0.6:6081,gopher://x",
    });
    expectOneLineNaming(message, "VARNISH_PURGE_URLS");
    expect(message).not.toContain("s3cr3tA");
    expect(message).not.toContain("s3cr3tB");
    expect(message).toContain("(a 3ª não é)");
  });

  it("Cloudflare: the zone id (32 hex digits, kept in lower case), the token and the API's address", () => {
    const config = loadConfig({ ...CLOUDFLARE, CLOUDFLARE_ZONE_ID: ZONE.toUpperCase() });
    expect(config.CLOUDFLARE_ZONE_ID).toBe(ZONE);
    expect(config.CLOUDFLARE_API_TOKEN).toBe(CLOUDFLARE.CLOUDFLARE_API_TOKEN);
    expect(config.CLOUDFLARE_API_BASE).toBe("https://api.cloudflare.com");
    expect(
      loadConfig({ ...CLOUDFLARE, CLOUDFLARE_API_BASE: "http://127.0.0.1:8787/" }).CLOUDFLARE_API_BASE,
    ).toBe("http://127.0.0.1:8787");
  });

  it.each([
    [{ CLOUDFLARE_ZONE_ID: "023e105f4ecef8ad9ca31a8372d0c35" }, "CLOUDFLARE_ZONE_ID"],
    [{ CLOUDFLARE_ZONE_ID: "023e105f4ecef8ad9ca31a8372d0c35g" }, "CLOUDFLARE_ZONE_ID"],
    [{ CLOUDFLARE_ZONE_ID: ZONE }, "CLOUDFLARE_API_TOKEN"],
    [{ CLOUDFLARE_API_TOKEN: "cf-token" }, "CLOUDFLARE_ZONE_ID"],
    [{ ...CLOUDFLARE, CLOUDFLARE_API_BASE: "api.cloudflare.com" }, "CLOUDFLARE_API_BASE"],
    [{ ...CLOUDFLARE, CLOUDFLARE_API_BASE: "ftp://api.cloudflare.com" }, "CLOUDFLARE_API_BASE"],
  ] as [Record<string, string>, string][])("%j names %s", (env, variable) => {
    expectOneLineNaming(configError(env), variable);
  });

  it("zone and token go together, like the S3 keys", () => {
    expect(configError({ CLOUDFLARE_ZONE_ID: ZONE })).toBe(
      "Configuração inválida: CLOUDFLARE_API_TOKEN CLOUDFLARE_ZONE_ID e CLOUDFLARE_API_TOKEN vão juntas",
    );
    expect(configError({ CLOUDFLARE_API_TOKEN: "cf-token" })).toBe(
      "Configuração inválida: CLOUDFLARE_ZONE_ID CLOUDFLARE_ZONE_ID e CLOUDFLARE_API_TOKEN vão juntas",
    );
  });

  it("the token is never shown", () => {
    const message = configError({ ...CLOUDFLARE, CLOUDFLARE_API_TOKEN: "cf-tok en-9f8e7d" });
    expect(message).toBe(
      'Configuração inválida: CLOUDFLARE_API_TOKEN não pode ter espaços nem caracteres fora do ASCII (recebido "***")',
    );
    expect(message).not.toContain("9f8e7d");
  });

  it("in production the API is reached over https, except on this machine (a fake)", () => {
    expect(
      configError({
        NODE_ENV: "production",
        ...CLOUDFLARE,
        CLOUDFLARE_API_BASE: "http://cf-proxy.example.com",
      }),
    ).toBe(
      'Configuração inválida: CLOUDFLARE_API_BASE deve usar https em produção (http só para localhost ou 127.0.0.1) (recebido "http://cf-proxy.example.com")',
    );
    expect(
      loadConfig({ NODE_ENV: "production", ...CLOUDFLARE, CLOUDFLARE_API_BASE: "http://127.0.0.1:8787" })
        .CLOUDFLARE_API_BASE,
    ).toBe("http://127.0.0.1:8787");
  });
});
