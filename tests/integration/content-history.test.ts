import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, demoTokens, type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * Restoring one field of an old version (decision 100) over HTTP:
 * POST /api/json/{doc}/revisions/{version}?path=plans.1.monthly_price. The field takes the old
 * version's value, every other field keeps its newest one, the result is a new version that the
 * public site shows at once; only admins may do it, and a wrong path is refused in Portuguese.
 */
describe("restore one field of an old version", () => {
  let server: ServerProcess;
  let admin: string;
  let customer: string;

  const call = (path: string, init: RequestInit & { token?: string } = {}) => callApi(server.url, path, init);
  const read = async (doc: string) => {
    const res = await call(`/api/json/${doc}`, { token: admin });
    return { data: await res.json(), etag: res.headers.get("etag")! };
  };
  const put = async (doc: string, data: unknown, etag: string) => {
    const res = await call(`/api/json/${doc}`, {
      method: "PUT",
      token: admin,
      headers: { "Content-Type": "application/json", "If-Match": etag },
      body: JSON.stringify(data),
    });
    expect(res.status).toBe(200);
    return {
      data: await res.json(),
      etag: res.headers.get("etag")!,
      version: res.headers.get("x-content-version"),
    };
  };
  const restore = (doc: string, version: number, search: string, etag?: string, token = admin) =>
    call(`/api/json/${doc}/revisions/${version}?${search}`, {
      method: "POST",
      token,
      headers: { "Content-Type": "application/json", ...(etag ? { "If-Match": etag } : {}) },
    });

  beforeAll(async () => {
    server = await startServerProcess();
    ({ admin, customer } = await demoTokens(server));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("brings back only that field, as a new version the public API shows at once", async () => {
    const seed = await read("plans-data");
    const original = seed.data.plans[1].monthly_price;
    // Version 2 changes the price; version 3 changes it again and two other fields.
    const v2 = await put(
      "plans-data",
      {
        ...seed.data,
        plans: seed.data.plans.map((p: { id: string }, i: number) =>
          i === 1 ? { ...p, monthly_price: 111 } : p,
        ),
      },
      seed.etag,
    );
    expect(v2.version).toBe("2");
    const v3data = structuredClone(v2.data);
    v3data.plans[1].monthly_price = 222;
    v3data.title = "Planos (título novo)";
    v3data.toggle.monthly = "Por mês";
    const v3 = await put("plans-data", v3data, v2.etag);

    const res = await restore("plans-data", 1, "path=plans.1.monthly_price", v3.etag);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-version")).toBe("4");
    const restored = await res.json();
    expect(restored.plans[1].monthly_price).toBe(original);
    expect(restored.title).toBe("Planos (título novo)");
    expect(restored.toggle.monthly).toBe("Por mês");
    expect(restored.plans[0]).toEqual(seed.data.plans[0]);

    const { revisions } = await (await call("/api/json/plans-data/revisions", { token: admin })).json();
    expect(revisions[0]).toMatchObject({ version: 4, source: "admin", createdBy: "admin@vertice.local" });
    expect(revisions.map((r: { version: number }) => r.version)).toEqual([4, 3, 2, 1]);

    const publicDoc = await (await fetch(`${server.url}/api/json/public/plans-data?v=${Date.now()}`)).json();
    expect(publicDoc.plans[1].monthly_price).toBe(original);
    expect(publicDoc.title).toBe("Planos (título novo)");

    const dashboard = await (await call("/admin/dashboard", { token: admin })).text();
    expect(dashboard).toContain("content.restore-field");
  });

  it("a list item removed since comes back at its place; one added since goes away", async () => {
    const before = await read("plans-data");
    const removedPlan = before.data.plans[1];
    const fewer = await put(
      "plans-data",
      { ...before.data, plans: before.data.plans.filter((_: unknown, i: number) => i !== 1) },
      before.etag,
    );
    const version = Number(fewer.version) - 1;
    const back = await restore("plans-data", version, "path=plans.1&mode=insert", fewer.etag);
    expect(back.status).toBe(200);
    const data = await back.json();
    expect(data.plans).toEqual(before.data.plans);
    expect(data.plans[1]).toEqual(removedPlan);
    // The version without it, restored item by item: "remove" takes it out again.
    const gone = await restore(
      "plans-data",
      version + 1,
      "path=plans.1&mode=remove",
      back.headers.get("etag")!,
    );
    expect(gone.status).toBe(200);
    expect((await gone.json()).plans.map((p: { id: string }) => p.id)).not.toContain(removedPlan.id);
  });

  it("only admins: 401 without a session, 403 for a customer", async () => {
    const anonymous = await restore("plans-data", 1, "path=title", undefined, "");
    expect(anonymous.status).toBe(401);
    const asCustomer = await restore("plans-data", 1, "path=title", undefined, customer);
    expect(asCustomer.status).toBe(403);
    expect((await asCustomer.json()).message).toBe("Acesso restrito a administradores.");
  });

  it("refuses a path that leads nowhere, a stale version tag and an invalid result, in Portuguese", async () => {
    const current = await read("plans-data");
    const cases: [string, number, RegExp][] = [
      ["path=nada.x", 400, /^Conteúdo inválido\. nada: campo inexistente$/],
      ["path=plans.99.monthly_price", 400, /^Conteúdo inválido\. plans\.99: posição inexistente$/],
      ["path=", 400, /^Informe o campo a restaurar/],
      ["path=title&mode=tudo", 400, /^Modo de restauração desconhecido: "tudo"/],
      // Removing a required field: the document's schema refuses the result and names the field.
      ["path=plans.0.monthly_price&mode=remove", 400, /^Conteúdo inválido\. Planos › 1 › Preço mensal: /],
    ];
    for (const [search, status, message] of cases) {
      const res = await restore("plans-data", 1, search, current.etag);
      expect(res.status, search).toBe(status);
      expect(res.headers.get("content-type"), search).toMatch(/application\/json/);
      expect((await res.json()).message, search).toMatch(message);
    }
    const missing = await restore("plans-data", 999, "path=title", current.etag);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Versão 999 não encontrada.");
    const stale = await restore("plans-data", 1, "path=title", '"1-1"');
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toMatch(/^Este conteúdo foi alterado por outra pessoa/);
    // Nothing was saved by any of them.
    const after = await read("plans-data");
    expect(after.etag).toBe(current.etag);
  });
});
