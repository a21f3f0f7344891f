/**
 * The portal's support screens (decision 094) against the built server, as a browser without
 * JavaScript uses them: the list with its search and filter, a ticket opened by a multipart post
 * with a file, the ticket's page and the file's download, replies, resolve and reopen; a colleague
 * who is not the reporter and another company get 404s, never the ticket. On the embedded database
 * and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import type { openDatabase } from "@server/db/client.ts";
import { HtmlValidate } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropCreatedDatabases } from "../support/databases.ts";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { seedPortal } from "../support/portal-seed.ts";
import { serverDatabaseTargets } from "../support/server-databases.ts";
import { loginToken, postForm, type ServerProcess, startServerProcess } from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

const PASSWORD = "senha-forte-1";
const targets = serverDatabaseTargets();

type Person = { email: string; role: CompanyRole; company: "agro" | "norte"; name: string };
const PEOPLE = {
  owner: { email: "dona@agrosul.com.br", role: "owner", company: "agro", name: "Dona Agro" },
  reporter: { email: "ze@agrosul.com.br", role: "member", company: "agro", name: "Zé Lima" },
  colleague: { email: "bia@agrosul.com.br", role: "member", company: "agro", name: "Bia Souza" },
  stranger: { email: "outro@norte.com.br", role: "owner", company: "norte", name: "Outro Norte" },
} satisfies Record<string, Person>;
type Who = keyof typeof PEOPLE;

/** Two companies and their people, written before the server opens the database. */
async function seed(open: () => ReturnType<typeof openDatabase>): Promise<void> {
  const handle = await open();
  try {
    await seedPortal(handle.db, {
      companies: {
        agro: { cnpj: "11222333000181", legalName: "Agro Sul Ltda", tradeName: "Agro Sul" },
        norte: { cnpj: "12ABC34501DE35", legalName: "Norte Ltda" },
      },
      people: Object.values(PEOPLE),
      password: PASSWORD,
    });
  } finally {
    await handle.close();
  }
}

/** The opening tag of the element with this id (React writes attributes in its own order). */
function tagWithId(html: string, id: string): string {
  return new RegExp(`<[a-z]+ [^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

/** The opening tags of the inputs with this name and value. */
function inputWith(html: string, name: string, value: string): string {
  return (
    [...html.matchAll(/<input [^>]*>/g)]
      .map((m) => m[0])
      .find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`)) ?? ""
  );
}

/** html-validate's recommended rules, less the style rules React cannot follow (as html-validity.test.ts). */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "no-inline-style": "off",
  },
});

async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results
    .flatMap((result) => result.messages)
    .map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}`})`);
}

/** Random bytes that are no known file type, named as a PDF. */
const NOT_A_PDF = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 251);

