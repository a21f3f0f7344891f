/**
 * Integrations (docs/operations.md) against the built server: the vendor's platform reports a company's
 * connection with a key of scope platform (a billing key is 403, a revoked or missing one 401, an
 * unknown company or integration 404); the company's people see it, finance and other companies
 * do not; a request for a new integration becomes a support ticket. PGlite and PostgreSQL.
 */

import type { CompanyRole } from "@domain/portal/permissions.ts";
import { ApiKeyService } from "@server/auth/api-keys.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropCreatedDatabases } from "../support/databases.ts";
import { seedPortal } from "../support/portal-seed.ts";
import { serverDatabaseTargets } from "../support/server-databases.ts";
import { loginToken, postForm, type ServerProcess, startServerProcess } from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

const PASSWORD = "senha-forte-1";
const PEOPLE = {
  owner: { email: "dona@agrosul.com.br", role: "owner", company: "agro" },
  member: { email: "ze@agrosul.com.br", role: "member", company: "agro" },
  finance: { email: "fin@agrosul.com.br", role: "finance", company: "agro" },
  stranger: { email: "dono@norte.com.br", role: "owner", company: "norte" },
} as const satisfies Record<string, { email: string; role: CompanyRole; company: "agro" | "norte" }>;
type Who = keyof typeof PEOPLE;

describe.each(serverDatabaseTargets())("integrations on $name", (target) => {
  let server: ServerProcess;
  const tokens = {} as Record<Who, string>;
  const keys = {} as Record<"platform" | "billing" | "revoked", string>;

  beforeAll(async () => {
    const database = await target.database();
    const handle = await database.open();
    try {
      await seedPortal(handle.db, {
        companies: {
          agro: { cnpj: "12ABC34501DE35", legalName: "Agro Sul Ltda" },
          norte: { cnpj: "11222333000181", legalName: "Norte Ltda" },
        },
        people: Object.values(PEOPLE),
        password: PASSWORD,
      });
      const apiKeys = new ApiKeyService({ db: handle.db });
      keys.platform = (await apiKeys.create({ name: "Plataforma", scope: "platform", createdBy: "t" })).key;
      keys.billing = (await apiKeys.create({ name: "Faturamento", scope: "billing", createdBy: "t" })).key;
      const revoked = await apiKeys.create({ name: "Antiga", scope: "platform", createdBy: "t" });
      keys.revoked = revoked.key;
      await apiKeys.revoke({ email: "t" }, revoked.view.id);
    } finally {
      await handle.close();
    }
    server = await startServerProcess({
      ...database.env,
      FORM_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
    });
    for (const who of Object.keys(PEOPLE) as Who[])
      tokens[who] = await loginToken(server.url, PEOPLE[who].email, PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const report = (cnpj: string, id: string, body: unknown, key?: string) =>
    fetch(`${server.url}/api/platform/companies/${encodeURIComponent(cnpj)}/integrations/${id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(body),
    });
  const page = async (path: string, who: Who) => {
    const res = await fetch(server.url + path, { headers: { Authorization: `Bearer ${tokens[who]}` } });
    return { status: res.status, html: await res.text() };
  };

  it("the platform reports a connection with its key; other keys and unknown targets are refused", async () => {
    const ok = await report(
      "12.ABC.345/01DE-35",
      "itau",
      { status: "error", lastSync: "2026-11-26T09:30:00-03:00", detail: "Certificado vencido" },
      keys.platform,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      cnpj: "12ABC34501DE35",
      integrationId: "itau",
      status: "error",
      lastSyncAt: "2026-11-26T12:30:00.000Z",
    });
    // Repeating it (or moving it on) is harmless.
    expect((await report("12ABC34501DE35", "itau", { status: "connected" }, keys.platform)).status).toBe(200);
    expect((await report("12ABC34501DE35", "sefaz", { status: "pending" }, keys.platform)).status).toBe(200);

    expect((await report("12ABC34501DE35", "itau", { status: "connected" })).status).toBe(401);
    expect((await report("12ABC34501DE35", "itau", { status: "connected" }, keys.revoked)).status).toBe(401);
    const wrongScope = await report("12ABC34501DE35", "itau", { status: "connected" }, keys.billing);
    expect(wrongScope.status).toBe(403);
    expect((await wrongScope.json()).message).toContain("escopo exigido: platform");
    expect((await report("99999999000191", "itau", { status: "connected" }, keys.platform)).status).toBe(404);
    expect(
      (await report("12ABC34501DE35", "nao-existe", { status: "connected" }, keys.platform)).status,
    ).toBe(404);
    const bad = await report("12ABC34501DE35", "itau", { status: "ligado" }, keys.platform);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("status");
  });

  it("the company's people see their connections; finance and other companies do not", async () => {
    await report("12ABC34501DE35", "shopee", { status: "connected" }, keys.platform);
    const owner = await page("/user/integracoes", "owner");
    expect(owner.status).toBe(200);
    expect(owner.html).toContain("Shopee");
    expect(owner.html).toContain("connection-badge--connected");
    expect(owner.html).toContain("Pedir integração");
    const member = await page("/user/integracoes?categoria=marketplaces", "member");
    expect(member.status).toBe(200);
    expect(member.html).not.toContain("Banco do Brasil");
    expect(member.html).not.toContain("Pedir integração");
    expect((await page("/user/integracoes", "finance")).status).toBe(404);
    const stranger = await page("/user/integracoes", "stranger");
    expect(stranger.status).toBe(200);
    expect(stranger.html).not.toContain("connection-badge--connected");
  });

  it("asking for an integration opens a support ticket of category Solicitação; a member is refused", async () => {
    const asked = await postForm(
      server.url,
      "/user/integracoes/nova",
      { integrationId: "", other: "Banco Inter", details: "Conta PJ para boletos" },
      tokens.owner,
    );
    expect(asked.status).toBe(302);
    const ticketPath = (asked.headers.get("location") ?? "").split("?")[0]!;
    const ticket = await page(ticketPath, "owner");
    expect(ticket.html).toContain("Nova integração: Banco Inter");
    expect(ticket.html).toContain("Solicitação");
    const refused = await postForm(
      server.url,
      "/user/integracoes/nova",
      { integrationId: "itau" },
      tokens.member,
    );
    expect(refused.status).toBe(403);
  });
});
