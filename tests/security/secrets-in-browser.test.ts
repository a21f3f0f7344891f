import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { clientBuildDir } from "@server/paths.ts";
import { ENV_ENDPOINT_ID } from "@server/webhooks/enqueue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { publicPages } from "../support/route-table.ts";
import { demoTokens, type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * The server's secrets, each a value found nowhere else, must reach no browser: not in the built
 * files, not in any page or file the site serves, not even on the admin's settings screens.
 */
const SECRETS = {
  SESSION_SECRET: "sess-3f9a1c77e0d54b2a9e61-secret-value",
  JIRA_API_TOKEN: "jira-tok-8c2e5b1d9a7f4e3c",
  LEAD_WEBHOOK_SECRET: "hook-secret-51d7c0a2e9b84f66",
  // Its Standard Webhooks form (decision 103): the same key, so never shown either.
  LEAD_WEBHOOK_SECRET_WHSEC: Buffer.from("hook-secret-51d7c0a2e9b84f66").toString("base64"),
  SMTP_PASSWORD: "smtp-pass-a41f9e07c3b2",
  SLACK_PATH: "T00SLACK/B00HOOK/slack-path-77e1c9",
  TEAMS_PATH: "teams-path-0b3d5f8a2c",
};

/** Every page of the route table in both languages, and the feeds and public documents. */
const PAGES = [
  ...publicPages.flatMap((page) => [page, page === "/" ? "/en" : `/en${page}`]),
  "/robots.txt",
  "/sitemap.xml",
  "/blog/rss.xml",
  "/api/json/public/hero-section-data",
];
const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/usuarios",
  "/admin/chaves-api",
  "/admin/privacidade",
  "/admin/jira",
  "/admin/webhooks",
  `/admin/webhooks/${ENV_ENDPOINT_ID}`,
  "/admin/leads",
  "/admin/pages",
  "/admin/json",
  "/dashboard",
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

function secretsIn(text: string): string[] {
  return Object.entries(SECRETS)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

describe("server secrets never reach the browser", () => {
  let jira: FakeJira;
  let server: ServerProcess;
  let admin: string;

  beforeAll(async () => {
    jira = await startFakeJira({ token: SECRETS.JIRA_API_TOKEN });
    server = await startServerProcess({
      SESSION_SECRET: SECRETS.SESSION_SECRET,
      JIRA_BASE_URL: jira.url,
      JIRA_EMAIL: "bot@example.com",
      JIRA_API_TOKEN: SECRETS.JIRA_API_TOKEN,
      LEAD_WEBHOOK_URL: "http://127.0.0.1:9/leads",
      LEAD_WEBHOOK_SECRET: SECRETS.LEAD_WEBHOOK_SECRET,
      SMTP_URL: `smtp://site:${SECRETS.SMTP_PASSWORD}@127.0.0.1:9`,
      SLACK_WEBHOOK_URL: `https://hooks.slack.com/services/${SECRETS.SLACK_PATH}`,
      TEAMS_WEBHOOK_URL: `https://example.webhook.office.com/webhookb2/${SECRETS.TEAMS_PATH}`,
    });
    ({ admin } = await demoTokens(server));
  });
  afterAll(async () => {
    await server?.stop();
    await jira?.close();
  });

  it("no built client file holds a secret", () => {
    const files = filesUnder(clientBuildDir).filter(
      (f) => !/\.(br|gz|png|jpe?g|webp|avif|webm|mp4|woff2?)$/.test(f),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(secretsIn(readFileSync(file, "utf8")), file).toEqual([]);
  });

  it("no page, asset or public API answer holds one, for visitors or for the admin", async () => {
    const seen = new Set<string>();
    const scan = async (url: string, token?: string) => {
      if (seen.has(url + (token ? "#admin" : ""))) return;
      seen.add(url + (token ? "#admin" : ""));
      const response = await fetch(server.url + url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        redirect: "manual",
      });
      const text = await response.text();
      expect(response.status, url).toBe(200);
      expect(secretsIn(text), url).toEqual([]);
      expect(secretsIn([...response.headers].join("\n")), `${url} headers`).toEqual([]);
      // Every script, style and module the page names is scanned too.
      for (const match of text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) await scan(match[1]!);
    };
    for (const page of PAGES) await scan(page);
    for (const page of ADMIN_PAGES) await scan(page, admin);
    expect([...seen].filter((url) => url.startsWith("/assets/")).length).toBeGreaterThan(5);
  });
});
