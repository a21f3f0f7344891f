import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import {
  gotoHydrated,
  signInThroughLogin,
  waitHydrated,
  watchProblems,
  withBrowser,
} from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

describe("customer accounts in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;
  let smtp: FakeSmtp;
  let customer: { email: string; password: string };
  let admin: { email: string; password: string };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    smtp = await startFakeSmtp();
    [server, browser] = await withBrowser(
      startServerProcess({ SMTP_URL: smtp.url, ERP_APP_URL: "https://app.vertice.example/" }),
    );
    const out = server.output();
    const c = /cliente: (\S+) \/ (\S+)/.exec(out)!;
    const a = /admin: +(\S+) \/ (\S+)/.exec(out)!;
    customer = { email: c[1]!, password: c[2]! };
    admin = { email: a[1]!, password: a[2]! };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it("an anonymous visit to /dashboard ends on /login; sign-in with 'Lembrar de mim', preferences, sign-out", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, `${server.url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.locator("header.site-header").count()).toBe(0); // the login page stands alone
    await page.screenshot({ path: path.join(screenshots, "login-desktop.png") });

    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByText("Credenciais inválidas, tente novamente.").waitFor();

    await page.getByRole("button", { name: "Mostrar senha" }).click();
    expect(await page.getByLabel("Senha", { exact: true }).getAttribute("type")).toBe("text");
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByLabel("Lembrar de mim").check();
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("heading", { name: "Olá, Carla Mendes!" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    // The header knows the visitor signed in, without a reload.
    const header = page.locator("header.site-header");
    expect(await header.getByRole("link", { name: "Minha conta" }).first().isVisible()).toBe(true);
    expect(await header.getByRole("link", { name: "Entrar" }).count()).toBe(0);
    // A customer already has the product: no trial offer in the header (decision 116).
    expect(await header.getByRole("link", { name: "Teste grátis" }).count()).toBe(0);
    // The landing leads into the company's portal: its tickets, its invoices (decision 116).
    const company = page.getByRole("region", { name: "Sua empresa" });
    expect(await company.getByRole("link", { name: "Abrir o portal da empresa" }).getAttribute("href")).toBe(
      "/user/dashboard",
    );
    expect(await company.getByRole("link", { name: "Ver chamados" }).getAttribute("href")).toBe(
      "/user/suporte",
    );
    expect(await company.getByRole("link", { name: "Abrir chamado" }).getAttribute("href")).toBe(
      "/user/suporte/novo",
    );
    expect(await company.getByRole("link", { name: "Histórico de cobranças" }).getAttribute("href")).toBe(
      "/user/faturas",
    );
    expect(await page.evaluate(() => localStorage.getItem("rememberedEmail"))).toBe(customer.email);
    expect(await page.getByText(customer.email).count()).toBe(1);
    expect(await page.getByText("Cliente", { exact: true }).count()).toBe(1);

    await page.getByLabel("Fuso horário").selectOption("America/Manaus");
    await page.getByRole("button", { name: "Salvar preferências" }).click();
    await page.getByText("Preferências salvas.").waitFor();
    await page.reload({ waitUntil: "load" });
    await waitHydrated(page);
    expect(await page.getByLabel("Fuso horário").inputValue()).toBe("America/Manaus");
    await page.screenshot({ path: path.join(screenshots, "dashboard-desktop.png"), fullPage: true });

    // English saved on the card, then Portuguese chosen with the header's flag: the card follows the
    // flag, and a reload keeps it (the account's choice is the one made last).
    await page.locator("#pref-idioma").selectOption("en");
    await page.getByRole("button", { name: "Salvar preferências" }).click();
    await page.getByText("Preferences saved.").waitFor();
    await page.reload({ waitUntil: "load" });
    await waitHydrated(page);
    expect(await page.locator("#pref-idioma").inputValue()).toBe("en");
    await page.locator("header.site-header").getByRole("link", { name: "Português" }).first().click();
    await page.getByRole("button", { name: "Salvar preferências" }).waitFor();
    expect(await page.locator("#pref-idioma").inputValue()).toBe("pt");
    await page.reload({ waitUntil: "load" });
    await waitHydrated(page);
    expect(await page.locator("#pref-idioma").inputValue()).toBe("pt");

    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole("heading", { name: "Entrar na sua conta" }).waitFor();
    // The remembered e-mail is filled in after the page hydrates.
    await page.waitForFunction(
      () => (document.getElementById("login-email") as HTMLInputElement | null)?.value !== "",
    );
    expect(await page.getByLabel("E-mail").inputValue()).toBe(customer.email);
    expect(await page.getByLabel("Lembrar de mim").isChecked()).toBe(true);
    await page.goto(`${server.url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
    await context.close();
  });

  it("the user area: dashboard data, 'em breve' entries, the system link in a new tab; a customer is refused at /admin", async () => {
    const context = await browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/login?redirectTo=/user`);
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("heading", { name: "Bem-vindo(a) ao Vértice" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/user/dashboard");
    // The demo company's own records: no sample figures, plain empty states (decision 093).
    expect(await page.getByText("Agro Sul · Plano Profissional").count()).toBe(1);
    expect(await page.getByText("Próximo pagamento").count()).toBe(1);
    expect(await page.getByText("Nenhuma cobrança ainda.").count()).toBe(1);
    expect(await page.getByText("Nenhuma integração ainda.").count()).toBe(1);
    const actions = page.getByRole("region", { name: "Ações rápidas" });
    expect(await actions.getByRole("link", { name: /Abrir chamado/ }).getAttribute("href")).toBe(
      "/user/suporte/novo",
    );
    await page.getByRole("link", { name: "Detalhes do plano" }).click();
    await page.getByRole("heading", { name: "Detalhes do plano", level: 1 }).waitFor();
    const system = page.getByRole("link", { name: /Abrir o sistema/ });
    expect(await system.getAttribute("target")).toBe("_blank");
    // The ERP's address is a setting (ERP_APP_URL), never the marketing site's /system.
    expect(await system.getAttribute("href")).toBe("https://app.vertice.example/");
    await page.screenshot({ path: path.join(screenshots, "user-area-desktop.png"), fullPage: true });

    // On a phone the entries are behind one menu line that names the current page, above the
    // content; opened, every entry shows whole, none cut at the edges (decision 116).
    await page.setViewportSize({ width: 390, height: 844 });
    // /user/afiliados is the same Painel: the menu names it so, with one entry for it.
    await gotoHydrated(page, `${server.url}/user/afiliados`);
    const heading = await page.locator(".user-area__content h1").first().boundingBox();
    expect(heading!.y).toBeLessThan(400);
    const phoneMenu = page.locator(".user-area__phone-menu");
    expect(await phoneMenu.locator("summary").textContent()).toContain("Painel");
    await phoneMenu.locator("summary").click();
    const links = await phoneMenu
      .getByRole("link")
      .evaluateAll((found) => found.map((link) => link.getBoundingClientRect().toJSON() as DOMRect));
    expect(links).toHaveLength(12);
    for (const box of links) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    await phoneMenu.getByRole("link", { name: "Chamados de suporte" }).click();
    await page.getByRole("heading", { name: "Chamados de suporte", level: 1 }).waitFor();
    expect(await phoneMenu.locator("details").getAttribute("open")).toBeNull();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshots, "user-area-mobile.png") });

    const response = await page.goto(`${server.url}/admin`);
    expect(response?.status()).toBe(403);
    expect(await page.getByRole("heading", { name: "Acesso restrito" }).count()).toBe(1);
    await context.close();
  });

  it("an admin reaches the admin area", async () => {
    const context = await browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    // Through the second factor staff must have (decision 112; tests/e2e/account-security.test.ts).
    await signInThroughLogin(page, server.url, admin, "/admin/dashboard");
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");
    await context.close();
  });

  it("signs in without JavaScript too", async () => {
    const context = await browser.newContext({ locale: "pt-BR", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("heading", { name: "Olá, Carla Mendes!" }).waitFor();
    await context.close();
  });

  it("resets a forgotten password through the link sent by e-mail (never written to the log)", async () => {
    const context = await browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/login`);
    await page.getByRole("link", { name: "Esqueci minha senha" }).click();
    await page.getByRole("heading", { name: "Esqueceu a senha?" }).waitFor();
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByRole("button", { name: "Enviar link" }).click();
    await page
      .getByText("Se houver uma conta com este e-mail, enviamos um link para redefinir a senha.", {
        exact: false,
      })
      .waitFor();
    // The link is mailed after the answer, which takes the same time for every e-mail.
    await expect.poll(() => smtp.messages.length).toBe(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual([customer.email]);
    expect(mail.subject).toBe("Redefinição de senha — Vértice");
    const link = /http:\/\/localhost:\d+(\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(mail.text);
    expect(link).not.toBeNull();
    // Neither the link nor its token ever reaches the server's log.
    expect(server.output()).not.toContain(link![2]!);
    await gotoHydrated(page, `${server.url}${link![1]}`);
    await page.getByLabel("Nova senha", { exact: true }).fill("uma-senha-nova-1");
    await page.getByLabel("Confirme a nova senha").fill("uma-senha-nova-1");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByText("Senha alterada. Entre com a nova senha.").waitFor();
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Senha", { exact: true }).fill("uma-senha-nova-1");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("heading", { name: "Olá, Carla Mendes!" }).waitFor();
    // The link works once.
    await gotoHydrated(page, `${server.url}${link![1]}`);
    await page.getByLabel("Nova senha", { exact: true }).fill("outra-senha-nova-2");
    await page.getByLabel("Confirme a nova senha").fill("outra-senha-nova-2");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByText("Este link de redefinição é inválido ou já expirou. Peça um novo.").waitFor();
    expect(server.output()).not.toContain(link![2]!);
    await context.close();
  });

  it("resets a password without JavaScript: the reset form's post is not refused as cross-site", async () => {
    const context = await browser.newContext({ locale: "pt-BR", javaScriptEnabled: false });
    const page = await context.newPage();
    const sent = smtp.messages.length;
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel("E-mail").fill(admin.email);
    await page.getByRole("button", { name: "Enviar link" }).click();
    await expect.poll(() => smtp.messages.length).toBe(sent + 1);
    const link = /http:\/\/localhost:\d+(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(
      smtp.messages.at(-1)!.text,
    )!;
    await page.goto(`${server.url}${link[1]}`);
    await page.getByLabel("Nova senha", { exact: true }).fill("senha-sem-javascript-1");
    await page.getByLabel("Confirme a nova senha").fill("senha-sem-javascript-1");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByText("Senha alterada. Entre com a nova senha.").waitFor();
    await context.close();
  });
});
