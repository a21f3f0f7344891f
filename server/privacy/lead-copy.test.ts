import { describe, expect, it } from "vitest";
import { Signer } from "../secrets.ts";
import {
  CONFIRMATION_HOURS,
  copyText,
  leadCopyEmailSchema,
  leadCopyToken,
  readLeadCopyToken,
} from "./lead-copy.ts";
import { fillRetentionPeriod, mentionsRetentionPeriod } from "./policy-text.ts";

const signer = new Signer("test-secret-test-secret-test-secret!");
const now = new Date("2026-11-26T12:00:00Z");

describe("the confirmation link's token", () => {
  it("names the address and language it was made for", () => {
    const token = leadCopyToken(signer, "maria@agrosul.com.br", "en", now);
    expect(readLeadCopyToken(signer, token, now)).toEqual({
      ok: true,
      email: "maria@agrosul.com.br",
      language: "en",
    });
  });

  it("expires after 24 hours", () => {
    const token = leadCopyToken(signer, "maria@agrosul.com.br", "pt", now);
    const later = (ms: number) => new Date(now.getTime() + ms);
    expect(readLeadCopyToken(signer, token, later(CONFIRMATION_HOURS * 3600_000 - 1000)).ok).toBe(true);
    expect(readLeadCopyToken(signer, token, later(CONFIRMATION_HOURS * 3600_000))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a token altered anywhere, forged with another secret, or malformed", () => {
    const token = leadCopyToken(signer, "maria@agrosul.com.br", "pt", now);
    const [address, language, expiry, signature] = token.split(".") as [string, string, string, string];
    const other = Buffer.from("outra@example.com").toString("base64url");
    for (const altered of [
      `${other}.${language}.${expiry}.${signature}`,
      `${address}.en.${expiry}.${signature}`,
      `${address}.${language}.${(Number.parseInt(expiry, 36) + 3600).toString(36)}.${signature}`,
      leadCopyToken(new Signer("another-secret-another-secret-another!"), "maria@agrosul.com.br", "pt", now),
      "",
      "abc",
      `${token}x`,
      42,
      null,
    ])
      expect(readLeadCopyToken(signer, altered, now)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("the e-mail a visitor types", () => {
  it("is trimmed and lower-cased; a bad one is refused naming the field", () => {
    expect(leadCopyEmailSchema.parse("  Maria@AgroSul.com.br ")).toBe("maria@agrosul.com.br");
    for (const bad of ["", "   ", "não-é-email", `${"a".repeat(200)}@x.com`]) {
      const result = leadCopyEmailSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/^E-mail: /);
    }
  });
});

describe("the copy's text", () => {
  it("lists each lead's protocol, form, answers and consent, then the JSON", () => {
    const text = copyText(
      [
        {
          protocol: "LEAD-7",
          localProtocol: "VRT-20261122-7K3F9Q",
          form: "demo",
          sentAt: "2026-11-22T13:05:00.000Z",
          answers: { nomeResponsavel: "Maria Oliveira", segmento: ["agronegocio", "varejo"] },
          consent: {
            purpose: "Contato comercial",
            textVersion: "2026-11-01",
            givenAt: "2026-11-22T13:05:00.000Z",
            withdrawnAt: null,
            withdrawnVia: null,
          },
          cookieChoices: [
            {
              decidedAt: "2026-11-22T13:01:00.000Z",
              measurement: true,
              marketing: false,
              method: "custom",
              listVersion: "1",
            },
          ],
        },
      ],
      "pt",
    );
    expect(text).toContain("Escolha de cookies em 22/11/2026 às 10:01");
    expect(text).toContain("Medição aceita, Marketing recusado");
    expect(text).toContain("Protocolo: LEAD-7");
    expect(text).toContain("Formulário: demo");
    expect(text).toContain("22/11/2026 às 10:05");
    expect(text).toContain("segmento: agronegocio, varejo");
    expect(text).toContain("Contato comercial (texto versão 2026-11-01)");
    expect(text).toContain('"nomeResponsavel": "Maria Oliveira"');
  });

  it("in English, its times are written in English (still in Brasília time)", () => {
    const entry = {
      protocol: "LEAD-8",
      localProtocol: "VRT-20261122-7K3F9R",
      form: "contato",
      sentAt: "2026-11-22T13:05:00.000Z",
      answers: { nome: "John" },
      consent: {
        purpose: "Sales contact",
        textVersion: "2026-11-01",
        givenAt: "2026-11-22T13:05:00.000Z",
        withdrawnAt: null,
        withdrawnVia: null,
      },
      cookieChoices: [],
    };
    const text = copyText([entry], "en");
    expect(text).toContain("22 Nov 2026 at 10:05 (Brasília time)");
    expect(text).not.toContain(" às ");
  });
});

describe("the privacy policy's retention period", () => {
  it("replaces the placeholder in every string, and leaves other content alone", () => {
    const page = {
      a: "Por {prazoRetencaoLeads} meses.",
      b: ["x {prazoRetencaoLeads}"],
      c: 3,
      d: { e: "sem" },
    };
    expect(mentionsRetentionPeriod(page)).toBe(true);
    expect(fillRetentionPeriod(page, 18)).toEqual({ a: "Por 18 meses.", b: ["x 18"], c: 3, d: { e: "sem" } });
    expect(mentionsRetentionPeriod({ a: "nada" })).toBe(false);
  });
});
