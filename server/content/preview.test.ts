import { describe, expect, it } from "vitest";
import { Signer } from "../secrets.ts";
import {
  clearedPreviewCookie,
  PREVIEW_TTL_MS,
  previewCookie,
  previewToken,
  readPreviewToken,
} from "./preview.ts";

const signer = new Signer("a-secret-of-at-least-some-length");
const grant = {
  name: "hero-section-data",
  segment: "agronegocio",
  lang: "en",
  expiresAt: 1_000_000 + PREVIEW_TTL_MS,
};

/** Preview links (decision 100): signed, for one document and level, for an hour. */
describe("preview tokens", () => {
  it("gives back the grant it signed, until its hour is over", () => {
    const token = previewToken(signer, grant);
    expect(readPreviewToken(signer, token, 1_000_000)).toEqual({ grant });
    expect(readPreviewToken(signer, token, grant.expiresAt - 1)).toEqual({ grant });
    expect(readPreviewToken(signer, token, grant.expiresAt)).toEqual({ problem: "expired" });
  });

  it("refuses a token changed by hand, signed with another secret, or not a token at all", () => {
    const token = previewToken(signer, grant);
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ n: "hero-section-data", s: "", l: "", e: 9e15 })).toString(
      "base64url",
    );
    expect(readPreviewToken(signer, `${forged}.${signature}`, 0)).toEqual({ problem: "invalid" });
    expect(readPreviewToken(new Signer("another-secret-entirely"), token, 0)).toEqual({ problem: "invalid" });
    for (const bad of ["", "abc", `${payload}.`, `${payload}.${signature}.x`, "sair"])
      expect(readPreviewToken(signer, bad, 0), bad).toEqual({ problem: "invalid" });
  });

  it("keeps the grant in a cookie of the host until the grant's end, HttpOnly", () => {
    const cookie = previewCookie("t.s", grant.expiresAt, grant.expiresAt - 90_000, true);
    expect(cookie).toBe("preview=t.s; Path=/; Max-Age=90; HttpOnly; SameSite=Lax; Secure");
    expect(clearedPreviewCookie(false)).toBe("preview=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });
});
