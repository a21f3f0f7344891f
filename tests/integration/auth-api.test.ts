import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

/** The auth API over HTTP, against the demo accounts a fresh embedded database gets at start. */
describe("auth API over HTTP", () => {
  let server: ServerProcess;
  let customer: { email: string; password: string };
  const call = (path: string, init: RequestInit = {}) =>
    fetch(server.url + path, { redirect: "manual", ...init });
  const login = (body: unknown) =>
    call("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startServerProcess({ LOGIN_RATE_LIMIT_PER_MINUTE: "9" });
    const match = /cliente: (\S+) \/ (\S+)/.exec(server.output());
    if (!match) throw new Error(`no demo credentials printed:\n${server.output()}`);
    customer = { email: match[1]!, password: match[2]! };
  });
  afterAll(async () => {
    await server.stop();
  });

  it("signs in: the token, the user without secrets, and an httpOnly SameSite=Lax session cookie", async () => {
    const response = await login(customer);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: expect.any(String),
      name: "Carla Mendes",
      email: customer.email,
      username: "carla",
      role: "customer",
      preferences: { language: "pt", timezone: "America/Sao_Paulo" },
      // The demo customer owns the demo company (decision 091).
      company: { id: expect.any(String), role: "owner" },
    });
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toContain(`session=${body.token}`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Max-Age"); // not remembered: ends with the browser session
  });

  it("reads the profile with the token raw, as Bearer, or from the cookie; 401 without or after logout", async () => {
    const { token } = await (await login({ ...customer, remember: true })).json();
    const ways: Record<string, string>[] = [
      { Authorization: token },
      { Authorization: `Bearer ${token}` },
      { Cookie: `session=${token}` },
    ];
    for (const headers of ways) {
      const profile = await call("/api/users/profile", { headers });
      expect(profile.status).toBe(200);
      expect((await profile.json()).email).toBe(customer.email);
    }
    const none = await call("/api/users/profile");
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: "Token não encontrado" });
    const logout = await call("/api/auth/logout", { method: "POST", headers: { Authorization: token } });
    expect(logout.status).toBe(204);
    expect(logout.headers.get("set-cookie")).toContain("Max-Age=0");
    const after = await call("/api/users/profile", { headers: { Authorization: token } });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "Sessão inválida ou expirada. Entre novamente." });
  });

  it("saves preferences and refuses an unknown timezone", async () => {
    const { token } = await (await login(customer)).json();
    const save = await call("/api/users/profile", {
      method: "PUT",
      headers: { Authorization: token, "Content-Type": "application/json" },
      body: JSON.stringify({ preferences: { language: "en", timezone: "America/Manaus" } }),
    });
    expect(save.status).toBe(200);
    expect((await save.json()).preferences).toEqual({ language: "en", timezone: "America/Manaus" });
    const bad = await call("/api/users/profile", {
      method: "PUT",
      headers: { Authorization: token, "Content-Type": "application/json" },
      body: JSON.stringify({ preferences: { timezone: "Marte/Olympus" } }),
    });
    expect(bad.status).toBe(400);
  });

  it("serves the customer their company's dashboard, no sample figures, and nothing without a session", async () => {
    const { token } = await (await login(customer)).json();
    const mine = await call("/api/json/user-dashboard", { headers: { Authorization: token } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const data = await mine.json();
    expect(data.header).toEqual({
      title: "Bem-vindo(a) ao Vértice",
      subtitle: "Agro Sul · Plano Profissional",
    });
    // The demo company: its owner alone on the Profissional plan, no ticket, nothing billed yet.
    expect(data.stats.find((stat: { id: string }) => stat.id === "usuarios")).toMatchObject({
      value: 1,
      total: 10,
    });
    expect(data.recentActivities).toEqual([]);
    expect(data.integrations).toEqual([]);
    expect(data.nextPayment).toBeNull();
    expect((await call("/api/json/user-dashboard")).status).toBe(401);
  });

  it("guards pages on the server: /dashboard and /user go to /login (302), /admin refuses a customer with 403", async () => {
    for (const path of ["/dashboard", "/user/dashboard"]) {
      const anonymous = await call(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const { token } = await (await login(customer)).json();
    const admin = await call("/admin/dashboard", { headers: { Cookie: `session=${token}` } });
    expect(admin.status).toBe(403);
    expect(await admin.text()).toContain("Acesso restrito");
    const dashboard = await call("/dashboard", { headers: { Cookie: `session=${token}` } });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("cache-control")).toBe("private, no-store");
    expect(await dashboard.text()).toContain("Olá, Carla Mendes!");
  });

  it("a visit to /logout signs out, unless another site sent the browser there", async () => {
    const { token } = await (await login(customer)).json();
    const cookie = { Cookie: `session=${token}` };
    const profile = () => call("/api/users/profile", { headers: { Authorization: token } });
    const crossSite = await call("/logout", { headers: { ...cookie, "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(302);
    expect(crossSite.headers.get("location")).toBe("/");
    expect((await profile()).status).toBe(200);
    const own = await call("/logout", { headers: { ...cookie, "Sec-Fetch-Site": "same-origin" } });
    expect(own.headers.get("location")).toBe("/login");
    expect((await profile()).status).toBe(401);
  });

  it("pages with personal data or secrets are never stored by the browser; a reset link sends no referrer to other sites", async () => {
    for (const path of ["/login", "/en/login", "/forgot-password"]) {
      expect((await call(path)).headers.get("cache-control"), path).toBe("no-store");
    }
    const reset = await call("/reset-password?token=abc");
    expect(reset.headers.get("cache-control")).toBe("no-store");
    // Added after the site-wide policy; browsers apply the last policy of the list. Not
    // "no-referrer": the page's own form post would then carry Origin: null and be refused.
    expect(reset.headers.get("referrer-policy")?.split(/,\s*/).at(-1)).toBe("same-origin");
  });

  it("answers bad sign-ins with the same 401, and limits them per IP with a Portuguese 429", async () => {
    const wrong = await login({ email: customer.email, password: "errada" });
    const unknown = await login({ email: "ninguem@example.com", password: "errada" });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Credenciais inválidas, tente novamente." });
    }
    const invalid = await login({ email: "sem-arroba", password: "x" });
    expect(invalid.status).toBe(400);
    let limited: Response | null = null;
    for (let i = 0; i < 10 && !limited; i++) {
      const response = await login({ email: `tentativa${i}@example.com`, password: "errada" });
      if (response.status === 429) limited = response;
    }
    expect(limited).not.toBeNull();
    expect(await limited!.json()).toEqual({
      message: "Muitas tentativas de login. Aguarde um minuto e tente novamente.",
    });
    // The login page under a language prefix shares the limit.
    const prefixed = await call("/en/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40example.com&password=x",
    });
    expect(prefixed.status).toBe(429);
  });
});
