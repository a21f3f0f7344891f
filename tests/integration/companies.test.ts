import type { Plan } from "@domain/plans.ts";
import { Sealer } from "@server/auth/sealed.ts";
import { SessionService } from "@server/auth/sessions.ts";
import { TwoFactorService } from "@server/auth/two-factor.ts";
import { AccountService } from "@server/auth/users.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { companies as companiesTable, users } from "@server/db/schema.ts";
import { CompanyService, memberLimit } from "@server/portal/companies.ts";
import { createCustomer } from "@server/portal/customers.ts";
import { MemoryWindowCounter } from "@server/rate/window-counter.ts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { testHasher } from "../support/passwords.ts";
import { freshDataDir, runCli } from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

/** The staff member who edits companies in the admin (the audit log records them). */
const STAFF = { email: "equipe@vertice.com.br" };

const plan = (id: string, usuarios: number | string): Plan =>
  ({
    id,
    name: id,
    description: "",
    popular: false,
    monthly_price: 100,
    annual_price: 1000,
    limits: { usuarios },
    features: { basic: [] },
  }) as Plan;

const PLANS = [plan("essencial", 3), plan("empresarial", "Ilimitado")];

describe.each(databaseTargets())("customer companies on $name (decision 091)", (target) => {
  let handle: DatabaseHandle;
  let companies: CompanyService;
  let accounts: AccountService;

  beforeEach(async () => {
    handle = await target.open();
    companies = new CompanyService({ db: handle.db, plans: { plans: async () => PLANS } });
    accounts = new AccountService({ db: handle.db, hasher: testHasher });
  });
  afterEach(async () => {
    await handle.close();
  });

  it("creates a company by its CNPJ, alphanumeric or not, stored normalised, once", async () => {
    const company = await companies.create({
      cnpj: "12.abc.345/01de-35",
      legalName: "  Agro Sul Ltda ",
      planId: "essencial",
    });
    expect(company).toMatchObject({
      cnpj: "12ABC34501DE35",
      legalName: "Agro Sul Ltda",
      planId: "essencial",
    });
    await expect(companies.create({ cnpj: "12ABC34501DE35", legalName: "Outra" })).rejects.toMatchObject({
      kind: "conflict",
      message: "Já existe uma empresa com este CNPJ.",
    });
    await expect(companies.create({ cnpj: "12.ABC.345/01DE-36", legalName: "X Ltda" })).rejects.toMatchObject(
      {
        kind: "invalid",
        message: "CNPJ inválido",
      },
    );
    await expect(companies.create({ cnpj: "12.345", legalName: "X Ltda" })).rejects.toMatchObject({
      message: "CNPJ deve ter 14 dígitos",
    });
    await expect(
      companies.create({ cnpj: "11.222.333/0001-81", legalName: "X Ltda", planId: "ouro" }),
    ).rejects.toMatchObject({ kind: "invalid", message: "Plano desconhecido: ouro." });
    expect(await companies.findByCnpj("12.ABC.345/01DE-35")).toMatchObject({ id: company.id });
  });

  it("makes a company's first member its owner and the next ones members; staff belong to none", async () => {
    const first = await createCustomer(accounts, companies, {
      email: "dona@agrosul.com.br",
      password: "senha-forte-1",
      name: "Dona",
      cnpj: "11.222.333/0001-81",
      companyName: "Agro Sul Ltda",
    });
    expect(first.createdCompany).toBe(true);
    const second = await createCustomer(accounts, companies, {
      email: "ana@agrosul.com.br",
      password: "senha-forte-2",
      cnpj: "11222333000181",
    });
    expect(second.createdCompany).toBe(false);
    expect(second.company.id).toBe(first.company.id);
    const members = await companies.members(first.company.id);
    expect(members.map((m) => [m.email, m.role])).toEqual([
      ["ana@agrosul.com.br", "member"],
      ["dona@agrosul.com.br", "owner"],
    ]);
    expect(members[0]).not.toHaveProperty("passwordHash");
    expect(await companies.activeOwnerCount(first.company.id)).toBe(1);

    await expect(
      accounts.createUser({ email: "x@vertice.com", password: "senha-forte-3", role: "customer" }),
    ).rejects.toMatchObject({ kind: "invalid" });
    await expect(
      accounts.createUser({
        email: "y@vertice.com",
        password: "senha-forte-3",
        role: "admin",
        company: { id: first.company.id, role: "owner" },
      }),
    ).rejects.toMatchObject({
      kind: "invalid",
      message: "Contas da equipe (admin) não pertencem a uma empresa.",
    });
    // The database holds the rule too: staff with a company, or a company without a role, are refused.
    const [staff] = await handle.db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: "z@vertice.com",
        username: "z",
        name: "Z",
        role: "admin",
        passwordHash: "x",
        preferences: {},
      })
      .returning();
    await expect(
      handle.db
        .update(users)
        .set({ companyId: first.company.id, companyRole: "member" })
        .where(eq(users.id, staff!.id)),
    ).rejects.toThrow();
    await expect(
      handle.db.update(users).set({ companyRole: null }).where(eq(users.email, "ana@agrosul.com.br")),
    ).rejects.toThrow();
  });

  it("a suspended company's people cannot sign in, and their sessions stop at once", async () => {
    const { company } = await createCustomer(accounts, companies, {
      email: "dona@agrosul.com.br",
      password: "senha-forte-1",
      cnpj: "11.222.333/0001-81",
    });
    const sessions = new SessionService({
      db: handle.db,
      hasher: testHasher,
      loginLimit: 100,
      loginCounter: new MemoryWindowCounter(),
      twoFactor: new TwoFactorService({ db: handle.db, sealer: new Sealer("test-secret", "totp") }),
    });
    const { token } = await sessions.login("dona@agrosul.com.br", "senha-forte-1", { remember: false });
    const [member] = await companies.members(company.id);
    expect(member!.lastSignInAt).not.toBeNull();
    await companies.update(STAFF, company.id, { status: "suspended" });
    expect(await sessions.userForToken(token)).toBeNull();
    await expect(
      sessions.login("dona@agrosul.com.br", "senha-forte-1", { remember: false }),
    ).rejects.toMatchObject({
      kind: "forbidden",
      message: "O acesso da sua empresa ao portal está suspenso. Fale com o nosso suporte.",
    });
    // A wrong password still reads as any wrong password.
    await expect(
      sessions.login("dona@agrosul.com.br", "errada-123", { remember: false }),
    ).rejects.toMatchObject({
      kind: "unauthenticated",
    });
    await companies.update(STAFF, company.id, { status: "active" });
    expect((await sessions.userForToken(token))?.email).toBe("dona@agrosul.com.br");
  });

  it("a failed account creation leaves no company behind", async () => {
    await expect(
      createCustomer(accounts, companies, {
        email: "curta@agrosul.com.br",
        password: "curta",
        cnpj: "11.222.333/0001-81",
      }),
    ).rejects.toMatchObject({ kind: "invalid" });
    expect(await handle.db.select().from(companiesTable)).toEqual([]);
  });

  it("lists companies by name or CNPJ typed with or without punctuation, with their member counts", async () => {
    const agro = await companies.create({
      cnpj: "11.222.333/0001-81",
      legalName: "Agro Sul Ltda",
      tradeName: "AgroSul",
    });
    await companies.create({ cnpj: "12.ABC.345/01DE-35", legalName: "Indústria Norte S.A." });
    await createCustomer(accounts, companies, {
      email: "a@agro.com",
      password: "senha-forte-1",
      cnpj: agro.cnpj,
    });
    expect((await companies.list()).map((c) => [c.legalName, c.members])).toEqual([
      ["Agro Sul Ltda", 1],
      ["Indústria Norte S.A.", 0],
    ]);
    expect((await companies.list("agrosul")).map((c) => c.legalName)).toEqual(["Agro Sul Ltda"]);
    expect((await companies.list("12.abc")).map((c) => c.legalName)).toEqual(["Indústria Norte S.A."]);
    expect((await companies.list("222.333/0001")).map((c) => c.legalName)).toEqual(["Agro Sul Ltda"]);
    expect(await companies.list("100%_")).toEqual([]);
  });

  it("updates a company's data, plan and status, refusing another's CNPJ", async () => {
    const agro = await companies.create({ cnpj: "11.222.333/0001-81", legalName: "Agro Sul Ltda" });
    await companies.create({ cnpj: "12.ABC.345/01DE-35", legalName: "Outra" });
    const updated = await companies.update(STAFF, agro.id, { planId: "empresarial", tradeName: "Agro Sul" });
    expect(updated).toMatchObject({
      planId: "empresarial",
      tradeName: "Agro Sul",
      legalName: "Agro Sul Ltda",
    });
    expect(memberLimit(await companies.plan(updated.planId))).toBeNull();
    expect(memberLimit(await companies.plan("essencial"))).toBe(3);
    expect((await companies.update(STAFF, agro.id, { status: "suspended" })).status).toBe("suspended");
    await expect(companies.update(STAFF, agro.id, { cnpj: "12ABC34501DE35" })).rejects.toMatchObject({
      kind: "conflict",
    });
    await expect(companies.update(STAFF, "00000000-0000-0000-0000-000000000000", {})).rejects.toMatchObject({
      kind: "not-found",
    });
    expect(await companies.get("nao-e-um-id")).toBeNull();
  });
});

