import { randomUUID } from "node:crypto";
import type { Plan } from "@domain/plans.ts";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import { Sealer } from "@server/auth/sealed.ts";
import { SessionService } from "@server/auth/sessions.ts";
import { TwoFactorService } from "@server/auth/two-factor.ts";
import { AccountService } from "@server/auth/users.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { users } from "@server/db/schema.ts";
import { CompanyService } from "@server/portal/companies.ts";
import { createCustomer } from "@server/portal/customers.ts";
import { INVITATIONS_PER_HOUR, MemberService, type PortalActor } from "@server/portal/members.ts";
import { MemoryWindowCounter } from "@server/rate/window-counter.ts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { testClock } from "../support/lead-stack.ts";
import { testHasher } from "../support/passwords.ts";

afterAll(dropCreatedDatabases);

/** The staff member who edits companies in the admin (the audit log records them). */
const STAFF = { email: "equipe@vertice.com.br" };

/** The hash of "senha-forte-1", made once for every account this file writes directly. */
const PASSWORD_HASH = testHasher.hash("senha-forte-1");

const plan = (id: string, usuarios: number | string): Plan =>
  ({ id, name: id === "essencial" ? "Essencial" : "Empresarial", limits: { usuarios } }) as unknown as Plan;

describe.each(databaseTargets())("a company's people on $name (decision 091)", (target) => {
  let handle: DatabaseHandle;
  let clock: ReturnType<typeof testClock>;
  let companies: CompanyService;
  let sessions: SessionService;
  let mail: { to: string; subject: string; text: string }[];
  let mailAvailable: boolean;
  let members: MemberService;
  let owner: PortalActor;
  let companyId: string;

  /**
   * A member of the company, written directly with a password hash made once for the file: a 32 MiB
   * scrypt hash per account made these tests starve the CPU that timing-bound tests beside them
   * need (createCustomer itself is tested in companies.test.ts).
   */
  async function person(email: string, role: CompanyRole): Promise<PortalActor> {
    const [user] = await handle.db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        username: email.split("@")[0]!.replace(/[^a-z0-9]/g, ""),
        name: email.split("@")[0]!,
        role: "customer",
        companyId,
        companyRole: role,
        passwordHash: await PASSWORD_HASH,
        preferences: {},
      })
      .returning();
    return { id: user!.id, name: user!.name, email: user!.email, companyId, role };
  }

  /** The token of the last invitation link, from the e-mail or the answer. */
  const tokenOf = (link: string | null) => /\/convite\/([A-Za-z0-9_-]+)/.exec(link ?? mail.at(-1)!.text)![1]!;

  beforeEach(async () => {
    handle = await target.open();
    clock = testClock();
    mail = [];
    mailAvailable = true;
    companies = new CompanyService({
      db: handle.db,
      plans: { plans: async () => [plan("essencial", 3), plan("empresarial", "Ilimitado")] },
      now: clock.now,
    });
    sessions = new SessionService({
      db: handle.db,
      hasher: testHasher,
      loginLimit: 100,
      loginCounter: new MemoryWindowCounter(),
      twoFactor: new TwoFactorService({
        db: handle.db,
        sealer: new Sealer("test-secret", "totp"),
        now: clock.now,
      }),
      now: clock.now,
    });
    members = new MemberService({
      db: handle.db,
      accounts: new AccountService({ db: handle.db, hasher: testHasher, now: clock.now }),
      companies,
      mailer: {
        get available() {
          return mailAvailable;
        },
        send: async (message) => void mail.push(message),
      },
      publicBaseUrl: "https://www.example.com.br",
      invitationCounter: new MemoryWindowCounter(3600_000, () => clock.now().getTime()),
      now: clock.now,
    });
    const company = await companies.create({
      cnpj: "11.222.333/0001-81",
      legalName: "Agro Sul Ltda",
      tradeName: "Agro Sul",
      planId: "essencial",
    });
    companyId = company.id;
    owner = await person("dona@agrosul.com.br", "owner");
  });
  afterEach(async () => {
    await handle.close();
  });

  it("invites by e-mail with a single-use link valid 7 days; the person names themself, chooses a password and is in", async () => {
    const sent = await members.invite(owner, { email: " Ana@AgroSul.com.br ", role: "finance" });
    expect(sent).toMatchObject({
      emailed: true,
      link: null,
      invitation: { email: "ana@agrosul.com.br", role: "finance" },
    });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe("ana@agrosul.com.br");
    expect(mail[0]!.subject).toBe("Convite para o portal da Agro Sul — Vértice");
    expect(mail[0]!.text).toContain(
      "dona convidou você para o Portal do Cliente da Vértice, na empresa Agro Sul, como financeiro.",
    );
    expect(mail[0]!.text).toContain("válido por 7 dias");
    const token = tokenOf(null);
    expect(await members.pending(token)).toEqual({
      email: "ana@agrosul.com.br",
      role: "finance",
      companyName: "Agro Sul",
    });

    await expect(members.accept(token, { name: "A", password: "senha-forte-2" })).rejects.toMatchObject({
      message: "Informe o seu nome (pelo menos 2 caracteres).",
    });
    const ana = await members.accept(token, { name: "Ana Lima", password: "senha-forte-2" });
    expect(ana.company).toEqual({ id: companyId, role: "finance" });
    expect((await sessions.login("ana@agrosul.com.br", "senha-forte-2", { remember: false })).user.name).toBe(
      "Ana Lima",
    );
    await expect(members.accept(token, { name: "Outra", password: "senha-forte-3" })).rejects.toMatchObject({
      kind: "not-found",
      message: "Este convite é inválido, já foi usado ou expirou. Peça um novo a quem convidou você.",
    });
    expect(await members.invitations(companyId)).toEqual([]);
  });

  it("without e-mail the inviter gets the link once; a resend replaces it; a revoked or expired link is dead", async () => {
    mailAvailable = false;
    const first = await members.invite(owner, { email: "bia@agrosul.com.br", role: "member" });
    expect(first.emailed).toBe(false);
    expect(first.link).toMatch(/^https:\/\/www\.example\.com\.br\/convite\/[A-Za-z0-9_-]{40,}$/);
    const again = await members.resend(owner, first.invitation.id);
    expect(again.invitation.id).toBe(first.invitation.id);
    await expect(members.pending(tokenOf(first.link))).rejects.toMatchObject({ kind: "not-found" });
    expect((await members.pending(tokenOf(again.link))).email).toBe("bia@agrosul.com.br");

    clock.advance(7 * 24 * 3600_000 + 1);
    await expect(members.pending(tokenOf(again.link))).rejects.toMatchObject({ kind: "not-found" });
    expect((await members.invitations(companyId))[0]!.expired).toBe(true);
    const renewed = await members.resend(owner, first.invitation.id);
    expect((await members.pending(tokenOf(renewed.link))).email).toBe("bia@agrosul.com.br");
    await members.revoke(owner, first.invitation.id);
    await expect(members.pending(tokenOf(renewed.link))).rejects.toMatchObject({ kind: "not-found" });
    expect(await members.invitations(companyId)).toEqual([]);
  });

  it("says so when the address already has an account, here or elsewhere", async () => {
    await person("ze@agrosul.com.br", "member");
    await expect(members.invite(owner, { email: "ze@agrosul.com.br", role: "member" })).rejects.toMatchObject(
      {
        kind: "conflict",
        message: "ze@agrosul.com.br já faz parte da sua empresa.",
      },
    );
    await createCustomer(new AccountService({ db: handle.db, hasher: testHasher }), companies, {
      email: "outro@norte.com.br",
      password: "senha-forte-1",
      cnpj: "12ABC34501DE35",
    });
    await expect(
      members.invite(owner, { email: "outro@norte.com.br", role: "member" }),
    ).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("Já existe uma conta com o e-mail outro@norte.com.br"),
    });
  });

  it("holds the plan's user limit, counting open invitations, and names it", async () => {
    await members.invite(owner, { email: "a@agrosul.com.br", role: "member" });
    await members.invite(owner, { email: "b@agrosul.com.br", role: "member" });
    await expect(members.invite(owner, { email: "c@agrosul.com.br", role: "member" })).rejects.toMatchObject({
      kind: "conflict",
      message:
        "O plano Essencial permite até 3 usuários, contando os convites em aberto. Remova alguém, cancele um convite ou mude de plano.",
    });
    // A resend of an open invitation takes no new place.
    const [a] = await members.invitations(companyId);
    await members.resend(owner, a!.id);
    await companies.update(STAFF, companyId, { planId: "empresarial" });
    await members.invite(owner, { email: "c@agrosul.com.br", role: "member" });
  });

  it("lets owners give any role and admins any but owner; the last owner stays; finance and members manage nobody", async () => {
    const admin = await person("adm@agrosul.com.br", "admin");
    const member = await person("mem@agrosul.com.br", "member");
    const finance = await person("fin@agrosul.com.br", "finance");
    await expect(members.invite(admin, { email: "x@agrosul.com.br", role: "owner" })).rejects.toMatchObject({
      kind: "forbidden",
      message: "Somente um proprietário pode nomear outro proprietário.",
    });
    await expect(members.changeRole(admin, owner.id, "member")).rejects.toMatchObject({ kind: "forbidden" });
    await expect(members.changeRole(member, finance.id, "member")).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(
      members.invite(finance, { email: "y@agrosul.com.br", role: "member" }),
    ).rejects.toMatchObject({
      kind: "forbidden",
    });
    await members.changeRole(admin, member.id, "finance");
    await expect(members.changeRole(owner, owner.id, "admin")).rejects.toMatchObject({
      kind: "conflict",
      message: "A empresa precisa de pelo menos um proprietário: nomeie outro antes.",
    });
    await members.changeRole(owner, admin.id, "owner");
    await members.changeRole(owner, owner.id, "admin");
    const roles = Object.fromEntries((await companies.members(companyId)).map((m) => [m.email, m.role]));
    expect(roles).toEqual({
      "dona@agrosul.com.br": "admin",
      "adm@agrosul.com.br": "owner",
      "mem@agrosul.com.br": "finance",
      "fin@agrosul.com.br": "finance",
    });
  });

  it("removes a member at once (sessions end, the account goes), never the last owner nor oneself", async () => {
    const ana = await person("ana@agrosul.com.br", "member");
    const { token } = await sessions.login("ana@agrosul.com.br", "senha-forte-1", { remember: false });
    expect(await members.remove(owner, ana.id)).toEqual({ email: "ana@agrosul.com.br" });
    expect(await sessions.userForToken(token)).toBeNull();
    expect(await handle.db.select().from(users).where(eq(users.id, ana.id))).toEqual([]);
    await expect(members.remove(owner, owner.id)).rejects.toMatchObject({
      message: "Você não pode remover a si mesmo.",
    });
    const second = await person("dono2@agrosul.com.br", "owner");
    await members.changeRole(second, owner.id, "member");
    await expect(members.changeRole(second, second.id, "member")).rejects.toMatchObject({ kind: "conflict" });
  });

  it("treats another company's member or invitation as not found", async () => {
    const { user, company } = await createCustomer(
      new AccountService({ db: handle.db, hasher: testHasher }),
      companies,
      {
        email: "dono@norte.com.br",
        password: "senha-forte-1",
        cnpj: "12ABC34501DE35",
      },
    );
    const other: PortalActor = {
      id: user.id,
      name: user.name,
      email: user.email,
      companyId: company.id,
      role: "owner",
    };
    const sent = await members.invite(owner, { email: "novo@agrosul.com.br", role: "member" });
    await expect(members.remove(other, owner.id)).rejects.toMatchObject({ kind: "not-found" });
    await expect(members.changeRole(other, owner.id, "member")).rejects.toMatchObject({ kind: "not-found" });
    await expect(members.revoke(other, sent.invitation.id)).rejects.toMatchObject({ kind: "not-found" });
    await expect(members.resend(other, sent.invitation.id)).rejects.toMatchObject({ kind: "not-found" });
    await expect(members.remove(owner, "nao-e-um-id")).rejects.toMatchObject({ kind: "not-found" });
  });

  it(`limits invitations to ${INVITATIONS_PER_HOUR} an hour per company`, async () => {
    await companies.update(STAFF, companyId, { planId: "empresarial" });
    mailAvailable = false;
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      await members.invite(owner, { email: `p${i}@agrosul.com.br`, role: "member" });
    }
    await expect(
      members.invite(owner, { email: "demais@agrosul.com.br", role: "member" }),
    ).rejects.toMatchObject({
      kind: "rate-limited",
    });
    clock.advance(3600_000);
    await members.invite(owner, { email: "demais@agrosul.com.br", role: "member" });
  });
});
