import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  demoAccounts,
  loginToken,
  runCli,
  type ServerProcess,
  sessionCookieToken,
  setUpTwoFactor,
  startServerProcess,
  tempDataDir,
} from "../support/server-process.ts";
import { nextSignInCode } from "../support/two-factor.ts";

/**
 * The login API's two-factor contract (decision 112) against the built server: a staff account without
 * a second factor gets no token (403 setupRequired) and a session that opens only its set-up; with
 * one, 401 twoFactorRequired until `code` is right, never the same code twice; the operator's
 * `user:reset-2fa` takes it away again.
 */
describe("POST /api/auth/login with two-factor", () => {
  const dataDir = tempDataDir();
  let server: ServerProcess;
  let admin: { email: string; password: string };
  let customer: { email: string; password: string };
  const login = (body: Record<string, unknown>) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, LOGIN_RATE_LIMIT_PER_MINUTE: "100" });
    ({ admin, customer } = demoAccounts(server));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a staff account without it: 403 setupRequired, no token, a session that opens only the set-up", async () => {
    const response = await login(admin);
    expect(response.status).toBe(403);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      message:
        "Contas da equipe precisam da verificação em duas etapas. Entre pelo navegador e configure-a para continuar.",
      setupRequired: true,
    });
    const setupSession = sessionCookieToken(response);
    for (const path of ["/api/users/profile", "/api/json/files", "/api/json/user-dashboard"]) {
      const api = await callApi(server.url, path, { token: setupSession });
      expect(api.status, path).toBe(403);
      expect(await api.json(), path).toMatchObject({ setupRequired: true });
    }
    for (const path of ["/admin/leads", "/dashboard", "/user/dashboard"]) {
      const page = await callApi(server.url, path, { token: setupSession });
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe(
        `/conta/dois-fatores?redirectTo=${encodeURIComponent(path)}`,
      );
    }
    const setupPage = await callApi(server.url, "/conta/dois-fatores", { token: setupSession });
    expect(setupPage.status).toBe(200);
    // The page holds the secret: no cache may keep it.
    expect(setupPage.headers.get("cache-control")).toContain("no-store");
    await setUpTwoFactor(server.url, admin.email, setupSession);
    // Once set up, that same session opens the admin.
    expect((await callApi(server.url, "/api/json/files", { token: setupSession })).status).toBe(200);
  });

  it("with it: 401 twoFactorRequired until the code is right; the code works once", async () => {
    const bare = await login(admin);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({
      message: "Informe o código do seu aplicativo autenticador.",
      twoFactorRequired: true,
    });
    expect(bare.headers.get("set-cookie")).toBeNull();
    const wrong = await login({ ...admin, code: "000000" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ twoFactorRequired: true });
    const code = await nextSignInCode(server.url, admin.email);
    const right = await login({ ...admin, code });
    expect(right.status).toBe(200);
    const { token, user } = (await right.json()) as { token: string; user: Record<string, unknown> };
    expect(user).toMatchObject({ email: admin.email, role: "admin" });
    expect(JSON.stringify(user)).not.toMatch(/totp|secret|recovery/i);
    expect((await callApi(server.url, "/api/json/files", { token })).status).toBe(200);
    const again = await login({ ...admin, code });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ twoFactorRequired: true });
    // A wrong password is a wrong password, code or not: no hint that the account has a second factor.
    const badPassword = await login({ email: admin.email, password: "senha-errada", code });
    expect(badPassword.status).toBe(401);
    expect(await badPassword.json()).toEqual({ message: "Credenciais inválidas, tente novamente." });
    // A code of the wrong shape is a 400 naming the field.
    const long = await login({ ...admin, code: "1".repeat(50) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toContain("code");
  });

  it("a customer without it signs in with the password alone", async () => {
    expect(await loginToken(server.url, customer.email, customer.password)).toMatch(/^[\w-]{40,}$/);
  });

  it("the set-up page speaks a customer's chosen language; staff read it in Portuguese, like the admin", async () => {
    const page = (token: string, init: RequestInit = {}) =>
      fetch(`${server.url}/conta/dois-fatores`, {
        ...init,
        redirect: "manual",
        headers: { Authorization: `Bearer ${token}`, Cookie: "lang=en", Origin: server.url, ...init.headers },
      });
    const customerToken = await loginToken(server.url, customer.email, customer.password);
    const english = await page(customerToken);
    expect(english.status).toBe(200);
    const html = await english.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("<title>Turn on two-step verification | ");
    expect(html).toContain(">Turn on two-step verification</h1>");
    expect(html).toContain(">Code</label>");
    expect(html).not.toContain("Ative a verificação em duas etapas");
    const wrong = await page(customerToken, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "code=000000",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Invalid or already used code.");

    // The admin turned it on above: the page says so, in Portuguese despite the English cookie.
    const staff = await (await page(await loginToken(server.url, admin.email, admin.password))).text();
    expect(staff).toContain('<html lang="pt-BR"');
    expect(staff).toContain(">Verificação em duas etapas ativada</h1>");
  });

  it("npm run user:reset-2fa removes it and ends the sessions; staff set it up again", async () => {
    const token = await loginToken(server.url, admin.email, admin.password);
    await server.stop();
    const unknown = await runCli(["user-reset-2fa", "--email", "ninguem@example.com"], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("Usuário não encontrado.");
    const reset = await runCli(["user-reset-2fa", "--email", admin.email.toUpperCase()], {
      DATA_DIR: dataDir,
    });
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output).toMatch(
      new RegExp(`Verificação em duas etapas removida de ${admin.email} \\(\\d+ sessões encerradas\\)`),
    );
    server = await startServerProcess({ DATA_DIR: dataDir, LOGIN_RATE_LIMIT_PER_MINUTE: "100" });
    expect((await callApi(server.url, "/api/users/profile", { token })).status).toBe(401);
    const again = await login(admin);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ setupRequired: true });
    // A server stopped, two commands on its embedded database and a server started again: about 15 s
    // on a quiet machine, twice that on a busy one.
  }, 60_000);
});
