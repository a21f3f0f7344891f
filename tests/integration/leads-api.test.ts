import { randomUUID } from "node:crypto";
import { openDatabase } from "@server/db/client.ts";
import { leads } from "@server/db/schema.ts";
import { issueFormChallenge } from "@server/leads/spam.ts";
import { Signer } from "@server/secrets.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { consentCookie } from "../support/consent.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const SECRET = "integration-test-secret-0123456789abcdef";

/** The contact form's challenge, fetched as the form does on its first interaction (decision 122). */
async function formToken(url: string): Promise<string> {
  const answer = (await (await fetch(`${url}/api/forms/challenge?form=contato`)).json()) as {
    token?: string;
  };
  if (!answer.token) throw new Error("no challenge for the contact form");
  return answer.token;
}

const contact = (token: string, extra: Record<string, unknown> = {}) => ({
  form: "contato",
  answers: {
    nome: "Carla Dias",
    email: "carla@example.com",
    mensagem: "Gostaria de uma proposta para 20 usuários.",
  },
  requestKey: randomUUID(),
  formToken: token,
  tracking: {
    page: "http://localhost/contato?utm_source=google",
    utm: { utm_source: "google", utm_campaign: "erp" },
  },
  ...extra,
});

describe("POST /api/leads over HTTP", () => {
  let jira: FakeJira;
  let server: ServerProcess;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/leads`, {
      method: "POST",
      // A visitor who allowed Medição (decision 123): the analytics id goes with the lead.
      headers: {
        "Content-Type": "application/json",
        Cookie: `_clck=clarity42|1|2; ${consentCookie()}`,
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    jira = await startFakeJira();
    server = await startServerProcess({
      ...jiraEnv(jira),
      FORM_MIN_FILL_MS: "3000",
      SESSION_SECRET: SECRET,
      FORM_RATE_LIMIT_PER_MINUTE: "15",
    });
  });
  afterAll(async () => {
    await server.stop();
    await jira.close();
  });

  it("a fast submission alone is delivered (decision 125); fast with links, a filled honeypot or a forged token are answered like a success and never delivered", async () => {
    // A person whose browser filled the form: sent at once, nothing else amiss. Delivered.
    const autofilled = await post(contact(await formToken(server.url)));
    expect(autofilled.status).toBe(201);
    expect((await autofilled.json()).protocol).toBe(jira.issues[0]!.key);
    expect(jira.issues).toHaveLength(1);

    const fresh = await formToken(server.url);
    const tooFast = await post(
      contact(fresh, {
        answers: { nome: "Robô", email: "robo@example.com", mensagem: "Visite http://spam.example" },
      }),
    );
    expect(tooFast.status).toBe(201);
    const tooFastBody = await tooFast.json();
    expect(tooFastBody.protocol).toMatch(/^VRT-/);

    const honeypot = await post(contact(fresh, { website: "http://spam.example" }));
    expect(honeypot.status).toBe(201);
    const forged = await post(contact("123.forged"));
    expect(forged.status).toBe(201);
    expect(jira.issues).toHaveLength(1);

    // A real visitor: the form was first touched ten seconds before it was sent (a challenge signed
    // with the server's secret).
    const shownEarlier = issueFormChallenge(new Signer(SECRET), "contato", Date.now() - 10_000);
    const person = await post(contact(shownEarlier));
    expect(person.status).toBe(201);
    const body = await person.json();
    expect(body.protocol).toBe(jira.issues[1]!.key);
    expect(jira.issues).toHaveLength(2);
  });

  it("a challenge delivers one lead: a replay is held for review, another form's challenge too", async () => {
    const signer = new Signer(SECRET);
    const touchedEarlier = issueFormChallenge(signer, "contato", Date.now() - 10_000);
    const before = jira.issues.length;
    const first = await post(contact(touchedEarlier));
    expect(first.status).toBe(201);
    expect(jira.issues).toHaveLength(before + 1);
    // The answer hands back no token: the page's next form fetches its own challenge.
    expect((await first.json()).formToken).toBeUndefined();

    // A replayed challenge (a new request, the same challenge) is answered alike, stored, and held.
    const replay = await post(
      contact(touchedEarlier, {
        answers: { nome: "Robô", email: "robo@example.com", mensagem: "Mensagem repetida por um robô." },
      }),
    );
    expect(replay.status).toBe(201);
    const replayed = await replay.json();
    expect(jira.issues).toHaveLength(before + 1);
    expect(replayed.protocol).toMatch(/^VRT-/);

    // The newsletter's challenge sent with the contact form: held too.
    const borrowed = await post(contact(issueFormChallenge(signer, "newsletter", Date.now() - 10_000)));
    expect(borrowed.status).toBe(201);
    expect(jira.issues).toHaveLength(before + 1);
  });

  it("answers bad input with clear Portuguese 4xx messages", async () => {
    const token = await formToken(server.url);
    const invalid = await post(
      contact(token, { answers: { nome: "C", email: "sem-arroba", mensagem: "curta" } }),
    );
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: {
        nome: "Mínimo de 2 caracteres",
        email: "E-mail inválido",
        mensagem: "Mínimo de 10 caracteres",
      },
    });
    const notJson = await post("{nope");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: "O corpo da requisição não é um JSON válido." });
    const unknownForm = await post({ ...contact(token), form: "inexistente" });
    expect(unknownForm.status).toBe(400);
    expect((await unknownForm.json()).message).toMatch(/^Parâmetros inválidos\. form: /);
    const wrongType = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(wrongType.status).toBe(415);
    const huge = await post(contact(token, { answers: { mensagem: "x".repeat(70_000) } }));
    expect(huge.status).toBe(413);
    const badFinalize = await post(contact(token, { leadId: randomUUID(), accessToken: "forged" }));
    expect(badFinalize.status).toBe(403);
    expect((await badFinalize.json()).message).toBe(
      "Não foi possível concluir este formulário. Recarregue a página e tente novamente.",
    );
  });

  it("limits submissions per IP per minute with a 429 in Portuguese", async () => {
    let limited: Response | null = null;
    for (let i = 0; i < 18 && !limited; i++) {
      const res = await post({ form: "newsletter" });
      if (res.status === 429) limited = res;
    }
    expect(limited?.status).toBe(429);
    expect(await limited!.json()).toEqual({
      message: "Muitas solicitações em pouco tempo. Aguarde um minuto e tente novamente.",
    });
  });

  it("stored every lead with consent, clarity id from the _clck cookie, UTM parameters and the spam flags", async () => {
    await server.stop();
    const db = await openDatabase({ kind: "pglite", dataDir: server.dataDir });
    try {
      const rows = await db.db.select().from(leads);
      const spam = rows
        .filter((r) => r.spamReason)
        .map((r) => r.spamReason)
        .sort();
      // The forged token and the other form's challenge are bad tokens.
      expect(spam).toEqual(["bad-token", "bad-token", "honeypot", "replayed-token", "too-fast"]);
      const delivered = rows.find((r) => r.deliveryStatus === "delivered")!;
      expect(delivered.consentPurpose.length).toBeGreaterThan(10);
      expect(delivered.consentTextVersion).toBe("2026-12-02");
      expect(delivered.tracking).toMatchObject({
        clarityId: "clarity42",
        utm: { utm_source: "google", utm_campaign: "erp" },
      });
      expect(delivered.clientHash).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify({ ...delivered, trackerUrl: null })).not.toContain("127.0.0.1");
    } finally {
      await db.close();
      server = await startServerProcess({ DATA_DIR: server.dataDir });
    }
  });
});
