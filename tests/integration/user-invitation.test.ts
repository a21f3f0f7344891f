import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import { loginToken, postForm, type ServerProcess, startServerProcess } from "../support/server-process.ts";

/** Settings (decision 074): a user created with an invitation e-mail sets the first password alone. */
describe("a user invited by e-mail", () => {
  let smtp: FakeSmtp;
  let withMail: ServerProcess;
  let withoutMail: ServerProcess;
  let adminWithMail: string;
  let adminWithoutMail: string;

  const post = (server: ServerProcess, path: string, body: Record<string, string>, token?: string) =>
    postForm(server.url, path, body, token);
  const adminOf = async (server: ServerProcess) => {
    const a = /admin: +(\S+) \/ (\S+)/.exec(server.output())!;
    return loginToken(server.url, a[1]!, a[2]!);
  };

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    [withMail, withoutMail] = await Promise.all([
      startServerProcess({ SMTP_URL: smtp.url }),
      startServerProcess({}),
    ]);
    [adminWithMail, adminWithoutMail] = await Promise.all([adminOf(withMail), adminOf(withoutMail)]);
  });
  afterAll(async () => {
    await withMail?.stop();
    await withoutMail?.stop();
    await smtp?.close();
  });

  it("gets a single-use link by e-mail, chooses a password and signs in; no password is ever shown", async () => {
    const created = await post(
      withMail,
      "/admin/usuarios",
      {
        intent: "create",
        email: "convidada@example.com",
        name: "Pessoa Convidada",
        role: "customer",
        cnpj: "11.222.333/0001-81",
        access: "invite",
      },
      adminWithMail,
    );
    expect(created.status).toBe(200);
    const html = await created.text();
    expect(html).toContain("Um convite foi enviado por e-mail");
    expect(html).not.toContain("Senha provisória (mostrada só agora)");

    await expect.poll(() => smtp.messages.length).toBe(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(["convidada@example.com"]);
    expect(mail.subject).toBe("Convite para a área de clientes — Vértice");
    expect(mail.text).toContain("válido por 7 dias");
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

    const set = await post(withMail, "/reset-password", {
      token,
      password: "uma-senha-boa-123",
      confirm: "uma-senha-boa-123",
    });
    expect(set.status).toBe(302);
    expect(await loginToken(withMail.url, "convidada@example.com", "uma-senha-boa-123")).toBeTruthy();
    // The link works once.
    const again = await post(withMail, "/reset-password", {
      token,
      password: "outra-senha-123",
      confirm: "outra-senha-123",
    });
    expect(await again.text()).toContain("Este link de redefinição é inválido ou já expirou.");
  });

  it("without SMTP_URL the invitation is not offered and a request for one is refused", async () => {
    const page = await (
      await fetch(`${withoutMail.url}/admin/usuarios`, {
        headers: { Authorization: `Bearer ${adminWithoutMail}` },
      })
    ).text();
    expect(page).toContain("O convite por e-mail precisa do envio de e-mails (SMTP_URL) configurado.");
    expect(page).toMatch(/<option value="invite" disabled="">/);
    const refused = await post(
      withoutMail,
      "/admin/usuarios",
      {
        intent: "create",
        email: "semconvite@example.com",
        role: "customer",
        cnpj: "11.222.333/0001-81",
        access: "invite",
      },
      adminWithoutMail,
    );
    expect(await refused.text()).toContain(
      "O convite por e-mail precisa do envio de e-mails (SMTP_URL) configurado.",
    );
    const users = await (
      await fetch(`${withoutMail.url}/admin/usuarios`, {
        headers: { Authorization: `Bearer ${adminWithoutMail}` },
      })
    ).text();
    expect(users).not.toContain("semconvite@example.com");
  });
});
