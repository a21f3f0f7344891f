import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * The three holes found by trying the landed build as an attacker would (decisions 056 and 057): sign-in
 * guessing through other methods and spellings, secrets in the logs, and a 500 on a form field.
 */
const form = (body: Record<string, string>) => ({
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(body).toString(),
});

describe("sign-in guessing through every method and spelling meets the login limit", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ LOGIN_RATE_LIMIT_PER_MINUTE: "5", FORM_RATE_LIMIT_PER_MINUTE: "5" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("counts PUT, PATCH, DELETE and POST on /login, /login/, /LOGIN, /en/login and /login.data in one bucket", async () => {
    const attempts = [
      ["PUT", "/login"],
      ["PATCH", "/login"],
      ["POST", "/login/"],
      ["POST", "/LOGIN"],
      ["DELETE", "/Login"],
      ["PUT", "/en/login/"],
      ["POST", "//login"],
      ["PATCH", "/login.data"],
      ["OPTIONS", "/login"],
      ["POST", "/api/auth/login"],
    ] as const;
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const [method, path] of attempts) {
        const res = await fetch(server.url + path, {
          method,
          redirect: "manual",
          ...form({ email: "alguem@example.com", password: `tentativa-${round}` }),
        });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
    }
    // Five attempts in the window, then every one of the other 35 is refused, whatever its form.
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses.slice(5)).toEqual(Array(35).fill(429));
  });

  it("a page takes form posts only: other methods get a 405 after being counted", async () => {
    const put = await fetch(`${server.url}/contato`, { method: "PUT", ...form({ nome: "x" }) });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.url}/CONTATO/`, { method: "PATCH", ...form({ nome: "x" }) });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    // The form bucket (5 a minute) was already used once by the PUT above.
    expect(statuses).toEqual([405, 405, 405, 405, 429, 429]);
  });
});

describe("a form field that is no URL, or too long, is never a 5xx", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ FORM_MIN_FILL_MS: "0" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const demoFirstStep = {
    _step: "0",
    _intent: "next",
    nomeResponsavel: "Ana Souza",
    emailContato: "ana@example.com",
    telefoneContato: "(11) 98765-4321",
    nomeEmpresa: "Agro Ana",
    cnpjEmpresa: "11.222.333/0001-81",
  };

  it("a demo post with _page=http://[ or _referrer=http://[ is answered, not a 500", async () => {
    // The first step is valid, so every post reaches the point where the lead is built and stored.
    const extras: Record<string, string>[] = [
      { _page: "http://[" },
      { _referrer: "http://[" },
      { _page: "http://[", _referrer: "::::", _step: "não-número", _intent: "<script>" },
      { _requestKey: "k".repeat(5_000) },
      { _requestKey: "curta" },
      { _planId: "../../etc", _annual: "talvez", _leadId: "não-uuid" },
    ];
    for (const extra of extras) {
      // The form's challenge, as the page fetches it when the form is first touched (decision 122).
      const { token } = (await (await fetch(`${server.url}/api/forms/challenge?form=demo`)).json()) as {
        token: string;
      };
      const res = await fetch(`${server.url}/demonstracao`, {
        method: "POST",
        redirect: "manual",
        ...form({ ...demoFirstStep, formToken: token, ...extra }),
      });
      const body = await res.text();
      expect(res.status, JSON.stringify(extra)).toBe(200);
      // The lead was stored and the visitor moved on to the second step.
      expect(body.includes("Etapa 2 de 3"), JSON.stringify(extra)).toBe(true);
      expect(body.includes('name="_leadId"'), JSON.stringify(extra)).toBe(true);
      expect(/at .*\.(js|ts):\d+/.test(body)).toBe(false);
    }
  });

  it("the contact page post ignores a bad request key rather than failing", async () => {
    const res = await fetch(`${server.url}/contato`, {
      method: "POST",
      ...form({
        nome: "Ana",
        email: "ana@example.com",
        mensagem: "Gostaria de falar com vendas.",
        _requestKey: "k".repeat(5_000),
      }),
    });
    expect(res.status).toBe(200);
  });
});

describe("reset links and tokens never reach the logs", () => {
  let smtp: FakeSmtp;
  let withMail: ServerProcess;
  let withoutMail: ServerProcess;
  let customer: string;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    [withMail, withoutMail] = await Promise.all([
      startServerProcess({ SMTP_URL: smtp.url }),
      startServerProcess({}),
    ]);
    customer = /cliente: (\S+) \//.exec(withMail.output())![1]!;
  });
  afterAll(async () => {
    await withMail?.stop();
    await withoutMail?.stop();
    await smtp?.close();
  });

  it("with SMTP_URL the link goes by mail; neither it nor its token is in any log line", async () => {
    const asked = await fetch(`${withMail.url}/forgot-password`, {
      method: "POST",
      ...form({ email: customer }),
    });
    expect(asked.status).toBe(200);
    await expect.poll(() => smtp.messages.length).toBe(1);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(smtp.messages[0]!.text)![1]!;
    // The reset page, and what it loads with the page as its referrer.
    const page = await fetch(`${withMail.url}/reset-password?token=${token}&utm_source=mail`);
    expect(page.status).toBe(200);
    await fetch(`${withMail.url}/favicon.svg`, {
      headers: { Referer: `${withMail.url}/reset-password?token=${token}` },
    });
    const log = withMail.output();
    expect(log).toContain('"url":"/reset-password?token=***&utm_source=***"');
    expect(log).not.toContain(token);
    expect(log).not.toContain("reset-password?token=" + token.slice(0, 8));
  });

  it("in production without SMTP_URL: a warning at start, the page says reset is unavailable, nothing is logged", async () => {
    expect(withoutMail.output()).toContain("SMTP_URL not set: password reset by e-mail is not available");
    const page = await fetch(`${withoutMail.url}/forgot-password`);
    const html = await page.text();
    expect(html).toContain("A redefinição de senha por e-mail não está disponível no momento.");
    expect(html).toContain('href="/contato"');
    const asked = await fetch(`${withoutMail.url}/forgot-password`, {
      method: "POST",
      ...form({ email: /cliente: (\S+) \//.exec(withoutMail.output())![1]! }),
    });
    expect(asked.status).toBe(200);
    expect(withoutMail.output()).not.toMatch(/reset-password\?token=/);
    expect(withoutMail.output()).not.toContain('"mail"');
  });
});
