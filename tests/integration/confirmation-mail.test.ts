/**
 * Confirmation e-mails (decision 102) against the built server, the fake Jira and the fake SMTP
 * server, on PGlite and PostgreSQL: a request through the HTTP API gets one e-mail (HTML and text)
 * when its lead is stored, never a second when a multi-step form is completed; spam gets none; the
 * newsletter's welcome carries the RFC 8058 headers, whose one-click POST and whose page (GET, then
 * a confirming POST) record the withdrawal of consent, shown in the inbox; bad links get 4xx.
 */
import { randomUUID } from "node:crypto";
import { PasswordHasher } from "@server/auth/passwords.ts";
import { AccountService } from "@server/auth/users.ts";
import { issueFormToken } from "@server/leads/spam.ts";
import { unsubscribeToken } from "@server/mail/unsubscribe-token.ts";
import { Signer } from "@server/secrets.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { type FakeSmtp, type ReceivedMail, startFakeSmtp } from "../fakes/smtp.ts";
import { dropCreatedDatabases } from "../support/databases.ts";
import { hotDemoAnswers } from "../support/lead-stack.ts";
import { type ServerDatabase, serverDatabaseTargets } from "../support/server-databases.ts";
import { loginToken, postForm, type ServerProcess, startServerProcess } from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

const SECRET = "integration-test-secret-0123456789abcdef";
const BASE = "https://www.vertice.example";
const ADMIN = { email: "admin@vertice.example", password: "senha-forte-do-admin-1" };

/**
 * A confirmation is due 3 s after its lead (decision 102) and the worker wakes for it then (decision
 * 139): about 3 s, more on a loaded machine.
 */
const MAIL_WAIT = { timeout: 20_000 };

const headerOf = (mail: ReceivedMail, name: string) =>
  mail.headers
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();

