import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSmtp, type ReceivedMail, startFakeSmtp } from "../fakes/smtp.ts";
import { demoTokens, postForm, type ServerProcess, startServerProcess } from "../support/server-process.ts";

/** A name an attacker would store to write into the site's e-mails: markup, header lines, a fake link. */
const HOSTILE_NAME =
  "<img src=x onerror=alert(1)>\r\nBcc: vitima@evil.example\r\n\r\nClique: https://evil.example";

/** The message is plain text, to the one recipient, with the stored name on one line as typed. */
function expectInert(mail: ReceivedMail, to: string) {
  expect(mail.to).toEqual([to]);
  expect(mail.headers.find((h) => /^content-type:/i.test(h))).toMatch(
    /^Content-Type: text\/plain; charset=utf-8$/i,
  );
  expect(mail.headers.some((h) => /^(bcc|cc|reply-to):/i.test(h))).toBe(false);
  const lines = mail.text.split("\n");
  expect(lines[0]).toBe(
    "Olá, <img src=x onerror=alert(1)> Bcc: vitima@evil.example Clique: https://evil.example.",
  );
  expect(lines.some((line) => /^(Bcc|Clique):/.test(line))).toBe(false);
}

describe("stored strings in the e-mails the site sends", () => {
  let smtp: FakeSmtp;
  let server: ServerProcess;
  let admin: string;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startServerProcess({ SMTP_URL: smtp.url });
    ({ admin } = await demoTokens(server));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const post = (path: string, body: Record<string, string>, token?: string) =>
    postForm(server.url, path, body, token);

  it("an invitation and a password reset show a hostile name as one inert line of plain text", async () => {
    const created = await post(
      "/admin/usuarios",
      {
        intent: "create",
        email: "alvo@example.com",
        name: HOSTILE_NAME,
        role: "customer",
        cnpj: "11.222.333/0001-81",
        access: "invite",
      },
      admin,
    );
    expect(created.status).toBe(200);
    await expect.poll(() => smtp.messages.length).toBe(1);
    expectInert(smtp.messages[0]!, "alvo@example.com");

    const reset = await post("/forgot-password", { email: "alvo@example.com" });
    expect(reset.status).toBeLessThan(400);
    await expect.poll(() => smtp.messages.length).toBe(2);
    expect(smtp.messages[1]!.subject).toBe("Redefinição de senha — Vértice");
    expectInert(smtp.messages[1]!, "alvo@example.com");
  });
});
