import { AuditLog } from "@server/admin/audit.ts";
import { PasswordResetService } from "@server/auth/password-reset.ts";
import { StaffAccountService } from "@server/auth/staff-accounts.ts";
import { AccountService } from "@server/auth/users.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { users } from "@server/db/schema.ts";
import type { Mailer } from "@server/platform/mail/message.ts";
import { CompanyService } from "@server/portal/companies.ts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { silentLogger, testClock } from "../support/lead-stack.ts";
import { testHasher } from "../support/passwords.ts";

afterAll(dropCreatedDatabases);

/** The accounts staff create on the admin's users screen (decision 135), below its HTTP. */
describe.each(databaseTargets())("accounts created by staff on $name", (target) => {
  let handle: DatabaseHandle;
  let mail: { to: string; subject: string; text: string }[];
  let audit: AuditLog;
  let companies: CompanyService;
  let accounts: AccountService;
  const staff = { email: "equipe@vertice.com", name: "Equipe Vértice" };

  const service = (mailer: Mailer) =>
    new StaffAccountService({
      accounts,
      companies,
      logger: silentLogger,
      passwordReset: new PasswordResetService({
        db: handle.db,
        hasher: testHasher,
        logger: silentLogger,
        mailer,
        publicBaseUrl: "https://www.example.com.br",
        now: testClock().now,
      }),
    });
  const withMail = () => service({ available: true, send: async (message) => void mail.push(message) });

  beforeEach(async () => {
    handle = await target.open();
    mail = [];
    audit = new AuditLog(handle.db);
    accounts = new AccountService({ db: handle.db, hasher: testHasher, audit });
    companies = new CompanyService({ db: handle.db, plans: { plans: async () => [] }, audit });
  });
  afterEach(async () => {
    await handle.close();
  });

  it("refuses the form's first wrong field, an invitation without e-mail and a customer without a CNPJ", async () => {
    expect(await withMail().create(staff, { email: "não é e-mail", role: "editor" })).toMatchObject({
      ok: false,
      refusal: "invalid",
      field: "email",
    });
    const noMail = service({ available: false, send: async () => {} });
    expect(await noMail.create(staff, { email: "a@example.com", role: "editor", access: "invite" })).toEqual({
      ok: false,
      refusal: "inviteUnavailable",
    });
    expect(await withMail().create(staff, { email: "b@example.com", role: "customer" })).toEqual({
      ok: false,
      refusal: "customerNeedsCompany",
    });
    expect(await accounts.userCount()).toBe(0);
  });

  it("an editor with a one-time password, hashed, recorded as user.create", async () => {
    const made = await withMail().create(staff, {
      email: "Editora@Example.com",
      name: "Editora",
      role: "editor",
    });
    if (!made.ok || made.access !== "password") throw new Error("not created with a password");
    expect(made.user).toMatchObject({ email: "editora@example.com", role: "editor", company: null });
    expect(made.password.length).toBeGreaterThanOrEqual(12);
    const [row] = await handle.db.select().from(users).where(eq(users.id, made.user.id));
    expect(row!.passwordHash).not.toContain(made.password);
    expect(await testHasher.verify(made.password, row!.passwordHash)).toBe(true);
    const [entry] = await audit.recent(5);
    expect(entry).toMatchObject({ actor: staff.email, action: "user.create", target: "editora@example.com" });
    expect(mail).toEqual([]);
  });

  it("a customer invited into the company of the CNPJ, created now; a taken e-mail is the domain's refusal", async () => {
    const made = await withMail().create(staff, {
      email: "cliente@example.com",
      role: "customer",
      cnpj: "11.222.333/0001-81",
      companyName: "Cliente Ltda",
      access: "invite",
    });
    expect(made).toMatchObject({ ok: true, access: "invite", sent: true });
    const company = await companies.findByCnpj("11222333000181");
    expect(company?.legalName).toBe("Cliente Ltda");
    expect(made.ok && made.user.company).toEqual({ id: company!.id, role: "owner" });
    expect(mail.map((message) => message.to)).toEqual(["cliente@example.com"]);
    await expect(
      withMail().create(staff, { email: "cliente@example.com", role: "editor" }),
    ).rejects.toMatchObject({ code: "auth.emailTaken" });
  });
});