describe("npm run user:create with --company (decision 091)", () => {
  // Four command-line runs, each a process that opens the embedded database: over 30 s on a busy machine.
  it("creates the company when new and makes its first member the owner; a customer needs a company", {
    timeout: 90_000,
  }, async () => {
    const env = { DATA_DIR: await freshDataDir() };
    const refused = await runCli(
      ["user-create", "--email", "sem@empresa.com", "--password", "senha-forte-1", "--role", "customer"],
      env,
    );
    expect(refused.code).toBe(2);
    expect(refused.output).toContain("Um cliente pertence a uma empresa");
    const created = await runCli(
      [
        "user-create",
        "--email",
        "dona@agrosul.com.br",
        "--password",
        "senha-forte-1",
        "--role",
        "customer",
        "--name",
        "Dona Maria",
        "--company",
        "12abc34501de35",
        "--company-name",
        "Agro Sul Ltda",
      ],
      env,
    );
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain(
      "Usuário criado: dona@agrosul.com.br (cliente, proprietário de Agro Sul Ltda, CNPJ 12.ABC.345/01DE-35, empresa criada agora",
    );
    const second = await runCli(
      [
        "user-create",
        "--email",
        "ana@agrosul.com.br",
        "--password",
        "senha-forte-2",
        "--role",
        "customer",
        "--company",
        "12.ABC.345/01DE-35",
      ],
      env,
    );
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain("(cliente, membro de Agro Sul Ltda, CNPJ 12.ABC.345/01DE-35;");
    const staff = await runCli(
      [
        "user-create",
        "--email",
        "x@vertice.com",
        "--password",
        "senha-forte-1",
        "--role",
        "admin",
        "--company",
        "12ABC34501DE35",
      ],
      env,
    );
    expect(staff.code).toBe(2);
    expect(staff.output).toContain("Contas da equipe (admin) não pertencem a uma empresa.");
  });
});