describe.each(targets)("the support screens on $name (decision 094)", (target) => {
  let server: ServerProcess;
  const tokens = {} as Record<Who, string>;

  beforeAll(async () => {
    const database = await target.database();
    await seed(database.open);
    server = await startServerProcess({
      ...database.env,
      FORM_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
    });
    for (const who of Object.keys(PEOPLE) as Who[])
      tokens[who] = await loginToken(server.url, PEOPLE[who].email, PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, who?: Who, headers: Record<string, string> = {}) =>
    fetch(server.url + path, {
      redirect: "manual",
      headers: { ...(who ? { Authorization: `Bearer ${tokens[who]}` } : {}), ...headers },
    });
  const page = async (path: string, who: Who) => {
    const res = await get(path, who);
    return { status: res.status, html: await res.text() };
  };
  /** A multipart post, as the browser sends the ticket forms (fetch adds the boundary and length). */
  const postMultipart = (
    path: string,
    who: Who | undefined,
    fields: Record<string, string>,
    files: File[] = [],
    headers: Record<string, string> = {},
  ) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    // A file input left empty still sends one nameless, empty part.
    if (files.length === 0) body.append("anexos", new File([], ""), "");
    for (const file of files) body.append("anexos", file);
    return fetch(server.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, ...(who ? { Authorization: `Bearer ${tokens[who]}` } : {}), ...headers },
      body,
    });
  };
  const ticketFields = {
    category: "problema",
    priority: "alta",
    subject: "Erro ao emitir nota fiscal de saída",
    description: "Ao emitir a nota aparece 'Rejeição 225'.\nAcontece desde ontem, em todas as filiais.",
  };
  let ticket: { id: string; protocol: string; attachmentPath: string };

  it("sends anonymous visitors to the login, remembering where they were going", async () => {
    for (const path of ["/user/suporte", "/user/suporte/novo", `/user/suporte/${randomUUID()}`]) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const download = await get(`/user/suporte/${randomUUID()}/anexos/${randomUUID()}`);
    expect(download.status).toBe(302);
    expect(download.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const post = await postMultipart("/user/suporte/novo", undefined, ticketFields);
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("shows a member an empty list that says what to do, and the form with its limits and hours", async () => {
    const list = await page("/user/suporte", "reporter");
    expect(list.status).toBe(200);
    expect(list.html).toContain('<h1 id="chamados-titulo">Chamados de suporte</h1>');
    expect(list.html).toContain("Nenhum chamado por aqui ainda");
    expect(
      list.html.match(/href="\/user\/suporte\/novo"[^>]*>Abrir chamado</g)?.length,
    ).toBeGreaterThanOrEqual(2);
    // The sidebar's entries are real pages now, not 'Em breve'.
    expect(list.html).not.toContain("Esta área ainda está sendo preparada");

    const form = await page("/user/suporte/novo", "reporter");
    expect(form.status).toBe(200);
    expect(form.html).toMatch(/<form [^>]*encType="multipart\/form-data"[^>]*method="post"/i);
    expect(form.html).toMatch(/<legend class="field__label">Categoria<\/legend>/);
    for (const label of [
      "Dúvida",
      "Problema",
      "Solicitação",
      "Financeiro",
      "Baixa",
      "Média",
      "Alta",
      "Urgente",
    ])
      expect(form.html).toContain(`<strong>${label}</strong>`);
    expect(inputWith(form.html, "priority", "media")).toContain('checked=""');
    const files = tagWithId(form.html, "anexos");
    expect(files).toContain('type="file"');
    expect(files).toContain('multiple=""');
    expect(files).toContain('name="anexos"');
    expect(files).toContain('accept=".png,.jpg,.jpeg,.gif,.webp,.pdf,');
    expect(files).toContain('aria-describedby="anexos-dica"');
    expect(form.html).toContain(
      "Até 5 arquivos de até 10 MB cada: imagens, PDF, textos, CSV, planilhas e documentos.",
    );
    expect(form.html).toContain("segunda a sexta, das 8h às 18h");
    expect(form.html).toContain("Enviar chamado");
  });

  it("opens a ticket by a multipart post with a PNG; its page says the protocol and the file downloads as sent", async () => {
    const png = new File([ONE_PIXEL_PNG], "tela do erro.png", { type: "image/png" });
    const opened = await postMultipart("/user/suporte/novo", "reporter", ticketFields, [png]);
    expect(opened.status).toBe(302);
    const location = opened.headers.get("location") ?? "";
    expect(location).toMatch(/^\/user\/suporte\/[0-9a-f-]{36}\?aberto=1$/);
    const id = location.slice("/user/suporte/".length, -"?aberto=1".length);

    const shown = await page(location, "reporter");
    expect(shown.status).toBe(200);
    const protocol = /Chamado aberto\. O protocolo é (SUP-\d{8}-[0-9A-Z]{6})/.exec(shown.html)?.[1];
    expect(protocol).toBeTruthy();
    expect(shown.html).toContain("Erro ao emitir nota fiscal de saída</h1>");
    expect(shown.html).toContain('class="ticket-status ticket-status--aberto">Aberto</span>');
    expect(shown.html).toContain("Aguardando envio à equipe de suporte");
    expect(shown.html).toContain("Enviando à equipe de suporte");
    // The description is text with its line break (a multipart field's is CR LF), its quotes escaped.
    expect(shown.html).toContain(
      '<div class="message__body">Ao emitir a nota aparece &#x27;Rejeição 225&#x27;.\nAcontece desde ontem, em todas as filiais.</div>',
    );
    expect(shown.html).toContain("<dd>Problema</dd>");
    expect(shown.html).toMatch(/ticket-priority--alta">Alta</);
    expect(shown.html).toContain("Marcar como resolvido");
    const attachmentPath = new RegExp(`href="(/user/suporte/${id}/anexos/[0-9a-f-]{36})"`).exec(
      shown.html,
    )?.[1];
    expect(attachmentPath).toBeTruthy();
    expect(shown.html).toContain("tela do erro.png");
    ticket = { id, protocol: protocol!, attachmentPath: attachmentPath! };

    const download = await get(ticket.attachmentPath, "reporter");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toBe(
      "attachment; filename=\"tela do erro.png\"; filename*=UTF-8''tela%20do%20erro.png",
    );
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await download.arrayBuffer()).equals(ONE_PIXEL_PNG)).toBe(true);

    // The list shows it, with its protocol, category and status; no "new reply" on one's own ticket.
    const list = await page("/user/suporte", "reporter");
    expect(list.html).toContain(`href="/user/suporte/${id}"`);
    expect(list.html).toContain(protocol);
    expect(list.html).toContain("1 chamado");
    expect(list.html).not.toContain("Nova resposta");
    expect(list.html).not.toContain("Aberto por");
  });

  it("shows the company's owner every ticket with who opened it", async () => {
    const list = await page("/user/suporte", "owner");
    expect(list.html).toContain(ticket.protocol);
    expect(list.html).toContain("Aberto por Zé Lima");
    expect((await page(`/user/suporte/${ticket.id}`, "owner")).status).toBe(200);
    expect((await get(ticket.attachmentPath, "owner")).status).toBe(200);
  });

  it("answers 404, never 403, to a colleague who did not open it and to another company", async () => {
    for (const who of ["colleague", "stranger"] as const) {
      const shown = await page(`/user/suporte/${ticket.id}`, who);
      expect(shown.status, who).toBe(404);
      expect(shown.html, who).toContain("Chamado não encontrado");
      expect(shown.html, who).not.toContain(ticket.protocol);
      const download = await get(ticket.attachmentPath, who);
      expect(download.status, who).toBe(404);
      expect(download.headers.get("content-disposition"), who).toBeNull();
      const reply = await postMultipart(`/user/suporte/${ticket.id}`, who, { intent: "reply", body: "Oi" });
      expect(reply.status, who).toBe(404);
      const resolve = await postForm(
        server.url,
        `/user/suporte/${ticket.id}`,
        { intent: "resolve" },
        tokens[who],
      );
      expect(resolve.status, who).toBe(404);
      const list = await page("/user/suporte", who);
      expect(list.html, who).not.toContain(ticket.protocol);
    }
    // A ticket that does not exist, and an address that is no ticket's, look the same.
    expect((await page(`/user/suporte/${randomUUID()}`, "reporter")).status).toBe(404);
    expect((await page("/user/suporte/nao-existe", "reporter")).status).toBe(404);
    expect((await get(`/user/suporte/${ticket.id}/anexos/${randomUUID()}`, "reporter")).status).toBe(404);
  });

  it("refuses a file by its content, in Portuguese, at the top and by the field, keeping what was typed", async () => {
    const fake = new File([NOT_A_PDF], "x.pdf", { type: "application/pdf" });
    const refused = await postMultipart("/user/suporte/novo", "reporter", ticketFields, [fake]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const message =
      "O arquivo x.pdf não é de um tipo aceito: envie imagens, PDF, textos, CSV, planilhas ou documentos.";
    // At the top, as an alert, and by the file field.
    expect(html).toMatch(new RegExp(`role="alert"[^>]*><p>${message}</p>`));
    expect(html).toContain(`<p id="anexos-erro" class="field__error">${message}</p>`);
    const files = tagWithId(html, "anexos");
    expect(files).toContain('aria-invalid="true"');
    expect(files).toContain('aria-describedby="anexos-dica anexos-erro anexos-de-novo"');
    expect(html).toContain('id="anexos-erro"');
    expect(html).toContain("Os arquivos escolhidos não foram enviados: selecione-os de novo.");
    expect(html).toContain('value="Erro ao emitir nota fiscal de saída"');
    expect(inputWith(html, "category", "problema")).toContain('checked=""');
    expect(inputWith(html, "priority", "alta")).toContain('checked=""');
    expect(inputWith(html, "priority", "media")).not.toContain('checked=""');
  });

  it("says what is wrong beside each field, linked to it", async () => {
    const refused = await postMultipart("/user/suporte/novo", "reporter", {
      priority: "media",
      subject: "Oi",
      description: "curta",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Escolha a categoria do chamado.");
    expect(html).toContain("Informe o assunto (pelo menos 5 caracteres).");
    expect(html).toContain("Descreva o que aconteceu (pelo menos 10 caracteres).");
    const subject = tagWithId(html, "assunto");
    expect(subject).toContain('aria-invalid="true"');
    expect(subject).toContain('aria-describedby="assunto-dica assunto-erro"');
    expect(html).toMatch(/<p id="assunto-erro" class="field__error">Informe o assunto/);
    expect(html).toMatch(/<fieldset [^>]*aria-describedby="categoria-erro"/);
    expect(html).toContain('href="#assunto"');
    // The same fields in English for a visitor who chose it.
    const english = await fetch(`${server.url}/user/suporte/novo`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Authorization: `Bearer ${tokens.reporter}`, Cookie: "lang=en" },
      body: (() => {
        const body = new FormData();
        body.append("priority", "media");
        body.append("subject", "Oi");
        body.append("description", "uma descrição longa o bastante");
        return body;
      })(),
    });
    const text = await english.text();
    expect(text).toContain("Choose the ticket&#x27;s category.");
    expect(text).toContain("Enter the subject (at least 5 characters).");
  });

  it("takes a reply with a file, shown as text with its line breaks, waiting for delivery", async () => {
    const csv = new File([new TextEncoder().encode("produto;qtd\nSoja;120\n")], "estoque.csv", {
      type: "text/csv",
    });
    const replied = await postMultipart(
      `/user/suporte/${ticket.id}`,
      "reporter",
      { intent: "reply", body: "Segue a planilha.\n<script>alert(1)</script>" },
      [csv],
    );
    expect(replied.status).toBe(200);
    expect(await replied.text()).toContain("Resposta enviada à equipe de suporte.");
    const shown = await page(`/user/suporte/${ticket.id}`, "reporter");
    expect(shown.html).toContain("Segue a planilha.\n&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(shown.html).not.toContain("<script>alert(1)</script>");
    expect(shown.html).toContain("estoque.csv");
    expect(shown.html.split("Enviando à equipe de suporte").length - 1).toBe(2);
    const empty = await postMultipart(`/user/suporte/${ticket.id}`, "reporter", {
      intent: "reply",
      body: "  ",
    });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("Escreva a sua resposta.");
    const reply = tagWithId(html, "resposta");
    expect(reply).toContain('aria-invalid="true"');
    expect(reply).toContain('aria-describedby="resposta-dica resposta-erro"');
  });

  it("resolves and reopens through the page's buttons (plain form posts)", async () => {
    const resolved = await postForm(
      server.url,
      `/user/suporte/${ticket.id}`,
      { intent: "resolve" },
      tokens.reporter,
    );
    expect(resolved.status).toBe(200);
    expect(await resolved.text()).toContain("Chamado marcado como resolvido.");
    let shown = await page(`/user/suporte/${ticket.id}`, "reporter");
    expect(shown.html).toContain('class="ticket-status ticket-status--resolvido">Resolvido</span>');
    expect(shown.html).toContain("Se o problema voltou, você pode reabri-lo até");
    expect(shown.html).toMatch(/<button [^>]*value="reopen"[^>]*>Reabrir chamado<\/button>/);
    expect(shown.html).not.toContain('name="body"');
    expect(shown.html).not.toContain("Marcar como resolvido");
    const again = await postForm(
      server.url,
      `/user/suporte/${ticket.id}`,
      { intent: "resolve" },
      tokens.reporter,
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Este chamado já está resolvido.");
    // A reply from a page left open before it was resolved is refused, and says what to do.
    const late = await postMultipart(`/user/suporte/${ticket.id}`, "reporter", {
      intent: "reply",
      body: "Ainda com erro.",
    });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(
      "Este chamado está resolvido: reabra-o para responder ou abra um novo chamado.",
    );
    // The status filter finds it among the resolved ones only.
    expect((await page("/user/suporte?status=resolvido", "reporter")).html).toContain(ticket.protocol);
    expect((await page("/user/suporte?status=aberto", "reporter")).html).not.toContain(ticket.protocol);

    const reopened = await postForm(
      server.url,
      `/user/suporte/${ticket.id}`,
      { intent: "reopen" },
      tokens.reporter,
    );
    expect(reopened.status).toBe(200);
    expect(await reopened.text()).toContain("Chamado reaberto");
    shown = await page(`/user/suporte/${ticket.id}`, "reporter");
    expect(shown.html).toContain('class="ticket-status ticket-status--aberto">Aberto</span>');
    expect(shown.html).toContain('name="body"');
    const nonsense = await postForm(
      server.url,
      `/user/suporte/${ticket.id}`,
      { intent: "none" },
      tokens.reporter,
    );
    expect(nonsense.status).toBe(400);
  });

  it("searches by subject and protocol and says when nothing matches", async () => {
    for (const q of ["nota fiscal", ticket.protocol.toLowerCase()]) {
      const found = await page(`/user/suporte?q=${encodeURIComponent(q)}`, "reporter");
      expect(found.html, q).toContain(ticket.protocol);
      expect(found.html, q).toContain(`value="${q}"`);
    }
    const none = await page("/user/suporte?q=inexistente&status=em-atendimento", "reporter");
    expect(none.html).toContain("Nenhum chamado encontrado com esses filtros.");
    expect(none.html).toContain("Limpar filtros");
    expect(none.html).toMatch(/<option value="em-atendimento" selected="">Em atendimento<\/option>/);
    // An unknown status or page is ignored, never an error.
    expect((await page("/user/suporte?status=xyz&page=-3", "reporter")).status).toBe(200);
  });

  it("pages the list 20 at a time, keeping the search in the links", async () => {
    for (let n = 1; n <= 21; n++) {
      const opened = await postForm(
        server.url,
        "/user/suporte/novo",
        {
          category: "duvida",
          priority: "baixa",
          subject: `Pedido número ${n}`,
          description: "Uma dúvida qualquer.",
        },
        tokens.stranger,
      );
      expect(opened.status).toBe(302);
    }
    const first = await page("/user/suporte?q=Pedido", "stranger");
    expect(first.html).toContain("21 chamados");
    expect(first.html).toContain("Página 1 de 2");
    expect(first.html).toContain('href="/user/suporte?q=Pedido&amp;page=2"');
    expect(first.html.match(/class="ticket-row"/g)).toHaveLength(20);
    const second = await page("/user/suporte?q=Pedido&page=2", "stranger");
    expect(second.html).toContain("Página 2 de 2");
    expect(second.html.match(/class="ticket-row"/g)).toHaveLength(1);
    expect(second.html).toContain("Pedido número 1<");
    expect(second.html).toContain('href="/user/suporte?q=Pedido"');
  });

  it("takes files only at the two ticket forms, within their own limit, with Content-Length", async () => {
    const other = await fetch(`${server.url}/user/usuarios`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Authorization: `Bearer ${tokens.owner}` },
      body: (() => {
        const body = new FormData();
        body.append("intent", "remove");
        return body;
      })(),
    });
    expect(other.status).toBe(415);

    // With JavaScript, React Router posts the same form to the route's .data twin.
    const body = new FormData();
    for (const [name, value] of Object.entries({
      ...ticketFields,
      subject: "Aberto pelo navegador com JavaScript",
    }))
      body.append(name, value);
    body.append("anexos", new File([ONE_PIXEL_PNG], "print.png", { type: "image/png" }));
    const scripted = await fetch(`${server.url}/user/suporte/novo.data`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Authorization: `Bearer ${tokens.owner}` },
      body,
    });
    expect(scripted.status, await scripted.text()).toBeLessThan(400);
    expect((await page("/user/suporte?q=navegador", "owner")).html).toContain("1 chamado");

    const malformed = await fetch(`${server.url}/user/suporte/novo`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.url,
        Authorization: `Bearer ${tokens.reporter}`,
        "Content-Type": "multipart/form-data; boundary=x",
      },
      body: '--x\r\nContent-Disposition: form-data; name="subject"\r\n\r\nsem fim',
    });
    expect(malformed.status).toBe(400);

    // Declared past 5 × 10 MB + 1 MB: refused before a byte is read, with a page in Portuguese.
    const tooLarge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.url}/user/suporte/novo`, {
        method: "POST",
        headers: {
          Origin: server.url,
          Authorization: `Bearer ${tokens.reporter}`,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(52 * 1024 * 1024),
        },
      });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on("error", reject);
      req.flushHeaders();
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain("Os anexos passam do limite: envie até 5 arquivos de até 10 MB cada.");
    expect(tooLarge.body).toContain('lang="pt-BR"');

    // A body of no declared length (chunked) is refused as other page posts are.
    const chunked = await fetch(`${server.url}/user/suporte/novo`, {
      method: "POST",
      redirect: "manual",
      duplex: "half",
      headers: {
        Origin: server.url,
        Authorization: `Bearer ${tokens.reporter}`,
        "Content-Type": "multipart/form-data; boundary=x",
      },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("--x--\r\n"));
          controller.close();
        },
      }),
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });

  it("writes valid HTML: the list, the form with its errors, a ticket and a missing one", async () => {
    const refused = await postMultipart("/user/suporte/novo", "reporter", {
      priority: "media",
      subject: "Oi",
    });
    const pages = {
      list: (await page("/user/suporte", "owner")).html,
      filtered: (await page("/user/suporte?q=nada&status=resolvido", "owner")).html,
      form: (await page("/user/suporte/novo", "reporter")).html,
      refused: await refused.text(),
      ticket: (await page(`/user/suporte/${ticket.id}`, "reporter")).html,
      missing: (await page(`/user/suporte/${randomUUID()}`, "reporter")).html,
    };
    for (const [name, html] of Object.entries(pages)) expect(await htmlProblems(html), name).toEqual([]);
  });

  it("speaks English to a visitor who chose it", async () => {
    const list = await get("/user/suporte", "reporter", { Cookie: "lang=en" });
    const html = await list.text();
    expect(html).toContain("Support tickets</h1>");
    expect(html).toContain(">New ticket<");
    const shown = await (await get(`/user/suporte/${ticket.id}`, "reporter", { Cookie: "lang=en" })).text();
    expect(shown).toContain("Waiting to be sent to the support team");
    expect(shown).toContain("Mark as resolved");
    // The service's refusals too (decision 115): a file refused by its content, at its status.
    const fake = new File([NOT_A_PDF], "x.pdf", { type: "application/pdf" });
    const refused = await postMultipart("/user/suporte/novo", "reporter", ticketFields, [fake], {
      Cookie: "lang=en",
    });
    expect(refused.status).toBe(400);
    const said = await refused.text();
    expect(said).toContain(
      "The file x.pdf is not of an accepted type: send images, PDF, text, CSV, spreadsheets or documents.",
    );
    expect(said).not.toContain("não é de um tipo aceito");
  });
});
