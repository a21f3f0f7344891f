import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { deviceOf } from "./devices.ts";
import { networkOf } from "./network.ts";
import { Sealer } from "./sealed.ts";
import {
  matchTotp,
  newRecoveryCode,
  normalizeCode,
  recoveryCodeHash,
  TOTP_PERIOD_SECONDS,
  timeStepAt,
  twoFactorRequiredFor,
} from "./two-factor.ts";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const at = new Date("2026-11-26T12:00:10Z");
const step = timeStepAt(at);
const codeAt = (s: number) => generate({ secret: SECRET, epoch: s * TOTP_PERIOD_SECONDS });

describe("TOTP codes (decision 112)", () => {
  it("accepts the current step and one either side, and says which step matched", async () => {
    expect(await matchTotp(SECRET, await codeAt(step), at, null)).toBe(step);
    expect(await matchTotp(SECRET, await codeAt(step - 1), at, null)).toBe(step - 1);
    expect(await matchTotp(SECRET, await codeAt(step + 1), at, null)).toBe(step + 1);
  });

  it("refuses two steps away, a wrong code and anything not six digits", async () => {
    expect(await matchTotp(SECRET, await codeAt(step - 2), at, null)).toBeNull();
    expect(await matchTotp(SECRET, await codeAt(step + 2), at, null)).toBeNull();
    const right = await codeAt(step);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    expect(await matchTotp(SECRET, wrong, at, null)).toBeNull();
    expect(await matchTotp(SECRET, "12345", at, null)).toBeNull();
    expect(await matchTotp(SECRET, "abcdef", at, null)).toBeNull();
  });

  it("never accepts a step at or before the last one used (a code twice, or an older one)", async () => {
    expect(await matchTotp(SECRET, await codeAt(step), at, step)).toBeNull();
    expect(await matchTotp(SECRET, await codeAt(step - 1), at, step)).toBeNull();
    expect(await matchTotp(SECRET, await codeAt(step + 1), at, step)).toBe(step + 1);
  });

  it("reads a code as people type it", () => {
    expect(normalizeCode(" 123 456 ")).toBe("123456");
    expect(normalizeCode("ABCDE-23456")).toBe("abcde23456");
  });

  it("staff roles require two-factor, customers choose", () => {
    expect(twoFactorRequiredFor("admin")).toBe(true);
    expect(twoFactorRequiredFor("editor")).toBe(true);
    expect(twoFactorRequiredFor("customer")).toBe(false);
  });
});

describe("recovery codes", () => {
  it("are two groups of five unambiguous characters, different each time", () => {
    const codes = new Set(Array.from({ length: 200 }, newRecoveryCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it("are stored as a keyed digest: alike however typed, per person, useless without the key", () => {
    const sealer = new Sealer("segredo-do-servidor", "totp");
    const stored = recoveryCodeHash(sealer, "pessoa-1", "abcde-23456");
    expect(recoveryCodeHash(sealer, "pessoa-1", "ABCDE 23456")).toBe(stored);
    expect(stored).not.toContain("abcde");
    expect(recoveryCodeHash(sealer, "pessoa-2", "abcde-23456")).not.toBe(stored);
    expect(recoveryCodeHash(new Sealer("outro-segredo", "totp"), "pessoa-1", "abcde-23456")).not.toBe(stored);
  });
});

describe("sealed secrets", () => {
  it("open with the key they were sealed with, and not with another or after tampering", () => {
    const sealer = new Sealer("segredo-do-servidor", "totp");
    const sealed = sealer.seal(SECRET);
    expect(sealed).not.toContain(SECRET);
    expect(sealer.open(sealed)).toBe(SECRET);
    expect(new Sealer("outro-segredo", "totp").open(sealed)).toBeNull();
    expect(new Sealer("segredo-do-servidor", "outra-finalidade").open(sealed)).toBeNull();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("x").toString("base64url") + parts[3]!.slice(2);
    expect(sealer.open(parts.join("."))).toBeNull();
    expect(sealer.open("lixo")).toBeNull();
  });
});

describe("a session's device and place", () => {
  it("names the browser and system a person recognises", () => {
    expect(
      deviceOf(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome no Windows");
    expect(
      deviceOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari no iPhone");
    expect(
      deviceOf(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "en",
      ),
    ).toBe("Edge on macOS");
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox no Linux",
    );
    expect(deviceOf("curl/8.5.0")).toBe("curl");
    expect(deviceOf(undefined)).toBe("Dispositivo desconhecido");
  });

  it("keeps the network, not the address", () => {
    expect(networkOf("203.0.113.57")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:198.51.100.7")).toBe("198.51.100.0/24");
    expect(networkOf("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("::1")).toBe("0:0:0::/48");
    expect(networkOf("não é ip")).toBeNull();
    expect(networkOf(undefined)).toBeNull();
  });
});
