import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy, tileImageSource } from "./csp.ts";

function sha256(body: string): string {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

function directive(policy: string, name: string): string | undefined {
  return policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));
}

const CONTEXT_SCRIPT = 'window.__reactRouterContext = {"basename":"/","future":{},"isSpaMode":false};';
const MODULE_SCRIPT = 'import "/assets/entry.client-abc.js";\nwindow.__reactRouterRouteModules = {};';
const UNICODE_SCRIPT = 'console.log("Olá, ação — 日本");';

const page = `<!DOCTYPE html><html lang="pt-BR"><head>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization"}</script>
<script src="/assets/manifest-123.js"></script>
<script type="module" src="/assets/entry.client-abc.js" async=""></script>
</head><body><div id="root"></div>
<script>${CONTEXT_SCRIPT}</script>
<script type="module" async="">${MODULE_SCRIPT}</script>
<script nonce="">${UNICODE_SCRIPT}</script>
</body></html>`;

describe("pageContentSecurityPolicy: inline scripts allowed by their sha256 hash", () => {
  it("lists the base64 sha256 of each inline script body, in page order, after 'self'", () => {
    const policy = pageContentSecurityPolicy(page, { upgradeInsecure: false });
    expect(directive(policy, "script-src")).toBe(
      `script-src 'self' ${sha256(CONTEXT_SCRIPT)} ${sha256(MODULE_SCRIPT)} ${sha256(UNICODE_SCRIPT)}`,
    );
  });

  it("gives the same policy for the page's UTF-8 bytes (as the renderer keeps it) as for its text", () => {
    const bytes = Buffer.from(page, "utf8");
    // A view into a larger buffer, as Buffer.concat may give.
    const inside = Buffer.concat([Buffer.from("xx"), bytes]).subarray(2);
    for (const html of [bytes, inside]) {
      expect(pageContentSecurityPolicy(html, { upgradeInsecure: false })).toBe(
        pageContentSecurityPolicy(page, { upgradeInsecure: false }),
      );
    }
    expect(directive(pageContentSecurityPolicy(bytes, { upgradeInsecure: false }), "script-src")).toContain(
      sha256(UNICODE_SCRIPT),
    );
  });

  it("hashes the body byte for byte (whitespace and line breaks included)", () => {
    const body = "\n  window.a = 1;\n";
    const policy = pageContentSecurityPolicy(`<script>${body}</script>`, { upgradeInsecure: false });
    expect(directive(policy, "script-src")).toBe(`script-src 'self' ${sha256(body)}`);
    expect(policy).not.toContain(sha256(body.trim()));
  });

  it("lists an identical inline script once", () => {
    const html = `<script>${CONTEXT_SCRIPT}</script><p></p><script>${CONTEXT_SCRIPT}</script>`;
    expect(directive(pageContentSecurityPolicy(html, { upgradeInsecure: false }), "script-src")).toBe(
      `script-src 'self' ${sha256(CONTEXT_SCRIPT)}`,
    );
  });

  it("does not hash scripts with src", () => {
    const html = '<script src="/a.js"></script><script type="module" src="/b.js"></script>';
    expect(directive(pageContentSecurityPolicy(html, { upgradeInsecure: false }), "script-src")).toBe(
      "script-src 'self'",
    );
    // The empty body of a src script must not sneak in as the hash of "".
    expect(pageContentSecurityPolicy(html, { upgradeInsecure: false })).not.toContain(sha256(""));
  });

  it("does not hash application/ld+json data blocks", () => {
    const json = '{"@context":"https://schema.org","@type":"WebSite"}';
    const policy = pageContentSecurityPolicy(`<script type="application/ld+json">${json}</script>`, {
      upgradeInsecure: false,
    });
    expect(directive(policy, "script-src")).toBe("script-src 'self'");
    expect(policy).not.toContain(sha256(json));
  });

  it("a page without scripts allows only 'self'", () => {
    expect(directive(pageContentSecurityPolicy("<p>oi</p>", { upgradeInsecure: false }), "script-src")).toBe(
      "script-src 'self'",
    );
  });

  it("the page's own hashes only: a hash of another page's script is absent", () => {
    const policy = pageContentSecurityPolicy(`<script>${CONTEXT_SCRIPT}</script>`, {
      upgradeInsecure: false,
    });
    expect(policy).toContain(sha256(CONTEXT_SCRIPT));
    expect(policy).not.toContain(sha256(MODULE_SCRIPT));
  });
});

describe("pageContentSecurityPolicy: never 'unsafe-inline' for scripts", () => {
  it.each([
    ["a full page", page],
    ["no scripts", "<p></p>"],
    ["only data blocks", '<script type="application/ld+json">{}</script>'],
  ])("%s", (_label, html) => {
    for (const upgradeInsecure of [false, true]) {
      const policy = pageContentSecurityPolicy(html, { upgradeInsecure });
      const scriptSrc = directive(policy, "script-src");
      expect(scriptSrc?.startsWith("script-src 'self'")).toBe(true);
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("unsafe-eval");
      expect(scriptSrc).not.toContain("*");
    }
  });

  it("keeps the other directives of the page", () => {
    const policy = pageContentSecurityPolicy("", { upgradeInsecure: false });
    expect(directive(policy, "default-src")).toBe("default-src 'self'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(directive(policy, "base-uri")).toBe("base-uri 'self'");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'self'");
  });
});

describe("pageContentSecurityPolicy: upgrade-insecure-requests only when asked", () => {
  it("is present when upgradeInsecure is true", () => {
    const policy = pageContentSecurityPolicy(page, { upgradeInsecure: true });
    expect(directive(policy, "upgrade-insecure-requests")).toBe("upgrade-insecure-requests");
    expect(policy.endsWith("; upgrade-insecure-requests")).toBe(true);
  });

  it("is absent when upgradeInsecure is false", () => {
    const policy = pageContentSecurityPolicy(page, { upgradeInsecure: false });
    expect(policy).not.toContain("upgrade-insecure-requests");
  });
});

describe("map tiles are the one outside image source, when configured", () => {
  it("turns a tile address into its origin, {s} as a wildcard", () => {
    expect(tileImageSource("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toBe(
      "https://*.tile.example.org",
    );
    expect(tileImageSource("https://tiles.example.com/dark/{z}/{x}/{y}.png?key=1")).toBe(
      "https://tiles.example.com",
    );
    expect(tileImageSource(undefined)).toBeNull();
  });

  it("adds it to img-src only", () => {
    const policy = pageContentSecurityPolicy("<html></html>", {
      upgradeInsecure: false,
      imageSources: ["https://tiles.example.com"],
    });
    expect(policy).toContain("img-src 'self' data: blob: https://tiles.example.com;");
    expect(policy).toContain("connect-src 'self';");
  });
});
