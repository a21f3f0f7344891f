import { describe, expect, it } from "vitest";
import { Signer } from "../secrets.ts";
import {
  answersCarryLinks,
  CONFIRMATION_MIN_FILL_MS,
  FAST_RECENT_LIMIT,
  FAST_RECENT_WINDOW_MS,
  FORM_TOKEN_SHAPE,
  fillVerdict,
  formTokenKey,
  issueFormChallenge,
  issueFormToken,
  MIN_FILL_MS,
  readFormToken,
  spamReason,
} from "./spam.ts";

const signer = new Signer("x".repeat(32));
const SHOWN = Date.parse("2026-11-22T12:00:00.000Z");
const DAY = 24 * 3600_000;
const token = issueFormToken(signer, SHOWN);

describe("spam check: honeypot", () => {
  it("a filled honeypot is spam, whatever the token", () => {
    expect(spamReason({ honeypot: "http://spam.example", formToken: token }, signer, SHOWN + 60_000)).toBe(
      "honeypot",
    );
    expect(spamReason({ honeypot: "x", formToken: "lixo" }, signer, SHOWN + 60_000)).toBe("honeypot");
  });
  it("an empty, whitespace-only or absent honeypot is not", () => {
    expect(spamReason({ honeypot: "", formToken: token }, signer, SHOWN + 60_000)).toBeNull();
    expect(spamReason({ honeypot: "   ", formToken: token }, signer, SHOWN + 60_000)).toBeNull();
    expect(spamReason({ honeypot: null, formToken: token }, signer, SHOWN + 60_000)).toBeNull();
    expect(spamReason({ formToken: token }, signer, SHOWN + 60_000)).toBeNull();
  });
});

describe("spam check: the signed form token ('bad-token')", () => {
  const later = SHOWN + 60_000;

  it("the token is '{time}.{nonce}.{signature}', unique per issue", () => {
    const [time, nonce, signature] = token.split(".");
    expect(time).toBe(String(SHOWN));
    expect(signature).toBe(signer.sign("form", `${SHOWN}.${nonce}`));
    expect(issueFormToken(signer, SHOWN)).not.toBe(token);
  });
  it("still reads a token of the earlier form '{time}.{signature}'", () => {
    expect(
      spamReason({ formToken: `${SHOWN}.${signer.sign("form", String(SHOWN))}` }, signer, SHOWN + 60_000),
    ).toBeNull();
  });
  it("a missing token", () => {
    expect(spamReason({}, signer, later)).toBe("bad-token");
    expect(spamReason({ formToken: null }, signer, later)).toBe("bad-token");
    expect(spamReason({ formToken: "" }, signer, later)).toBe("bad-token");
  });
  it("a malformed token", () => {
    expect(spamReason({ formToken: "abc" }, signer, later)).toBe("bad-token");
    expect(spamReason({ formToken: `${SHOWN}.` }, signer, later)).toBe("bad-token");
    expect(spamReason({ formToken: `.${signer.sign("form", String(SHOWN))}` }, signer, later)).toBe(
      "bad-token",
    );
  });
  it("a token signed with another secret", () => {
    const forged = issueFormToken(new Signer("y".repeat(32)), SHOWN);
    expect(spamReason({ formToken: forged }, signer, later)).toBe("bad-token");
  });
  it("a token whose time was changed (made older to pass the speed check)", () => {
    const [, nonce, signature] = token.split(".");
    expect(spamReason({ formToken: `${SHOWN - 10_000}.${nonce}.${signature}` }, signer, SHOWN + 1000)).toBe(
      "bad-token",
    );
  });
  it("a signature for another purpose", () => {
    const other = `${SHOWN}.${signer.sign("session", String(SHOWN))}`;
    expect(spamReason({ formToken: other }, signer, later)).toBe("bad-token");
  });
  it("a token older than 7 days; exactly 7 days is still accepted", () => {
    expect(spamReason({ formToken: token }, signer, SHOWN + 7 * DAY + 1)).toBe("bad-token");
    expect(spamReason({ formToken: token }, signer, SHOWN + 7 * DAY)).toBeNull();
  });
});

describe("spam check: fast (< minFillMs, default 3000 ms) weighs with other signs (decision 125)", () => {
  const bot = { links: true, recentFromClient: 0 };
  it("the default is 3000 ms", () => {
    expect(MIN_FILL_MS).toBe(3000);
  });
  it("sent 2999 ms after the form was shown: fast", () => {
    expect(fillVerdict({ formToken: token }, signer, SHOWN + 2999)).toBe("fast");
    expect(fillVerdict({ formToken: token }, signer, SHOWN + 3000)).toBe("clean");
  });
  it("fast alone is accepted: autofill, a pasted CNPJ, a chat popup's two fields", () => {
    expect(spamReason({ formToken: token }, signer, SHOWN + 600)).toBeNull();
    expect(spamReason({ formToken: token }, signer, SHOWN + 2999)).toBeNull();
  });
  it("fast with links in the text is held as too-fast", () => {
    expect(spamReason({ formToken: token }, signer, SHOWN + 2999, MIN_FILL_MS, bot)).toBe("too-fast");
    // The same text sent at a person's pace is not held for its links alone.
    expect(spamReason({ formToken: token }, signer, SHOWN + 3000, MIN_FILL_MS, bot)).toBeNull();
  });
  it(`fast after ${FAST_RECENT_LIMIT} leads of the same client in ten minutes is held`, () => {
    const at = (recentFromClient: number) =>
      spamReason({ formToken: token }, signer, SHOWN + 1000, MIN_FILL_MS, { links: false, recentFromClient });
    expect(at(FAST_RECENT_LIMIT - 1)).toBeNull();
    expect(at(FAST_RECENT_LIMIT)).toBe("too-fast");
    expect(FAST_RECENT_WINDOW_MS).toBe(10 * 60_000);
  });
  it("a token from the future is fast", () => {
    expect(fillVerdict({ formToken: token }, signer, SHOWN - 1)).toBe("fast");
    expect(spamReason({ formToken: token }, signer, SHOWN - 1, MIN_FILL_MS, bot)).toBe("too-fast");
  });
  it("a custom minFillMs", () => {
    expect(fillVerdict({ formToken: token }, signer, SHOWN + 999, 1000)).toBe("fast");
    expect(fillVerdict({ formToken: token }, signer, SHOWN + 1000, 1000)).toBe("clean");
    expect(fillVerdict({ formToken: token }, signer, SHOWN, 0)).toBe("clean");
  });
  it("the honeypot and a bad token hold a lead however slow it was", () => {
    expect(spamReason({ honeypot: "x", formToken: token }, signer, SHOWN + 60_000)).toBe("honeypot");
    expect(spamReason({ formToken: "lixo" }, signer, SHOWN + 60_000)).toBe("bad-token");
  });
});

