import { Sealer } from "@server/auth/sealed.ts";
import { queueNewDeviceMail } from "@server/auth/security-mail.ts";
import { SessionService } from "@server/auth/sessions.ts";
import { TOTP_PERIOD_SECONDS, TwoFactorService, timeStepAt } from "@server/auth/two-factor.ts";
import { AccountService } from "@server/auth/users.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryJobs, recoveryCodes, users } from "@server/db/schema.ts";
import { CompanyService } from "@server/portal/companies.ts";
import { createCustomer } from "@server/portal/customers.ts";
import { MemoryWindowCounter } from "@server/rate/window-counter.ts";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { testClock } from "../support/lead-stack.ts";
import { testHasher } from "../support/passwords.ts";

afterAll(dropCreatedDatabases);

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe.each(databaseTargets())("two-factor sign-in and sessions on $name (decision 112)", (target) => {
  let handle: DatabaseHandle;
  let clock: ReturnType<typeof testClock>;
  let twoFactor: TwoFactorService;
  let sessions: SessionService;
  let accounts: AccountService;
  const admin = { email: "ana@vertice.local", password: "senha-da-ana-1" };
  const customer = { email: "carla@example.com", password: "senha-forte-1" };

  const code = (secret: string, stepOffset = 0) =>
    generate({ secret, epoch: (timeStepAt(clock.now()) + stepOffset) * TOTP_PERIOD_SECONDS });
  const login = (
    who: { email: string; password: string },
    extra: { code?: string; userAgent?: string; network?: string } = {},
  ) =>
    sessions.login(who.email, who.password, {
      remember: false,
      userAgent: CHROME_WINDOWS,
      network: "203.0.113.0/24",
      ...extra,
    });

  /** Sets up two-factor for an account: its secret and recovery codes. */
  async function enrol(email: string) {
    const [row] = await handle.db.select().from(users).where(eq(users.email, email));
    const setup = await twoFactor.beginSetup({ id: row!.id, email }, "sessao-1");
    const codes = await twoFactor.confirmSetup(row!.id, await code(setup.secret), "sessao-1");
    // Two steps on: the step before "now" has not been used either.
    clock.advance(2 * TOTP_PERIOD_SECONDS * 1000);
    return { userId: row!.id, secret: setup.secret, codes };
  }

  beforeEach(async () => {
    handle = await target.open();
    clock = testClock();
    twoFactor = new TwoFactorService({
      db: handle.db,
      sealer: new Sealer("segredo-de-teste", "totp"),
      now: clock.now,
    });
    sessions = new SessionService({
      db: handle.db,
      hasher: testHasher,
      loginLimit: 50,
      loginCounter: new MemoryWindowCounter(60_000, () => clock.now().getTime()),
      twoFactor,
      onNewStaffDevice: queueNewDeviceMail(handle.db, "https://www.example.com.br", () => {}),
      now: clock.now,
    });
    accounts = new AccountService({ db: handle.db, hasher: testHasher, now: clock.now });
    await accounts.createUser({ ...admin, role: "admin", name: "Ana Admin" });
    const companies = new CompanyService({ db: handle.db, plans: { plans: async () => [] }, now: clock.now });
    await createCustomer(accounts, companies, {
      ...customer,
      name: "Carla Mendes",
      cnpj: "11.222.333/0001-81",
      companyName: "Mendes Ltda",
    });
  });
  afterEach(async () => {
    await handle.close();
  });

  it("a staff account without two-factor gets a session that opens only its set-up", async () => {
    const signedIn = await login(admin);
    expect(signedIn.twoFactorSetupRequired).toBe(true);
    expect(await sessions.userForToken(signedIn.token)).toBeNull();
    const session = await sessions.sessionForToken(signedIn.token);
    expect(session).toMatchObject({ twoFactorSetupRequired: true, user: { email: admin.email } });
    // A customer chooses: no set-up owed.
    expect((await login(customer)).twoFactorSetupRequired).toBe(false);
  });

  it("set-up: the secret is kept sealed, confirmed by a code, with ten recovery codes stored as hashes", async () => {
    const [row] = await handle.db.select().from(users).where(eq(users.email, admin.email));
    const setup = await twoFactor.beginSetup({ id: row!.id, email: admin.email }, "sessao-1");
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    // A reload shows the same secret: the app already scanned it.
    expect((await twoFactor.beginSetup({ id: row!.id, email: admin.email }, "sessao-1")).secret).toBe(
      setup.secret,
    );
    // Another session (someone else with the password) gets a secret of its own, and the first
    // session's one no longer confirms: nobody reads a secret its owner is about to confirm.
    const other = await twoFactor.beginSetup({ id: row!.id, email: admin.email }, "sessao-2");
    expect(other.secret).not.toBe(setup.secret);
    await expect(twoFactor.confirmSetup(row!.id, await code(other.secret), "sessao-1")).rejects.toMatchObject(
      {
        kind: "invalid",
      },
    );
    expect((await twoFactor.beginSetup({ id: row!.id, email: admin.email }, "sessao-1")).secret).not.toBe(
      setup.secret,
    );
    const mine = await twoFactor.beginSetup({ id: row!.id, email: admin.email }, "sessao-1");
    const [stored] = await handle.db.select().from(users).where(eq(users.id, row!.id));
    expect(stored!.totpPendingSecret).not.toContain(setup.secret);
    await expect(twoFactor.confirmSetup(row!.id, "000000", "sessao-1")).rejects.toMatchObject({
      kind: "invalid",
    });
    const codes = await twoFactor.confirmSetup(row!.id, await code(mine.secret), "sessao-1");
    expect(codes).toHaveLength(10);
    const hashes = await handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id));
    expect(hashes).toHaveLength(10);
    for (const c of codes) expect(JSON.stringify(hashes)).not.toContain(c);
    const [enabled] = await handle.db.select().from(users).where(eq(users.id, row!.id));
    expect(enabled!.totpSecret).not.toContain(mine.secret);
    expect(enabled!.totpPendingSecret).toBeNull();
    await expect(twoFactor.beginSetup({ id: row!.id, email: admin.email }, "sessao-1")).rejects.toMatchObject(
      {
        kind: "conflict",
      },
    );
  });

  it("sign-in asks the code after the password, accepts one step either side, never the same code twice", async () => {
    const { secret } = await enrol(admin.email);
    await expect(login(admin)).rejects.toMatchObject({
      kind: "unauthenticated",
      details: { twoFactorRequired: true },
    });
    await expect(login(admin, { code: "123456" })).rejects.toMatchObject({
      details: { twoFactorRequired: true },
    });
    // A wrong password with a right code is still the same refusal as any wrong password.
    await expect(
      sessions.login(admin.email, "senha-errada", { remember: false, code: await code(secret) }),
    ).rejects.toMatchObject({ kind: "unauthenticated", details: undefined });
    const early = await code(secret, -1);
    const signedIn = await login(admin, { code: early });
    expect(signedIn.twoFactorSetupRequired).toBe(false);
    expect(await sessions.userForToken(signedIn.token)).toMatchObject({ email: admin.email });
    await expect(login(admin, { code: early })).rejects.toMatchObject({
      details: { twoFactorRequired: true },
    });
    await login(admin, { code: await code(secret, 1) });
    // The current step is now behind the last one used: refused as well.
    await expect(login(admin, { code: await code(secret) })).rejects.toMatchObject({
      kind: "unauthenticated",
    });
    await expect(login(admin, { code: await code(secret, 2) })).rejects.toMatchObject({
      kind: "unauthenticated",
    });
  });

  it("a recovery code signs in once, typed any way", async () => {
    const { userId, codes } = await enrol(admin.email);
    await login(admin, { code: codes[0]!.toUpperCase().replace("-", " ") });
    await expect(login(admin, { code: codes[0] })).rejects.toMatchObject({ kind: "unauthenticated" });
    expect((await twoFactor.status(userId)).recoveryCodesLeft).toBe(9);
  });

  it("staff cannot turn two-factor off; a customer can, with a code; new recovery codes replace the old", async () => {
    const staff = await enrol(admin.email);
    await expect(
      twoFactor.disable({ id: staff.userId, role: "admin" }, await code(staff.secret)),
    ).rejects.toMatchObject({
      kind: "forbidden",
    });
    const fresh = await twoFactor.regenerateRecoveryCodes(staff.userId, staff.codes[1]!);
    expect(fresh).toHaveLength(10);
    await expect(login(admin, { code: staff.codes[2] })).rejects.toMatchObject({ kind: "unauthenticated" });
    await login(admin, { code: fresh[0] });

    const carla = await enrol(customer.email);
    await expect(twoFactor.disable({ id: carla.userId, role: "customer" }, "000000")).rejects.toMatchObject({
      kind: "invalid",
    });
    await twoFactor.disable({ id: carla.userId, role: "customer" }, await code(carla.secret));
    expect(await twoFactor.status(carla.userId)).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    expect((await login(customer)).twoFactorSetupRequired).toBe(false);
  });

  it("lists a person's active sessions, current first, and ends one or all the others", async () => {
    const first = await login(customer);
    clock.advance(60_000);
    const phone = await login(customer, { userAgent: SAFARI_IPHONE, network: "198.51.100.0/24" });
    const third = await login(customer);
    const listed = await sessions.list(first.user.id, phone.token);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true, userAgent: SAFARI_IPHONE, network: "198.51.100.0/24" });
    expect(JSON.stringify(listed)).not.toContain(phone.token);
    const firstId = listed.find(
      (s) => !s.current && s.createdAt === new Date(Date.parse("2026-11-22T12:00:00Z")).toISOString(),
    )!.id;
    await sessions.revoke(first.user.id, firstId);
    expect(await sessions.userForToken(first.token)).toBeNull();
    // Another person's session is not found, whatever its id.
    const other = (await sessions.list(first.user.id, null)).find((s) => s.userAgent === CHROME_WINDOWS)!;
    const [adminRow] = await handle.db.select().from(users).where(eq(users.email, admin.email));
    await expect(sessions.revoke(adminRow!.id, other.id)).rejects.toMatchObject({ kind: "not-found" });
    expect(await sessions.revokeOthers(first.user.id, phone.token)).toBe(1);
    expect(await sessions.userForToken(third.token)).toBeNull();
    expect(await sessions.userForToken(phone.token)).not.toBeNull();
  });

  it("records when a session was last used, at most every few minutes", async () => {
    const signedIn = await login(customer);
    clock.advance(60_000);
    await sessions.userForToken(signedIn.token);
    const [before] = await sessions.list(signedIn.user.id, signedIn.token);
    expect(before!.lastUsedAt).toBe(before!.createdAt);
    clock.advance(5 * 60_000);
    await sessions.userForToken(signedIn.token);
    const [after] = await sessions.list(signedIn.user.id, signedIn.token);
    expect(after!.lastUsedAt).toBe(clock.now().toISOString());
  });

  it("a password change needs the current one and ends every other session", async () => {
    const here = await login(customer);
    const there = await login(customer, { userAgent: SAFARI_IPHONE });
    await expect(
      sessions.changePassword(here.user.id, "errada", "nova-senha-1", here.token),
    ).rejects.toMatchObject({
      kind: "invalid",
    });
    await expect(
      sessions.changePassword(here.user.id, customer.password, "curta", here.token),
    ).rejects.toMatchObject({
      kind: "invalid",
    });
    expect(await sessions.changePassword(here.user.id, customer.password, "nova-senha-1", here.token)).toBe(
      1,
    );
    expect(await sessions.userForToken(there.token)).toBeNull();
    expect(await sessions.userForToken(here.token)).not.toBeNull();
    await expect(login(customer)).rejects.toMatchObject({ kind: "unauthenticated" });
    await sessions.login(customer.email, "nova-senha-1", { remember: false });
  });

  it("e-mails a staff member when a new device signs in, not at the first sign-in nor from a known one", async () => {
    const { secret } = await enrol(admin.email);
    const mails = async () =>
      (await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.kind, "mail"))).map(
        (job) => job.payload as { to: string; subject: string; text: string },
      );
    await login(admin, { code: await code(secret) });
    expect(await mails()).toHaveLength(0);
    clock.advance(TOTP_PERIOD_SECONDS * 1000);
    await login(admin, { code: await code(secret) });
    expect(await mails()).toHaveLength(0);
    clock.advance(TOTP_PERIOD_SECONDS * 1000);
    await login(admin, { code: await code(secret), userAgent: SAFARI_IPHONE, network: "198.51.100.0/24" });
    const [mail] = await mails();
    expect(mail).toMatchObject({ to: admin.email, subject: "Novo acesso à sua conta Vértice" });
    expect(mail!.text).toContain("Safari no iPhone, rede 198.51.100.0/24");
    expect(mail!.text).toContain("https://www.example.com.br/admin/conta");
    // Customers are not e-mailed (decision 112: the e-mail is for staff accounts).
    await login(customer);
    await login(customer, { userAgent: SAFARI_IPHONE, network: "198.51.100.0/24" });
    expect(await mails()).toHaveLength(1);
  });

  it("the operator's reset removes the second factor: staff set it up again", async () => {
    const { userId } = await enrol(admin.email);
    await twoFactor.clear(userId);
    expect(await twoFactor.status(userId)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await login(admin)).twoFactorSetupRequired).toBe(true);
  });
});
