import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  demoTokens,
  loginToken,
  type ServerProcess,
  sendWithoutScript,
  startServerProcess,
} from "../support/server-process.ts";

/** The admin content API of B §7.5 over HTTP: who may call it, saves, conflicts, revisions. */
describe("admin content API (B §7.5)", () => {
  let server: ServerProcess;
  let admin: string;
  let customer: string;

  const call = (path: string, init: RequestInit & { token?: string } = {}) => callApi(server.url, path, init);
  const put = (path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
    call(path, {
      method: "PUT",
      token,
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startServerProcess();
    ({ admin, customer } = await demoTokens(server));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("every endpoint: 401 without a session, 403 for a customer, 200 for an admin", async () => {
    const endpoints: [string, RequestInit][] = [
      ["/api/json/files", {}],
      ["/api/json/hero-section-data", {}],
      ["/api/json/hero-section-data/revisions", {}],
      ["/api/json/analyze-structure/plans-data.json", {}],
      ["/api/json/bulk", { method: "POST", body: JSON.stringify({ files: ["menu_data.json"] }) }],
      ["/api/json/testimonials-data", { method: "PUT", body: "{}" }],
      ["/api/json/plans-data", { method: "PUT", body: "{}" }],
      ["/api/json/user-dashboard", { method: "PUT", body: "{}" }],
      ["/api/json/testimonials-data/revisions/1", { method: "POST" }],
    ];
    for (const [path, init] of endpoints) {
      const headers = { "Content-Type": "application/json" };
      const anonymous = await call(path, { ...init, headers });
      expect(anonymous.status, `anonymous ${path}`).toBe(401);
      const asCustomer = await call(path, { ...init, headers, token: customer });
      expect(asCustomer.status, `customer ${path}`).toBe(403);
      expect((await asCustomer.json()).message).toBe("Acesso restrito a administradores.");
    }
    for (const path of [
      "/api/json/files",
      "/api/json/hero-section-data",
      "/api/json/analyze-structure/plans-data.json",
    ]) {
      expect((await call(path, { token: admin })).status, path).toBe(200);
    }
  });

  it("lists every document type with the levels it is stored at", async () => {
    const { files } = await (await call("/api/json/files", { token: admin })).json();
    const hero = files.find((f: { filename: string }) => f.filename === "hero-section-data.json");
    expect(hero.levels.map((l: { segment: string; lang: string }) => `${l.segment}/${l.lang}`)).toEqual(
      expect.arrayContaining(["/", "/en", "agronegocio/"]),
    );
    expect(files.map((f: { filename: string }) => f.filename)).toContain("pages-data.json");
  });

  it("saves a whole document: the site shows it at once; a stale version tag gets 409 with the current one", async () => {
    const read = await call("/api/json/testimonials-data", { token: admin });
    const etag = read.headers.get("etag")!;
    const doc = await read.json();
    const edited = { ...doc, title: "Quem usa, recomenda (editado)" };
    const saved = await put("/api/json/testimonials-data", edited, admin, { "If-Match": etag });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("etag")).not.toBe(etag);
    expect((await saved.json()).title).toBe("Quem usa, recomenda (editado)");
    const home = await (await fetch(`${server.url}/?v=${Date.now()}`)).text();
    expect(home).toContain("Quem usa, recomenda (editado)");
    // Someone saving with the tag read before this save is refused, and told the current version.
    const stale = await put("/api/json/testimonials-data", { ...doc, title: "Outra" }, admin, {
      "If-Match": etag,
    });
    expect(stale.status).toBe(409);
    const conflict = await stale.json();
    expect(conflict.message).toBe(
      "Este conteúdo foi alterado por outra pessoa depois que você o abriu. Compare com a versão atual e salve de novo.",
    );
    expect(conflict.current.data.title).toBe("Quem usa, recomenda (editado)");
  });

  it("a save is checked by the document's schema; the error names the field", async () => {
    const doc = await (await call("/api/json/plans-data", { token: admin })).json();
    const broken = structuredClone(doc);
    broken.plans[0].monthly_price = "caro";
    broken.plans[1].name = "";
    const res = await put("/api/json/plans-data", broken, admin);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toMatch(/^Conteúdo inválido\. Planos › 1 › Preço mensal: .* \(e mais 1\)$/);
    // Every problem at once, each by its field's path (as the editor names its fields) and labels.
    expect(body.problems).toEqual([
      { path: "plans.0.monthly_price", field: "Planos › 1 › Preço mensal", message: expect.any(String) },
      { path: "plans.1.name", field: "Planos › 2 › Nome", message: "Preencha este campo." },
    ]);
  });

  it("saves one item (?path=) and one section (merge patch); the plan price shows on /planos", async () => {
    const doc = await (await call("/api/json/plans-data", { token: admin })).json();
    const plan = { ...doc.plans[0], monthly_price: 123.45 };
    const item = await put("/api/json/plans-data?path=plans.0", plan, admin);
    expect(item.status).toBe(200);
    expect((await item.json()).plans[0].monthly_price).toBe(123.45);
    const planos = await (await fetch(`${server.url}/planos?v=${Date.now()}`)).text();
    expect(planos).toContain("123,45");
    const section = await call("/api/json/plans-data", {
      method: "PUT",
      token: admin,
      headers: { "Content-Type": "application/merge-patch+json" },
      body: JSON.stringify({ toggle: { savings: "Economize 2 meses" } }),
    });
    expect(section.status).toBe(200);
    const after = await section.json();
    expect(after.toggle.savings).toBe("Economize 2 meses");
    expect(after.toggle.monthly).toBe(doc.toggle.monthly);
    const missing = await put("/api/json/plans-data?path=nada.0", {}, admin);
    expect(missing.status).toBe(400);
  });

  it("keeps every version with its author and restores one as a new version", async () => {
    const before = await (await call("/api/json/why-choose-data", { token: admin })).json();
    await put("/api/json/why-choose-data", { ...before, title: "Versão nova" }, admin);
    const { revisions } = await (await call("/api/json/why-choose-data/revisions", { token: admin })).json();
    expect(revisions[0]).toMatchObject({ version: 2, source: "admin", createdBy: "admin@vertice.local" });
    expect(revisions[1]).toMatchObject({ version: 1, source: "seed" });
    const old = await (await call("/api/json/why-choose-data/revisions/1", { token: admin })).json();
    expect(old.title).toBe(before.title);
    const restored = await call("/api/json/why-choose-data/revisions/1", { method: "POST", token: admin });
    expect(restored.status).toBe(200);
    expect((await restored.json()).title).toBe(before.title);
    expect(restored.headers.get("x-content-version")).toBe("3");
  });

  it("edits any level of the lookup order, and refuses an unknown one", async () => {
    const en = await call("/api/json/hero-section-data?lang=en", { token: admin });
    expect(en.headers.get("x-content-level")).toBe("-/en");
    const agro = await call("/api/json/hero-section-data?segment=agronegocio", { token: admin });
    expect(agro.headers.get("x-content-level")).toBe("agronegocio/-");
    expect((await call("/api/json/hero-section-data?segment=nao-existe", { token: admin })).status).toBe(400);
    expect((await call("/api/json/nao-existe", { token: admin })).status).toBe(404);
  });

  it("the bulk fetch needs a non-empty list of files", async () => {
    for (const files of [[], "menu_data.json", [1]]) {
      const res = await call("/api/json/bulk", {
        method: "POST",
        token: admin,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ files }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Lista de arquivos deve ser um array não vazio");
    }
    const ok = await call("/api/json/bulk", {
      method: "POST",
      token: admin,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ files: ["menu_data.json", "footer-data"] }),
    });
    expect(Object.keys((await ok.json()).files)).toEqual(["menu_data.json", "footer-data.json"]);
  });

  it("describes the editor's form from the schema: prices in R$, lists of cards, switches", async () => {
    const { form_structure } = await (
      await call("/api/json/analyze-structure/plans-data.json", { token: admin })
    ).json();
    const plan = form_structure.fields.plans;
    expect(plan._ui).toBe("card_grid");
    expect(plan.template.fields.monthly_price).toMatchObject({
      _ui: "currency_input",
      label: "Preço mensal",
      features: { prefix: "R$", step: 0.01 },
    });
    expect(plan.template.fields.popular._ui).toBe("checkbox");
    expect(plan.template.fields.features.fields.basic._ui).toBe("chip_list");
    const pages = await (await call("/api/json/analyze-structure/pages-data", { token: admin })).json();
    expect(pages.form_structure.fields.pages.template._ui).toBe("tabbed_form");
    // Decision 098: Portuguese labels from the document's words, maps as rows of key and value.
    expect(form_structure.fields.limits_labels).toMatchObject({
      _ui: "key_value",
      label: "Nomes dos limites",
    });
    const hero = await (
      await call("/api/json/analyze-structure/hero-section-data.json", { token: admin })
    ).json();
    expect(hero.form_structure.header.label).toBe("Destaque da página inicial");
    expect(hero.form_structure.fields.defaultBackground).toMatchObject({
      _ui: "image_upload",
      label: "Imagem de fundo padrão",
    });
  });

  it("admin pages and the CSV export: a visitor goes to the login, a customer gets 403, an admin the page", async () => {
    for (const path of [
      "/admin/dashboard",
      "/admin/json",
      "/admin/json/menu_data.json",
      "/admin/pages",
      "/admin/leads",
      "/admin/leads.csv",
    ]) {
      const anonymous = await call(path);
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect((await call(path, { token: customer })).status, path).toBe(403);
      expect((await call(path, { token: admin })).status, path).toBe(200);
    }
    // A lead to export: the contact form, as a visitor without JavaScript sends it (and confirms).
    await sendWithoutScript(server.url, "/contato", {
      nome: "José Conceição",
      email: "jose@example.com",
      mensagem: "Olá, quero uma proposta.",
    });
    const csv = await call("/admin/leads.csv?form=contato", { token: admin });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    // Columns a Brazilian spreadsheet opens (decision 127): semicolons, one column per question.
    const [header, row] = text.split("\r\n").map((line) => line.split(";"));
    expect(header!.slice(0, 3)).toEqual(["Protocolo", "Data", "Formulário"]);
    expect(header).toEqual(expect.arrayContaining(["Nome Completo", "Email", "Mensagem"]));
    expect(row![header!.indexOf("Nome Completo")]).toBe("José Conceição");
    expect(row![header!.indexOf("Formulário")]).toBe("Contato");
    expect(row![header!.indexOf("Data")]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    // The list and the lead's page in words, not stored keys (decision 116): Jira is not configured here.
    const list = await (await call("/admin/leads?form=contato", { token: admin })).text();
    expect(list).toContain('<span class="admin-table__sub">Contato</span>');
    // Confirmed at once without JavaScript (faster than a person, nothing else amiss: decision 125),
    // the lead is kept on the site: Jira is not configured here.
    expect(list).toContain("Guardado no site");
    const href = /href="(\/admin\/leads\/[0-9a-f-]{36})"/.exec(list)?.[1];
    const lead = await (await call(href!, { token: admin })).text();
    expect(lead).toContain("Acesso direto");
    expect(lead).toMatch(/<dt>Mensagem[^<]*<\/dt><dd>Olá, quero uma proposta\.<\/dd>/);
    expect(lead).not.toContain("<dt>mensagem</dt>");
    expect(lead).toContain("<dt>Página do formulário</dt>");
    // Kept on the site, its one delivery is the visitor's confirmation e-mail.
    expect(lead).toContain("E-mail de confirmação ao visitante");
  });

  it("users: an admin creates a user with a one-time password; every admin write is in the audit log", async () => {
    const form = (body: Record<string, string>) => ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body).toString(),
    });
    const refused = await call("/admin/usuarios", {
      ...form({ intent: "create", email: "x@example.com", role: "admin" }),
      token: customer,
    });
    expect(refused.status).toBe(403);
    const created = await call("/admin/usuarios", {
      ...form({
        intent: "create",
        email: "nova@example.com",
        name: "Nova Pessoa",
        role: "customer",
        cnpj: "11.222.333/0001-81",
        companyName: "Nova Empresa Ltda",
      }),
      token: admin,
    });
    expect(created.status).toBe(200);
    const html = await created.text();
    const password = /Senha provisória \(mostrada só agora\): ([A-Za-z0-9_-]+)/.exec(html)?.[1];
    expect(password).toBeDefined();
    expect((await loginToken(server.url, "nova@example.com", password!)).length).toBeGreaterThan(20);
    const dashboard = await (await call("/admin/dashboard", { token: admin })).text();
    expect(dashboard).toContain("Atividade da administração");
    // In words, not the log's codes.
    expect(dashboard).toContain("criou o usuário nova@example.com");
    expect(dashboard).toMatch(/salvou \S+\.json/);
    expect(dashboard).toMatch(/restaurou uma versão de \S+\.json/);
    expect(dashboard).not.toContain("<code>user.create</code>");
  });

  it("the settings screen's old address opens the users screen, for admins only (decision 135)", async () => {
    const old = await call("/admin/settings", { token: admin });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/admin/usuarios");
    expect((await call("/admin/settings", { token: customer })).status).toBe(403);
    // It has no action: a form posted from a page opened before the split is refused, not lost silently.
    const posted = await call("/admin/settings", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=end-sessions",
      token: admin,
    });
    expect(posted.status).toBe(405);
    const users = await (await call("/admin/usuarios", { token: admin })).text();
    expect(users).toContain("<h1");
    expect(users).toContain("Criar usuário");
  });
});