describe("links in the answers (decision 125)", () => {
  it("finds a URL, www., BBCode or an HTML tag in any text answer or list item", () => {
    for (const text of [
      "veja http://spam.example",
      "HTTPS://x.io",
      "acesse www.exemplo.com",
      "[url=https://x]oi[/url]",
      "<a href='x'>oi</a>",
    ])
      expect(answersCarryLinks({ mensagem: text })).toBe(true);
    expect(answersCarryLinks({ modulos: ["financeiro", "http://x.example"] })).toBe(true);
  });
  it("reads an e-mail, a company name with a dot, a CNPJ and numbers as plain text", () => {
    expect(
      answersCarryLinks({
        email: "ana@empresa.com.br",
        nomeEmpresa: "Silva & Filhos Ltda.",
        cnpj: "12.345.678/0001-90",
        numeroFuncionarios: 12,
        mensagem: "Preço < R$ 500? Uso o sistema 2.0",
      }),
    ).toBe(false);
  });
});

describe("a form's challenge (decision 122): signed, bound to its form and its time, spent once", () => {
  const challenge = issueFormChallenge(signer, "contato", SHOWN);

  it("is '{form}.{kind}.{time}.{nonce}.{signature}', unique per issue", () => {
    const [form, kind, time, nonce, signature] = challenge.split(".");
    expect([form, kind, time]).toEqual(["contato", "i", String(SHOWN)]);
    expect(signature).toBe(signer.sign("form-challenge", `contato.i.${SHOWN}.${nonce}`));
    expect(issueFormChallenge(signer, "contato", SHOWN)).not.toBe(challenge);
    expect(readFormToken(signer, challenge)).toEqual({
      shownAt: SHOWN,
      form: "contato",
      kind: "interaction",
    });
    expect(challenge.match(FORM_TOKEN_SHAPE)).toEqual([challenge]);
  });
  it("passes for its own form after the minimum fill time", () => {
    expect(spamReason({ formToken: challenge, formKey: "contato" }, signer, SHOWN + MIN_FILL_MS)).toBeNull();
    expect(fillVerdict({ formToken: challenge, formKey: "contato" }, signer, SHOWN + MIN_FILL_MS - 1)).toBe(
      "fast",
    );
  });
  it("is a bad token for another form", () => {
    expect(spamReason({ formToken: challenge, formKey: "demo" }, signer, SHOWN + 60_000)).toBe("bad-token");
  });
  it("is a bad token when its form, kind or time were changed, or signed for the page tokens' purpose", () => {
    const [, , , nonce, signature] = challenge.split(".");
    for (const forged of [
      `demo.i.${SHOWN}.${nonce}.${signature}`,
      `contato.c.${SHOWN}.${nonce}.${signature}`,
      `contato.i.${SHOWN - 10_000}.${nonce}.${signature}`,
      `contato.x.${SHOWN}.${nonce}.${signer.sign("form-challenge", `contato.x.${SHOWN}.${nonce}`)}`,
      `contato.i.${SHOWN}.${nonce}.${signer.sign("form", `contato.i.${SHOWN}.${nonce}`)}`,
    ])
      expect(spamReason({ formToken: forged, formKey: "contato" }, signer, SHOWN + 60_000)).toBe("bad-token");
  });
  it("drawn into a no-JavaScript confirmation step, it needs only a second to pass", () => {
    const confirmation = issueFormChallenge(signer, "newsletter", SHOWN, "confirmation");
    expect(CONFIRMATION_MIN_FILL_MS).toBe(1000);
    expect(readFormToken(signer, confirmation)?.kind).toBe("confirmation");
    const at = (ms: number) =>
      fillVerdict({ formToken: confirmation, formKey: "newsletter" }, signer, SHOWN + ms);
    expect(at(999)).toBe("fast");
    expect(at(1000)).toBe("clean");
    // A test server's minimum of 0 stays 0.
    expect(fillVerdict({ formToken: confirmation, formKey: "newsletter" }, signer, SHOWN, 0)).toBe("clean");
  });
  it("a page token of the earlier form is still read, bound to no form", () => {
    expect(readFormToken(signer, token)).toEqual({ shownAt: SHOWN, form: null, kind: "interaction" });
    expect(spamReason({ formToken: token, formKey: "demo" }, signer, SHOWN + 60_000)).toBeNull();
  });
  it("spends a token under a hash of it", () => {
    expect(formTokenKey(challenge)).toMatch(/^[0-9a-f]{40}$/);
    expect(formTokenKey(challenge)).not.toBe(formTokenKey(issueFormChallenge(signer, "contato", SHOWN)));
  });
});
