import { randomBytes, scryptSync } from "node:crypto";
import { PasswordResetService, RESETS_PER_WINDOW } from "@server/auth/password-reset.ts";
import { Sealer } from "@server/auth/sealed.ts";
import { SessionService } from "@server/auth/sessions.ts";
import { hashToken } from "@server/auth/tokens.ts";
import { TwoFactorService } from "@server/auth/two-factor.ts";
import { AccountService } from "@server/auth/users.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { passwordResets, sessions, users } from "@server/db/schema.ts";
import type { Mailer } from "@server/platform/mail/message.ts";
import { CompanyService } from "@server/portal/companies.ts";
import { createCustomer } from "@server/portal/customers.ts";
import { MemoryWindowCounter } from "@server/rate/window-counter.ts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { silentLogger, testClock } from "../support/lead-stack.ts";
import { testHasher } from "../support/passwords.ts";

afterAll(dropCreatedDatabases);

describe.each(databaseTargets())("accounts and sessions on $name", (target) => {
  let handle: DatabaseHandle;
  let clock: ReturnType<typeof testClock>;
  let mail: { to: string; subject: string; text: string }[];
  let auth: {
    accounts: AccountService;
    sessions: SessionService;
    passwordReset: PasswordResetService;
  };

  beforeEach(async () => {
    handle = await target.open();
    clock = testClock();
    mail = [];
    const mailer: Mailer = { available: true, send: async (message) => void mail.push(message) };
    auth = {
      accounts: new AccountService({ db: handle.db, hasher: testHasher, now: clock.now }),
      sessions: new SessionService({
        db: handle.db,
        hasher: testHasher,
        loginLimit: 5,
        loginCounter: new MemoryWindowCounter(60_000, () => clock.now().getTime()),
        twoFactor: new TwoFactorService({
          db: handle.db,
          sealer: new Sealer("test-secret", "totp"),
          now: clock.now,
        }),
        now: clock.now,
      }),
      passwordReset: new PasswordResetService({
        db: handle.db,
        hasher: testHasher,
        logger: silentLogger,
        mailer,
        publicBaseUrl: "https://www.example.com.br",
        now: clock.now,
      }),
    };
    const companies = new CompanyService({ db: handle.db, plans: { plans: async () => [] }, now: clock.now });
    await createCustomer(auth.accounts, companies, {
      email: "Carla@Example.com",
      password: "senha-forte-1",
      name: "Carla Mendes",
      cnpj: "11.222.333/0001-81",
      companyName: "Mendes Ltda",
    });
  });
  afterEach(async () => {
    await handle.close();
  });

  it("stores the password only as a scrypt hash and the session only as a token hash", async () => {
    const { token } = await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false });
    const [user] = await handle.db.select().from(users);
    // At the hasher's cost (the tests' cheap one; production's is asserted in passwords.test.ts).
    const { N, r, p } = testHasher.cost;
    expect(user!.passwordHash).toMatch(
      new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`),
    );
    expect(user!.passwordHash).not.toContain("senha-forte-1");
    const rows = await handle.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("a password hashed at the earlier, lower cost is rehashed at today's at the next sign-in", async () => {
    // Today's cost is the hasher's; the earlier one had p=1 where it has 3.
    const { N, r, p } = testHasher.cost;
    const salt = randomBytes(16);
    const key = scryptSync("senha-forte-1", salt, 32, { N, r, p: 1, maxmem: 64 * 1024 * 1024 });
    const older = ["scrypt", N, r, 1, salt.toString("base64"), key.toString("base64")].join("$");
    await handle.db.update(users).set({ passwordHash: older });
    await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false });
    const [user] = await handle.db.select().from(users);
    expect(user!.passwordHash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    // The new hash still signs in.
    await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false });
  });

  it("signs in case-insensitively and answers the same for an unknown e-mail and a wrong password", async () => {
    const ok = await auth.sessions.login("  CARLA@example.com ", "senha-forte-1", { remember: false });
    expect(ok.user).toMatchObject({
      email: "carla@example.com",
      name: "Carla Mendes",
      username: "carla",
      role: "customer",
    });
    expect(ok.user).not.toHaveProperty("passwordHash");
    const wrong = await auth.sessions
      .login("carla@example.com", "errada", { remember: false })
      .catch((e) => e);
    const unknown = await auth.sessions
      .login("ninguem@example.com", "senha-forte-1", { remember: false })
      .catch((e) => e);
    for (const error of [wrong, unknown]) {
      expect(error).toMatchObject({
        kind: "unauthenticated",
        message: "Credenciais inválidas, tente novamente.",
      });
    }
  });

  it("expires sessions after 12 hours, or 30 days with 'Lembrar de mim'", async () => {
    const short = await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false });
    const long = await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: true });
    clock.advance(12 * 3600_000 - 1000);
    expect(await auth.sessions.userForToken(short.token)).not.toBeNull();
    clock.advance(2000);
    expect(await auth.sessions.userForToken(short.token)).toBeNull();
    expect(await auth.sessions.userForToken(long.token)).not.toBeNull();
    clock.advance(30 * 24 * 3600_000);
    expect(await auth.sessions.userForToken(long.token)).toBeNull();
  });

  it("revokes a session on logout", async () => {
    const a = await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false });
    const b = await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false });
    await auth.sessions.logout(a.token);
    expect(await auth.sessions.userForToken(a.token)).toBeNull();
    expect(await auth.sessions.userForToken(b.token)).not.toBeNull();
    expect(await auth.sessions.userForToken("x".repeat(43))).toBeNull();
  });

  it("limits sign-in attempts per e-mail per minute", async () => {
    for (let i = 0; i < 5; i++)
      await auth.sessions.login("carla@example.com", "errada", { remember: false }).catch(() => {});
    const limited = await auth.sessions
      .login("carla@example.com", "senha-forte-1", { remember: false })
      .catch((e) => e);
    expect(limited).toMatchObject({
      kind: "rate-limited",
      message: "Muitas tentativas de login. Aguarde um minuto e tente novamente.",
    });
    clock.advance(60_000);
    expect(
      (await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false })).user.email,
    ).toBe("carla@example.com");
  });

  it("resets a password with a single-use, expiring link and signs the user out everywhere", async () => {
    const session = await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: true });
    await auth.passwordReset.request("nao-existe@example.com");
    expect(mail).toHaveLength(0);
    await auth.passwordReset.request("CARLA@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe("carla@example.com");
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail[0]!.text)![1]!;
    expect(mail[0]!.text).toContain(`https://www.example.com.br/reset-password?token=${token}`);
    const stored = await handle.db.select().from(passwordResets);
    expect(stored[0]!.tokenHash).toBe(hashToken(token));

    await expect(auth.passwordReset.reset(token, "curta")).rejects.toMatchObject({ kind: "invalid" });
    const user = await auth.passwordReset.reset(token, "nova-senha-2");
    expect(user.email).toBe("carla@example.com");
    expect(await auth.sessions.userForToken(session.token)).toBeNull();
    await expect(auth.passwordReset.reset(token, "outra-senha-3")).rejects.toMatchObject({
      kind: "invalid",
      message: "Este link de redefinição é inválido ou já expirou. Peça um novo.",
    });
    await expect(
      auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false }),
    ).rejects.toMatchObject({ kind: "unauthenticated" });
    expect(
      (await auth.sessions.login("carla@example.com", "nova-senha-2", { remember: false })).user.email,
    ).toBe("carla@example.com");

    await auth.passwordReset.request("carla@example.com");
    const late = /token=([A-Za-z0-9_-]+)/.exec(mail[1]!.text)![1]!;
    clock.advance(3600_000 + 1);
    await expect(auth.passwordReset.reset(late, "mais-uma-4")).rejects.toMatchObject({ kind: "invalid" });
  });

  it(`sends at most ${RESETS_PER_WINDOW} reset links an hour to one account`, async () => {
    for (let i = 0; i < RESETS_PER_WINDOW + 2; i++) await auth.passwordReset.request("carla@example.com");
    expect(mail).toHaveLength(RESETS_PER_WINDOW);
    clock.advance(3600_000 + 1);
    await auth.passwordReset.request("carla@example.com");
    expect(mail).toHaveLength(RESETS_PER_WINDOW + 1);
  });

  it("refuses a second account with the same e-mail, in any case", async () => {
    await expect(
      auth.accounts.createUser({ email: "CARLA@EXAMPLE.COM", password: "outra-senha", role: "admin" }),
    ).rejects.toMatchObject({ kind: "conflict" });
    const second = await auth.accounts.createUser({
      email: "carla@outra.com",
      password: "outra-senha",
      role: "admin",
    });
    expect(second.username).toBe("carla2");
    const [row] = await handle.db.select().from(users).where(eq(users.id, second.id));
    expect(row!.role).toBe("admin");
  });

  it("an admin deactivates an account: no sign-in, no session; staff roles change; sessions end everywhere", async () => {
    const session = await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false });
    const [carla] = (await auth.accounts.list()).filter((u) => u.email === "carla@example.com");
    expect(carla).toMatchObject({ role: "customer", disabled: false });
    expect(carla).not.toHaveProperty("passwordHash");
    await auth.accounts.setDisabled(carla!.id, true);
    expect(await auth.sessions.userForToken(session.token)).toBeNull();
    await expect(
      auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false }),
    ).rejects.toMatchObject({ kind: "unauthenticated", message: "Credenciais inválidas, tente novamente." });
    await auth.accounts.setDisabled(carla!.id, false);
    const again = await auth.sessions.login("carla@example.com", "senha-forte-1", { remember: false });
    // Customers and staff are separate accounts (decision 091): a customer is never made staff.
    await expect(auth.accounts.setRole(carla!.id, "admin")).rejects.toMatchObject({
      kind: "invalid",
      message: "Clientes e equipe são contas separadas: crie uma conta da equipe para esta pessoa.",
    });
    const staff = await auth.accounts.createUser({
      email: "dora@example.com",
      password: "senha-forte-2",
      role: "admin",
    });
    expect((await auth.accounts.setRole(staff.id, "editor")).role).toBe("editor");
    expect((await auth.accounts.setRole(staff.id, "admin")).role).toBe("admin");
    expect(await auth.sessions.revokeAll({ email: "admin@example.com" }, carla!.id)).toBe(2);
    expect(await auth.sessions.userForToken(again.token)).toBeNull();
    await expect(
      auth.accounts.setRole("00000000-0000-0000-0000-000000000000", "admin"),
    ).rejects.toMatchObject({
      kind: "not-found",
    });
  });
});
