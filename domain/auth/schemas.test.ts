import { describe, expect, it } from "vitest";
import { landingAfterSignIn, safeRedirect, TIMEZONES } from "./redirect.ts";
import { loginSchema, preferencesSchema, profileUpdateSchema } from "./schemas.ts";

describe("§2 Screens and routes — successful login goes to /dashboard, only to local paths", () => {
  it.each(["/dashboard", "/user/x?y=1", "/", "/planos#precos", "/en/dashboard"])("keeps %j", (target) => {
    expect(safeRedirect(target)).toBe(target);
  });

  it.each([
    ["an absolute URL", "https://evil.com"],
    ["a protocol-relative URL", "//evil.com"],
    ["a backslash after the slash", "/\\evil.com"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "dashboard"],
    ["an empty string", ""],
    ["a leading space", " /dashboard"],
    ["null", null],
    ["undefined", undefined],
  ])("falls back to /dashboard for %s", (_label, target) => {
    expect(safeRedirect(target)).toBe("/dashboard");
  });

  // Browsers strip tabs and newlines from URLs, so "/\t/evil.com" in a Location header is read
  // as "//evil.com": https://evil.com/ (WHATWG URL parser). A query ?redirectTo=/%09/evil.com
  // reaches safeRedirect as exactly this string.
  it.each([
    ["a tab between the slashes", "/\t/evil.com"],
    ["a tab before a backslash", "/\t\\evil.com"],
  ])("falls back for %s (the browser reads it as //evil.com)", (_label, target) => {
    expect(new URL(target, "https://site.example").host).toBe("evil.com");
    expect(safeRedirect(target)).toBe("/dashboard");
  });

  it("uses a custom fallback", () => {
    expect(safeRedirect("https://evil.com", "/")).toBe("/");
    expect(safeRedirect(null, "/login")).toBe("/login");
    expect(safeRedirect("/planos", "/")).toBe("/planos");
  });
});

describe("§5 Validation rules — login form: email and password required, remember-me flag", () => {
  it("accepts email and password and defaults remember to false", () => {
    const result = loginSchema.safeParse({ email: "ana@example.com", password: "x" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: "ana@example.com", password: "x", remember: false });
  });

  it("keeps remember when ticked", () => {
    expect(loginSchema.parse({ email: "ana@example.com", password: "segredo", remember: true })).toEqual({
      email: "ana@example.com",
      password: "segredo",
      remember: true,
    });
  });

  it("requires the email", () => {
    const result = loginSchema.safeParse({ password: "segredo" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["email"]]);
  });

  it.each(["ana", "ana@", "@example.com", "ana example.com", ""])("refuses the invalid email %j", (email) => {
    const result = loginSchema.safeParse({ email, password: "segredo" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.path).toEqual(["email"]);
    expect(result.error?.issues[0]?.message).toBe("E-mail inválido");
  });

  it("requires the password", () => {
    const empty = loginSchema.safeParse({ email: "ana@example.com", password: "" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.path).toEqual(["password"]);
    expect(empty.error?.issues[0]?.message).toBe("Informe a senha");

    const missing = loginSchema.safeParse({ email: "ana@example.com" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path)).toEqual([["password"]]);
  });

  it("refuses a remember flag that is not a boolean", () => {
    expect(loginSchema.safeParse({ email: "ana@example.com", password: "x", remember: "on" }).success).toBe(
      false,
    );
  });

  it("refuses unknown keys", () => {
    const result = loginSchema.safeParse({ email: "ana@example.com", password: "x", role: "admin" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
  });
});

describe("§3 Entities — dashboard preferences: only pt and en are offered", () => {
  it.each(["pt", "en"] as const)("accepts language %j", (language) => {
    expect(profileUpdateSchema.parse({ preferences: { language } })).toEqual({ preferences: { language } });
  });

  it.each(["es", "fr", "de", "PT", ""])("refuses language %j", (language) => {
    expect(profileUpdateSchema.safeParse({ preferences: { language } }).success).toBe(false);
    expect(preferencesSchema.safeParse({ language }).success).toBe(false);
  });

  it("accepts a timezone and a trimmed name of at least 2 characters", () => {
    expect(
      profileUpdateSchema.parse({ name: "  Ana  ", preferences: { timezone: "America/Sao_Paulo" } }),
    ).toEqual({ name: "Ana", preferences: { timezone: "America/Sao_Paulo" } });
    expect(profileUpdateSchema.safeParse({ name: " A " }).success).toBe(false);
  });

  it("refuses unknown keys in the update and in the preferences", () => {
    expect(profileUpdateSchema.safeParse({ email: "x@example.com" }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ preferences: { theme: "dark" } }).success).toBe(false);
  });

  it("offers Brazil's timezone first, every entry a valid IANA zone, none repeated", () => {
    expect(TIMEZONES).toContain("America/Sao_Paulo");
    expect(TIMEZONES[0]).toBe("America/Sao_Paulo");
    expect(new Set(TIMEZONES).size).toBe(TIMEZONES.length);
    for (const timeZone of TIMEZONES) {
      expect(() => new Intl.DateTimeFormat("pt-BR", { timeZone })).not.toThrow();
    }
  });
});

describe("where a person lands after signing in", () => {
  it("staff land in the admin (an editor on the content), customers in their portal", () => {
    expect(landingAfterSignIn("admin", null)).toBe("/admin/dashboard");
    expect(landingAfterSignIn("editor", undefined)).toBe("/admin/json");
    expect(landingAfterSignIn("customer", "")).toBe("/dashboard");
  });
  it("where they were going comes first; an unsafe target falls back to their home", () => {
    expect(landingAfterSignIn("admin", "/admin/leads?q=x")).toBe("/admin/leads?q=x");
    expect(landingAfterSignIn("customer", "/dashboard/chamados")).toBe("/dashboard/chamados");
    expect(landingAfterSignIn("admin", "//evil.example")).toBe("/admin/dashboard");
  });
});
