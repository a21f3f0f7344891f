import { describe, expect, it } from "vitest";
import { isInternalAddress, webhookUrlProblem } from "./url-policy.ts";

const production = { allowInternal: false };
const local = { allowInternal: true };

describe("where a webhook endpoint may point (decision 103)", () => {
  it.each([
    "https://crm.exemplo.com.br/webhooks",
    "https://hooks.zapier.com/hooks/catch/123/abc/",
    "https://203.0.113.10:8443/in",
    "https://[2001:db8::1]/in",
    "https://exemplo.com.br/path?token=abc",
  ])("production accepts %s", (url) => {
    expect(webhookUrlProblem(url, production)).toBeNull();
  });

  it.each([
    ["http://crm.exemplo.com.br/webhooks", /use https/],
    ["https://169.254.169.254/latest/meta-data/", /169\.254\.169\.254 é um endereço interno/],
    ["https://127.0.0.1:3000/x", /interno/],
    ["https://localhost/x", /interno/],
    ["https://api.localhost/x", /interno/],
    ["https://10.1.2.3/x", /interno/],
    ["https://172.20.0.5/x", /interno/],
    ["https://192.168.0.10/x", /interno/],
    ["https://100.64.0.1/x", /interno/],
    ["https://0.0.0.0/x", /interno/],
    ["https://[::1]/x", /interno/],
    ["https://[fd00::1]/x", /interno/],
    ["https://[fe80::1]/x", /interno/],
    ["https://[::ffff:169.254.169.254]/x", /interno/],
    ["https://[::ffff:a9fe:a9fe]/x", /interno/],
    ["https://metadata.google.internal/computeMetadata/v1/", /interno/],
    ["https://printer.local/x", /interno/],
    ["https://intranet/x", /interno/],
    ["https://crm/x", /nome público completo/],
    ["https://user:pass@crm.exemplo.com.br/x", /usuário e senha/],
    ["https://crm.exemplo.com.br/x#frag", /depois de #/],
    ["ftp://crm.exemplo.com.br/x", /deve começar com https/],
    ["javascript:alert(1)", /deve começar com https/],
    ["crm.exemplo.com.br/x", /não é um endereço válido/],
    ["", /informe o endereço/],
    [`https://exemplo.com.br/${"a".repeat(2000)}`, /no máximo 2000/],
  ])("production refuses %s", (url, message) => {
    const problem = webhookUrlProblem(url, production);
    expect(problem).toMatch(/^Endereço \(URL\): /);
    expect(problem).toMatch(message);
  });

  it("development and a local trial accept http and this machine, but still only http(s)", () => {
    expect(webhookUrlProblem("http://127.0.0.1:4000/hooks", local)).toBeNull();
    expect(webhookUrlProblem("http://localhost:4000/hooks", local)).toBeNull();
    expect(webhookUrlProblem("file:///etc/passwd", local)).toMatch(/https/);
    expect(webhookUrlProblem("https://user:pw@localhost/", local)).toMatch(/usuário e senha/);
  });

  it("recognises internal addresses in every notation", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "169.254.169.254", "::1", "::ffff:10.0.0.1", "[fe80::1]"])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ["8.8.8.8", "203.0.113.7", "2001:4860:4860::8888", "crm.exemplo.com.br"])
      expect(isInternalAddress(address), address).toBe(false);
  });
});
