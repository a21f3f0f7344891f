import { describe, expect, it } from "vitest";
import type { JobRow } from "../outbox/worker.ts";
import { outboxMail } from "./mailer.ts";
import type { Mailer, MailMessage } from "./message.ts";

function recordingMailer(available = true): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    available,
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** A job as stored; its payload of any shape, as a row written by hand may hold (the handler checks it). */
function job(overrides: Omit<Partial<JobRow>, "payload"> & { payload?: unknown }): JobRow {
  return {
    id: 1,
    leadId: null,
    ticketId: null,
    planRequestId: null,
    webhookEndpointId: null,
    kind: "mail",
    event: null,
    payload: null,
    status: "running",
    attempts: 1,
    maxAttempts: 5,
    runAt: new Date(),
    lockedUntil: null,
    lockedBy: null,
    lastError: null,
    createdAt: new Date(),
    finishedAt: null,
    rerun: false,
    exhausted: false,
    ...(overrides as Partial<JobRow>),
  };
}

const LEAD = "3f2b9c1e-8a4d-4e6f-9b21-0c7d5e4a1b2c";

describe("the outbox's e-mails (kind 'mail')", () => {
  it("sends a payload's text as before, and its HTML part and unsubscribe headers when it has them", async () => {
    const mailer = recordingMailer();
    const handler = outboxMail(mailer);
    expect(await handler(job({ payload: { to: "a@example.com", subject: "Oi", text: "Texto" } }))).toBe(
      "enviado para a@example.com",
    );
    expect(mailer.sent[0]).toEqual({ to: "a@example.com", subject: "Oi", text: "Texto" });
    const headers = {
      "List-Unsubscribe": "<https://x.example/u?t=1>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await handler(
      job({ payload: { to: "a@example.com", subject: "Oi", text: "Texto", html: "<p>Texto</p>", headers } }),
    );
    expect(mailer.sent[1]).toEqual({
      to: "a@example.com",
      subject: "Oi",
      text: "Texto",
      html: "<p>Texto</p>",
      headers,
    });
  });

  it("refuses, without retrying, a payload missing a part or with a header it does not set or spanning lines", async () => {
    const mailer = recordingMailer();
    const handler = outboxMail(mailer);
    for (const payload of [
      { to: "a@example.com", subject: "Oi" },
      { to: "a@example.com", subject: "Oi", text: "T", headers: { Bcc: "vitima@example.com" } },
      {
        to: "a@example.com",
        subject: "Oi",
        text: "T",
        headers: { "List-Unsubscribe": "<x>\r\nBcc: v@example.com" },
      },
    ])
      await expect(handler(job({ payload })), JSON.stringify(payload)).rejects.toMatchObject({
        retryable: false,
      });
    expect(mailer.sent).toEqual([]);
  });

  it("composes a lead's e-mail when the job runs, and records what the composer says", async () => {
    const mailer = recordingMailer();
    const composed: string[] = [];
    const handler = outboxMail(mailer, async (j) => {
      composed.push(j.leadId!);
      return {
        message: { to: "v@example.com", subject: "S", text: "T", html: "<p>T</p>" },
        detail: "confirmação enviada",
      };
    });
    expect(await handler(job({ leadId: LEAD }))).toBe("confirmação enviada");
    expect(composed).toEqual([LEAD]);
    expect(mailer.sent).toEqual([{ to: "v@example.com", subject: "S", text: "T", html: "<p>T</p>" }]);
    // A reason instead of a message: nothing is sent, the job ends with the reason.
    const skipping = outboxMail(mailer, async () => "não enviado: o lead não tem e-mail");
    expect(await skipping(job({ leadId: LEAD }))).toBe("não enviado: o lead não tem e-mail");
    expect(mailer.sent).toHaveLength(1);
  });

  it("without mail configured, ends at once recorded as not sent (nothing composed)", async () => {
    let composed = 0;
    const handler = outboxMail(recordingMailer(false), async () => {
      composed++;
      return "x";
    });
    expect(await handler(job({ leadId: LEAD }))).toBe("não enviado: e-mail não configurado (SMTP_URL)");
    expect(await handler(job({ payload: { to: "a@example.com", subject: "Oi", text: "T" } }))).toBe(
      "não enviado: e-mail não configurado (SMTP_URL)",
    );
    expect(composed).toBe(0);
  });

  it("a failed send is retried on the job schedule", async () => {
    const failing: Mailer = {
      available: true,
      async send() {
        throw new Error("connection refused");
      },
    };
    await expect(
      outboxMail(failing)(job({ payload: { to: "a@example.com", subject: "Oi", text: "T" } })),
    ).rejects.toMatchObject({ retryable: true, message: "envio falhou: connection refused" });
  });
});