// Most of each test is the wait for e-mails due 3 s after their leads: the tests run at once, each on
// addresses of its own, on both databases' servers at once; each database is read after its tests.
describe.concurrent.each(serverDatabaseTargets())("confirmation e-mails on $name", (target) => {
  let jira: FakeJira;
  let smtp: FakeSmtp;
  let database: ServerDatabase;
  let server: ServerProcess;
  let admin: string;
  /** A form token signed 10 s ago: a person, not a bot that answers faster than it could read. */
  const shownEarlier = () => issueFormToken(new Signer(SECRET), Date.now() - 10_000);
  const submit = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ requestKey: randomUUID(), formToken: shownEarlier(), ...body }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { protocol: string; leadId: string; accessToken: string };
  };
  const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));
  const adminPage = async (path: string) =>
    (await fetch(server.url + path, { headers: { Authorization: `Bearer ${admin}` } })).text();
  /** The lead's delivery jobs as its admin page lists them: kind and status. */
  const jobsOf = async (leadId: string) =>
    [...(await adminPage(`/admin/leads/${leadId}`)).matchAll(/data-kind="(\w+)" data-status="(\w+)"/g)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
  /** The site's address in a link of an e-mail, replaced by the test server's. */
  const local = (link: string) => link.replace(BASE, server.url);

  beforeAll(async () => {
    [jira, smtp] = await Promise.all([startFakeJira(), startFakeSmtp()]);
    database = await target.database();
    const handle = await database.open();
    try {
      await new AccountService({ db: handle.db, hasher: new PasswordHasher() }).createUser({
        ...ADMIN,
        role: "admin",
      });
    } finally {
      await handle.close();
    }
    server = await startServerProcess({
      ...database.env,
      ...jiraEnv(jira),
      SMTP_URL: smtp.url,
      SESSION_SECRET: SECRET,
      PUBLIC_BASE_URL: BASE,
      FORM_MIN_FILL_MS: "3000",
      FORM_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
    });
    admin = await loginToken(server.url, ADMIN.email, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all([jira?.close(), smtp?.close()]);
  });

  it("a demo request gets one e-mail when its lead is stored (both parts, the protocol shown); completing it sends no second", async ({
    expect,
  }) => {
    const step1 = Object.fromEntries(
      ["nomeResponsavel", "emailContato", "telefoneContato", "nomeEmpresa", "cnpjEmpresa"].map((k) => [
        k,
        hotDemoAnswers[k as keyof typeof hotDemoAnswers],
      ]),
    );
    // The browser sends the form's one challenge with both steps (decision 122).
    const challenge = shownEarlier();
    const captured = await submit({
      form: "demo",
      stage: "capture",
      answers: step1,
      formToken: challenge,
      tracking: { page: `${BASE}/demonstracao` },
    });
    expect(captured.protocol).toMatch(/^FDVW-\d+$/);
    await expect.poll(() => mailsTo(hotDemoAnswers.emailContato).length, MAIL_WAIT).toBe(1);

    const completed = await submit({
      form: "demo",
      stage: "complete",
      answers: hotDemoAnswers,
      leadId: captured.leadId,
      accessToken: captured.accessToken,
      formToken: challenge,
      tracking: { page: `${BASE}/demonstracao` },
    });
    expect(completed.protocol).toBe(captured.protocol);
    // Every delivery of the lead done (the tracker's update after completion included): one e-mail job.
    await expect
      .poll(async () => {
        const jobs = await jobsOf(captured.leadId);
        return jobs.length > 0 && jobs.every((job) => job.endsWith(":done")) ? jobs : [];
      })
      .toEqual(expect.arrayContaining(["mail:done", "tracker:done"]));
    expect((await jobsOf(captured.leadId)).filter((job) => job.startsWith("mail:"))).toEqual(["mail:done"]);
    expect(await adminPage(`/admin/leads/${captured.leadId}`)).toContain("confirmação enviada ao visitante");
    expect(mailsTo(hotDemoAnswers.emailContato)).toHaveLength(1);

    const mail = mailsTo(hotDemoAnswers.emailContato)[0]!;
    expect(mail.to).toEqual([hotDemoAnswers.emailContato]);
    expect(mail.subject).toBe(`Pedido de demonstração recebido! Protocolo ${captured.protocol} — Vértice`);
    expect(headerOf(mail, "Content-Type")).toMatch(/^multipart\/alternative;/);
    expect(headerOf(mail, "List-Unsubscribe")).toBeUndefined();
    const html = mail.html ?? "";
    for (const part of [mail.text, html]) {
      expect(part).toContain(captured.protocol);
      expect(part).toContain("Um especialista vai entrar em contato para combinar o melhor momento");
      expect(part).toContain("Juntos, vocês agendam a demonstração online para o dia mais conveniente.");
      expect(part).toContain("Olá, Maria!");
    }
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('lang="pt-BR"');
    expect(mail.text).not.toMatch(/<\w+/);
  });

  it("a visitor on the English page gets the e-mail in English", async ({ expect }) => {
    const sent = await submit(
      {
        form: "contato",
        answers: {
          nome: "John Smith",
          email: "john@example.com",
          mensagem: "I would like a proposal for 20 users.",
        },
        tracking: { page: `${BASE}/en/contato` },
      },
      { "Accept-Language": "pt-BR" },
    );
    await expect.poll(() => mailsTo("john@example.com").length, MAIL_WAIT).toBe(1);
    const mail = mailsTo("john@example.com")[0]!;
    expect(mail.subject).toBe(`Message sent successfully! Protocol ${sent.protocol} — Vértice`);
    expect(mail.text).toContain("Hello, John!");
    expect(mail.text).toContain("We will be in touch soon. Thank you!");
    expect(mail.html).toContain('lang="en"');
  });

  it("spam gets no e-mail: a filled honeypot, a form sent faster than read, a replayed token", async ({
    expect,
  }) => {
    const token = shownEarlier();
    const contact = (email: string, extra: Record<string, unknown> = {}) => ({
      form: "contato",
      answers: { nome: "Robô", email, mensagem: "Mensagem automática de um robô." },
      ...extra,
    });
    await submit(contact("honeypot@example.com", { website: "http://spam.example" }));
    await submit(contact("primeiro@example.com", { formToken: token }));
    const replay = await submit(contact("replay@example.com", { formToken: token }));
    // Fast alone is a person's autofill; fast after three leads from the same client in ten minutes
    // (the three above, whatever the other tests sent) is a bot's (decision 125).
    const tooFast = await submit(
      contact("rapido@example.com", { formToken: issueFormToken(new Signer(SECRET), Date.now()) }),
    );
    // A person's lead sent after them is e-mailed: the spam leads' turn has passed.
    await submit(contact("pessoa@example.com"));
    await expect.poll(() => mailsTo("pessoa@example.com").length, MAIL_WAIT).toBe(1);
    // The first person's too: e-mails claimed in one batch are sent side by side, in any order.
    await expect.poll(() => mailsTo("primeiro@example.com").length, MAIL_WAIT).toBe(1);
    for (const address of ["honeypot@example.com", "rapido@example.com", "replay@example.com"])
      expect(mailsTo(address), address).toEqual([]);
    expect(await jobsOf(replay.leadId)).toEqual([]);

    // A person held as too fast, released by an admin, gets the e-mail then, once.
    const released = await postForm(
      server.url,
      `/admin/leads/${tooFast.leadId}`,
      { intent: "release" },
      admin,
    );
    expect(released.status).toBe(200);
    await expect.poll(() => mailsTo("rapido@example.com").length, MAIL_WAIT).toBe(1);
    expect(mailsTo("rapido@example.com")[0]!.text).toContain("Entraremos em contato em breve. Obrigado!");
  });

  it("the newsletter's welcome has one-click unsubscribe headers; the one-click POST records the withdrawal, twice harmlessly", async ({
    expect,
  }) => {
    const address = "leitora@example.com";
    const first = await submit({ form: "newsletter", answers: { email: address } });
    await expect.poll(() => mailsTo(address).length, MAIL_WAIT).toBe(1);
    // The same person subscribed again (a second welcome): withdrawing consent ends both.
    const second = await submit({ form: "newsletter", answers: { email: "Leitora@Example.com" } });
    await expect
      .poll(() => smtp.messages.filter((m) => m.to[0]?.toLowerCase() === address).length, MAIL_WAIT)
      .toBe(2);

    const mail = mailsTo(address)[0]!;
    expect(mail.subject).toBe("Boas-vindas à newsletter da Vértice");
    expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(https:\/\/[^>]+)>$/.exec(headerOf(mail, "List-Unsubscribe") ?? "")?.[1] ?? "";
    expect(oneClick).toMatch(new RegExp(`^${BASE}/api/newsletter/unsubscribe\\?token=[\\w.-]+$`));
    const token = new URL(oneClick).searchParams.get("token")!;
    const page = `${BASE}/newsletter/cancelar?token=${token}`;
    expect(mail.text).toContain(page);
    expect(mail.html).toContain(`href="${page}"`);
    expect(mail.text).toContain(first.protocol);

    // A mail client's POST (RFC 8058): no cookie, no Origin, the form body.
    const post = (body: BodyInit, type?: string) =>
      fetch(local(oneClick), {
        method: "POST",
        headers: type ? { "Content-Type": type } : {},
        body,
      });
    const done = await post("List-Unsubscribe=One-Click", "application/x-www-form-urlencoded");
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({
      message: "Inscrição cancelada: você não receberá mais a newsletter da Vértice.",
    });
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const again = await post(form);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      message: "Esta inscrição já estava cancelada: nada mais será enviado.",
    });

    for (const lead of [first, second]) {
      const detail = await adminPage(`/admin/leads/${lead.leadId}`);
      expect(detail).toContain("Consentimento retirado");
      expect(detail).toContain("cancelamento de um clique pelo programa de e-mail");
    }
    const inbox = await adminPage(`/admin/leads?q=${encodeURIComponent(address)}`);
    expect(inbox.match(/Consentimento retirado/g)).toHaveLength(2);
    // The export says so too: whatever sends the newsletter's issues skips them.
    const csv = await adminPage(`/admin/leads.csv?form=newsletter&q=${encodeURIComponent(address)}`);
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => line.split(";"));
    expect(rows).toHaveLength(2);
    // The consent's date, then the date it was withdrawn, in São Paulo's time (decision 127).
    const at = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
    for (const row of rows) {
      expect(row[header!.indexOf("Consentimento em")]).toMatch(at);
      expect(row[header!.indexOf("Consentimento retirado em")]).toMatch(at);
    }
  });

  it("the unsubscribe page: opening it changes nothing, its button confirms; in the subscriber's language", async ({
    expect,
  }) => {
    const address = "reader@example.com";
    const lead = await submit({
      form: "newsletter",
      answers: { email: address },
      tracking: { page: `${BASE}/en/newsletter` },
    });
    await expect.poll(() => mailsTo(address).length, MAIL_WAIT).toBe(1);
    const mail = mailsTo(address)[0]!;
    expect(mail.subject).toBe("Welcome to the Vértice newsletter");
    const page = /https:\/\/\S+\/en\/newsletter\/cancelar\?token=[\w.-]+/.exec(mail.text)?.[0] ?? "";
    expect(page).not.toBe("");
    const token = new URL(page).searchParams.get("token")!;

    // A client without RFC 8058 opens the List-Unsubscribe address: sent to the page, nothing recorded.
    const opened = await fetch(`${server.url}/api/newsletter/unsubscribe?token=${token}`, {
      redirect: "manual",
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/en/newsletter/cancelar?token=${token}`);
    const shown = await fetch(local(page));
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const html = await shown.text();
    expect(html).toContain("Unsubscribe from the newsletter");
    expect(html).toContain("r•••@example.com");
    expect(html).toMatch(
      /<form [^>]*method="post"[^>]*>.*name="token" value="[\w.-]+".*<button type="submit"/s,
    );
    expect(html).toContain("Confirm unsubscribe");
    expect(await adminPage(`/admin/leads/${lead.leadId}`)).not.toContain("Consentimento retirado");

    const confirmed = await postForm(server.url, new URL(page).pathname, { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You are unsubscribed");
    const detail = await adminPage(`/admin/leads/${lead.leadId}`);
    expect(detail).toContain("Consentimento retirado");
    expect(detail).toContain("página de cancelamento da newsletter");
    // Back on the page later: already cancelled, no button.
    const later = await (await fetch(local(page))).text();
    expect(later).toContain("Already unsubscribed");
    expect(later).not.toContain("Confirm unsubscribe");
    // In Portuguese at the unprefixed address.
    expect(await (await fetch(`${server.url}/newsletter/cancelar?token=${token}`)).text()).toContain(
      "Inscrição já cancelada",
    );
  });

  it("a bad link gets a 4xx in Portuguese: forged, expired, malformed, not the RFC 8058 body", async ({
    expect,
  }) => {
    const lead = await submit({ form: "newsletter", answers: { email: "alguem@example.com" } });
    const valid = unsubscribeToken(new Signer(SECRET), lead.leadId, new Date());
    const forged = unsubscribeToken(
      new Signer("another-secret-another-secret-012345"),
      lead.leadId,
      new Date(),
    );
    const expired = unsubscribeToken(
      new Signer(SECRET),
      lead.leadId,
      new Date(Date.now() - 400 * 86_400_000),
    );
    const oneClick = (
      token: string,
      body = "List-Unsubscribe=One-Click",
      type = "application/x-www-form-urlencoded",
    ) =>
      fetch(`${server.url}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "Content-Type": type },
        body,
      });
    const answers = async (res: Response) => ({ status: res.status, body: await res.json() });
    expect(await answers(await oneClick(forged))).toEqual({
      status: 400,
      body: {
        message:
          "Link de cancelamento inválido. Use o link do e-mail de boas-vindas da newsletter da Vértice.",
      },
    });
    expect(await answers(await oneClick(expired))).toEqual({
      status: 400,
      body: {
        message:
          "Este link de cancelamento expirou. Para cancelar a inscrição, fale com a gente pela página de contato.",
      },
    });
    expect(await answers(await oneClick("abc"))).toEqual({
      status: 400,
      body: { message: "Parâmetros inválidos. token: token do link de cancelamento malformado" },
    });
    expect(await answers(await oneClick(valid, "List-Unsubscribe=Sim"))).toEqual({
      status: 400,
      body: { message: "Parâmetros inválidos. List-Unsubscribe: o valor deve ser One-Click (RFC 8058)" },
    });
    const json = await oneClick(valid, '{"List-Unsubscribe":"One-Click"}', "application/json");
    expect(json.status).toBe(415);
    expect((await json.json()).message).toMatch(/^Envie List-Unsubscribe=One-Click como formulário/);
    const big = await oneClick(valid, `List-Unsubscribe=One-Click&x=${"a".repeat(5000)}`);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: "O corpo da requisição é grande demais." });
    const put = await fetch(`${server.url}/api/newsletter/unsubscribe?token=${valid}`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
    // None of that withdrew anything; the page refuses a forged token with 400 too.
    expect(await adminPage(`/admin/leads/${lead.leadId}`)).not.toContain("Consentimento retirado");
    const page = await postForm(server.url, "/newsletter/cancelar", { token: forged });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Link de cancelamento inválido.");
    const shown = await (await fetch(`${server.url}/newsletter/cancelar?token=${expired}`)).text();
    expect(shown).toContain("Link expirado");
    expect(shown).not.toContain("Confirmar cancelamento");
    // Its welcome still went out, once (nothing above withdrew the subscription before it ran).
    await expect.poll(() => mailsTo("alguem@example.com").length, MAIL_WAIT).toBe(1);
  });

  it.sequential("in the database: at most one e-mail job per lead, and none for spam", async ({ expect }) => {
    await server.stop();
    const handle = await database.open();
    try {
      const rows = await handle.db.execute(sql`
        select l.id, l.spam_reason, count(j.id)::int as mails
        from leads l left join delivery_jobs j on j.lead_id = l.id and j.kind = 'mail'
        group by l.id, l.spam_reason`);
      const leads = (rows as unknown as { rows: { spam_reason: string | null; mails: number }[] }).rows;
      expect(leads.length).toBeGreaterThanOrEqual(10);
      for (const lead of leads) expect(lead.mails).toBe(lead.spam_reason ? 0 : 1);
      // Each was first tried 3 s after it was queued at the earliest (past the visitor's wait for the
      // Jira key), and soon after: the worker wakes when it is due (decision 139).
      const tried = await handle.db.execute(sql`
        select extract(epoch from min(a.started_at) - j.created_at)::float as seconds
        from delivery_jobs j join delivery_attempts a on a.job_id = j.id
        where j.kind = 'mail' group by j.id, j.created_at`);
      const delays = (tried as unknown as { rows: { seconds: number }[] }).rows.map((row) => row.seconds);
      expect(delays).toHaveLength(leads.filter((lead) => !lead.spam_reason).length);
      for (const seconds of delays) expect(seconds).toBeGreaterThanOrEqual(2.9);
      for (const seconds of delays) expect(seconds).toBeLessThan(12);
    } finally {
      await handle.close();
    }
  });
});
