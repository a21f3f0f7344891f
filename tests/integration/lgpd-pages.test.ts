/**
 * LGPD pages (decision 111) against the built server and the fake SMTP server: a visitor asks at
 * /meus-dados (plain form posts, the same answer for any address, the field named in errors), gets
 * the confirmation link by e-mail, whose GET sends nothing and whose button sends the copy; the
 * privacy policy states the retention period staff set in Settings (pt and en, the cached pages
 * rendered again), and links the request page; the demo company's owner downloads its ZIP.
 */
import { randomUUID } from "node:crypto";
import { issueFormToken } from "@server/leads/spam.ts";
import { Signer } from "@server/secrets.ts";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import { demoTokens, postForm, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const SECRET = "integration-test-secret-0123456789abcdef";
const MAIL_WAIT = { timeout: 20_000 };

describe("LGPD pages against the built server", () => {
  let smtp: FakeSmtp;
  let server: ServerProcess;
  let admin: string;
  let owner: string;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startServerProcess({
      SMTP_URL: smtp.url,
      SESSION_SECRET: SECRET,
      FORM_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
    });
    ({ admin, customer: owner } = await demoTokens(server));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const page = async (path: string, token?: string) => {
    const res = await fetch(server.url + path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, html: await res.text() };
  };
  const banner = (html: string) => /<p class="banner[^"]*"[^>]*>([^<]+)</.exec(html)?.[1];
  const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

  it("asks for a copy by e-mail: same answer for any address, confirmation by link, the copy only after the button", async () => {
    const form = await page("/meus-dados");
    expect(form.status).toBe(200);
    expect(form.html).toMatch(/<label[^>]*for="meus-dados-email"[^>]*>E-mail<\/label>/);

    for (const [email, message] of [
      ["", "E-mail: informe o seu endereço de e-mail."],
      ["não-é-email", "E-mail: informe um endereço de e-mail válido"],
    ] as const) {
      const refused = await postForm(server.url, "/meus-dados", { email });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }

    const lead = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        form: "contato",
        requestKey: randomUUID(),
        formToken: issueFormToken(new Signer(SECRET), Date.now() - 10_000),
        answers: {
          nome: "Paula Reis",
          email: "paula@example.com",
          telefone: "(11) 3333-4444",
          assunto: "comercial",
          mensagem: "Quero saber mais sobre o ERP.",
        },
      }),
    });
    expect(lead.status, await lead.clone().text()).toBe(201);
    const { protocol } = (await lead.json()) as { protocol: string };

    const known = await postForm(server.url, "/meus-dados", { email: " Paula@Example.com " });
    const unknown = await postForm(server.url, "/meus-dados", { email: "ninguem@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const answer = banner(await known.text());
    expect(answer).toContain("Pedido recebido");
    expect(banner(await unknown.text())).toBe(answer);

    const confirmation = () => mailsTo("paula@example.com").find((m) => /Confirme/.test(m.subject));
    await expect.poll(() => Boolean(confirmation()), MAIL_WAIT).toBe(true);
    const path = /\/meus-dados\/confirmar\?token=\S+/.exec(confirmation()!.text)?.[0];
    expect(path).toBeTruthy();

    // Opening the link (as a mail scanner would) sends nothing; it shows a button.
    const opened = await page(path!);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain("Enviar a cópia para o meu e-mail");
    expect(opened.html).not.toContain("Paula Reis");
    const token = decodeURIComponent(path!.split("token=")[1]!);
    const confirmed = await postForm(server.url, "/meus-dados/confirmar", { token });
    expect(confirmed.status).toBe(200);
    const confirmedHtml = await confirmed.text();
    expect(confirmedHtml).toContain("a cópia dos seus dados foi enviada para o e-mail do pedido");
    expect(confirmedHtml).not.toContain("Paula Reis");
    const copy = () => mailsTo("paula@example.com").find((m) => /Cópia dos seus dados/.test(m.subject));
    await expect.poll(() => Boolean(copy()), MAIL_WAIT).toBe(true);
    expect(copy()!.text).toContain(`Protocolo: ${protocol}`);
    expect(copy()!.text).toContain("Quero saber mais sobre o ERP.");

    const forged = await postForm(server.url, "/meus-dados/confirmar", { token: `${token}x` });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("Este link de confirmação é inválido");
    // The unknown address got nothing at all.
    expect(mailsTo("ninguem@example.com")).toEqual([]);
  });

  it("the privacy policy states the period staff set, in both languages, and links the request page", async () => {
    const pt = await page("/politicas");
    expect(pt.html).toContain("24 meses a partir do envio do formulário");
    expect(pt.html).toMatch(/href="\/meus-dados"/);
    const en = await page("/en/politicas");
    expect(en.html).toContain("24 months from when the form was sent");
    expect(en.html).toMatch(/href="\/en\/meus-dados"/);
    expect((await page("/en/meus-dados")).html).toContain("Request a copy");

    const refused = await postForm(
      server.url,
      "/admin/privacidade",
      { intent: "privacy-save", leadRetentionMonths: "3", version: "0" },
      admin,
    );
    expect(await refused.text()).toContain(
      "Prazo de retenção de leads: informe um número inteiro de meses entre 6 e 120",
    );
    const saved = await postForm(
      server.url,
      "/admin/privacidade",
      { intent: "privacy-save", leadRetentionMonths: "18", version: "0" },
      admin,
    );
    expect(await saved.text()).toContain("Prazo de retenção salvo: 18 meses");
    expect((await page("/politicas")).html).toContain("18 meses a partir do envio do formulário");
    expect((await page("/en/politicas")).html).toContain("18 months from when the form was sent");
    expect((await page("/admin/privacidade", admin)).html).toMatch(
      /name="leadRetentionMonths"[^>]*value="18"/,
    );
  });

  it("the company's owner downloads the company's data as a ZIP from the users screen", async () => {
    expect((await page("/user/usuarios", owner)).html).toContain("Baixar dados da empresa");
    const res = await fetch(`${server.url}/user/empresa/dados`, {
      headers: { Authorization: `Bearer ${owner}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(["README.txt", "company.json", "users.json"]));
    expect(new TextDecoder().decode(zip["users.json"])).not.toMatch(/scrypt\$|passwordHash/);
  });
});
