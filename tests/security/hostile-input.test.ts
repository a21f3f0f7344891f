import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concretePath, routeTable } from "../support/route-table.ts";
import { loginToken, type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * Hostile input (decision 078), property-based with fast-check and a fixed seed: malformed JSON, wrong
 * types, deep nesting, 2 MB bodies, every method, XSS and SQL-like strings in every field of every
 * form. Every answer is a 4xx JSON (or a success), never a 5xx; what is stored is rendered inert.
 */

const SEED = 20261123;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const API_PATHS = [
  ...new Set(routeTable.filter((r) => r.path.startsWith("/api/")).map((r) => concretePath(r.path))),
];
const PAGE_POSTS = [
  "/contato",
  "/demonstracao",
  "/newsletter",
  "/newsletter/cancelar",
  "/meus-dados",
  "/meus-dados/confirmar",
  "/agendar",
  "/agenda/x",
  "/login",
  "/forgot-password",
  // The account's security forms (decision 112): sessions, password, two-step verification.
  "/dashboard",
  "/conta/dois-fatores",
  "/admin/conta",
  "/teste-gratis",
];

/** Strings that try to become markup, script, SQL or a template in whatever shows them. */
const NASTY = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE leads; --",
  "1' OR '1'='1",
  "{{7*7}}${7*7}",
  "<!channel> [x](https://evil.example)",
  "\u0000\u202e\ud83d\ude00",
  '=HYPERLINK("https://evil.example","clique")',
  "a".repeat(5000),
];

/** Every field name of every form definition. */
const FORM_FIELDS = Object.fromEntries(
  readdirSync(path.join(projectRoot, "content/data"))
    .filter((file) => /^form-.*\.json$/.test(file))
    .map((file) => {
      const form = JSON.parse(readFileSync(path.join(projectRoot, "content/data", file), "utf8")) as {
        id: string;
        steps: { fields: { name: string }[] }[];
      };
      return [form.id, form.steps.flatMap((step) => step.fields.map((field) => field.name))];
    }),
);

const nasty = fc.constantFrom(...NASTY);
const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string(),
  fc.constantFrom("{", "[1,", '{"a":', "null", "true", "\u0000", deep(5000), '{"__proto__":{"admin":true}}'),
  fc
    .record({
      form: fc.constantFrom(...Object.keys(FORM_FIELDS), "nope"),
      answers: fc.dictionary(fc.string(), nasty),
    })
    .map((v) => JSON.stringify(v)),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/x-www-form-urlencoded",
  "text/plain",
  "multipart/form-data; boundary=x",
  "image/png",
  "",
);

describe("hostile input never reaches a 5xx", () => {
  let server: ServerProcess;
  let admin: string;

  beforeAll(async () => {
    server = await startServerProcess({
      FORM_RATE_LIMIT_PER_MINUTE: "100000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
      FORM_MIN_FILL_MS: "0",
    });
    const [, email, password] = /admin: +(\S+) \/ (\S+)/.exec(server.output())!;
    admin = await loginToken(server.url, email!, password!);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const send = (target: string, method: string, type: string, payload: string | Uint8Array, token?: string) =>
    fetch(server.url + target, {
      method,
      redirect: "manual",
      headers: {
        Origin: server.url,
        ...(type ? { "Content-Type": type } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: method === "GET" || method === "HEAD" ? undefined : (payload as BodyInit),
    });

  it("2 MB bodies are refused with 413 before they are read", async () => {
    const big = new Uint8Array(2 * 1024 * 1024).fill(97);
    for (const target of ["/api/leads", "/api/auth/login", "/api/json/hero-section-data", "/contato"]) {
      const res = await send(target, "POST", "application/json", big, admin);
      expect(res.status, target).toBe(413);
      await res.body?.cancel();
    }
  });

  it("1,000 generated requests to every API route and page form: 4xx JSON for the API, no 5xx anywhere", async () => {
    const failures: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...API_PATHS, ...PAGE_POSTS),
        fc.constantFrom(...METHODS),
        contentType,
        body,
        fc.boolean(),
        async (target, method, type, payload, asAdmin) => {
          sent++;
          // Signing out with the admin's token would end the session the later tests use.
          const token = asAdmin && target !== "/api/auth/logout" ? admin : undefined;
          const res = await send(target, method, type, payload, token);
          const text = await res.text();
          if (res.status >= 500)
            failures.push(`${method} ${target} (${type}) → ${res.status}: ${payload.slice(0, 80)}`);
          if (target.startsWith("/api/") && res.status >= 400) {
            const json = (() => {
              try {
                return JSON.parse(text) as { message?: unknown };
              } catch {
                return null;
              }
            })();
            if (typeof json?.message !== "string")
              failures.push(`${method} ${target} → ${res.status} without a JSON message`);
          }
          // Never a stack trace.
          if (/\bat .+\.(?:js|ts):\d+:\d+/.test(text))
            failures.push(`${method} ${target} leaked a stack trace`);
          return true;
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
    expect(sent).toBe(1000);
    expect(failures).toEqual([]);
  });

  it("nasty strings in every field of every form are stored as text and shown inert to the admin", async () => {
    for (const [formId, fields] of Object.entries(FORM_FIELDS)) {
      const answers = Object.fromEntries(fields.map((name, i) => [name, NASTY[i % NASTY.length]!]));
      const res = await send(
        "/api/leads",
        "POST",
        "application/json",
        JSON.stringify({
          form: formId,
          answers,
          requestKey: `hostile-${formId}`,
          tracking: { page: NASTY[1] },
        }),
      );
      expect(res.status, formId).toBeLessThan(500);
      await res.body?.cancel();
    }
    // A lead that passes validation while carrying them, as a person could type.
    const stored = await send(
      "/api/leads",
      "POST",
      "application/json",
      JSON.stringify({
        form: "contato",
        answers: {
          nome: NASTY[7],
          email: "hostil@example.com",
          mensagem: `${NASTY[0]} ${NASTY[1]} ${NASTY[2]} ${NASTY[4]}`,
        },
        requestKey: "hostile-stored",
        tracking: { page: `https://example.com/?q=${encodeURIComponent(NASTY[1]!)}` },
      }),
    );
    expect(stored.status, await stored.clone().text()).toBe(201);
    // The inbox (list and every lead) shows what was sent as text: no live tag of it anywhere.
    const inbox = await (
      await fetch(`${server.url}/admin/leads?q=`, { headers: { Authorization: `Bearer ${admin}` } })
    ).text();
    const ids = [...inbox.matchAll(/href="\/admin\/leads\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);
    for (const html of [
      inbox,
      ...(await Promise.all(
        ids.map(async (id) =>
          (
            await fetch(`${server.url}/admin/leads/${id}`, { headers: { Authorization: `Bearer ${admin}` } })
          ).text(),
        ),
      )),
    ]) {
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).not.toContain("<img src=x onerror=alert(1)>");
    }
    const csv = await (
      await fetch(`${server.url}/admin/leads.csv`, { headers: { Authorization: `Bearer ${admin}` } })
    ).text();
    // A spreadsheet never reads a visitor's cell as a formula.
    expect(csv).toContain("HYPERLINK");
    expect(csv).not.toMatch(/(^|;)"?=HYPERLINK/m);
  });
});
