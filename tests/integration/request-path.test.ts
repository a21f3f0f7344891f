import { createApp } from "@server/app.ts";
import { previewToken } from "@server/content/preview.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { type BuiltServices, stopServices } from "@server/services.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshPglite } from "../support/databases.ts";
import { productionBuild, productionServices } from "../support/in-process-app.ts";
import { type SharedServer, sharedServer } from "../support/server-process.ts";

// docs/request-path.md: which layer answers which request, as the X-Answered-By header names it.
const answeredBy = (response: Response) => response.headers.get("x-answered-by");

describe("who answers a request (docs/request-path.md)", () => {
  let server: SharedServer;
  beforeAll(async () => {
    server = await sharedServer();
  });
  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual", ...init });
    await response.arrayBuffer();
    return response;
  };

  it("a public page: rendered by the island layer once, then from the page cache", async () => {
    // A query the page reads makes a copy of its own, rendered at its first request.
    const first = await get("/blog?categoria=gestao");
    expect(first.status).toBe(200);
    expect(answeredBy(first)).toBe("island-page");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const again = await get("/blog?categoria=gestao");
    expect(answeredBy(again)).toBe("page-cache");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    // A validator's 304 too.
    const etag = again.headers.get("etag")!;
    const notModified = await get("/blog?categoria=gestao", { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(answeredBy(notModified)).toBe("page-cache");
  });

  it("Express's own endpoints: health, the build's files, lead intake and the form challenge", async () => {
    expect(answeredBy(await get("/healthz"))).toBe("express");
    expect(answeredBy(await get("/favicon.svg"))).toBe("express");
    const refused = await get("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: "{}",
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(answeredBy(refused)).toBe("express");
    expect(answeredBy(await get("/api/forms/challenge?form=contato"))).toBe("express");
  });

  it("routes without a page: the public JSON, the sitemap, robots.txt, the feed", async () => {
    for (const path of [
      "/api/json/public/hero-section-data",
      "/sitemap.xml",
      "/robots.txt",
      "/blog/rss.xml",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(answeredBy(response), path).toBe("resource-route");
    }
  });

  it("sign-in, the portal and the admin: React Router", async () => {
    for (const path of ["/login", "/en/login", "/dashboard", "/admin/leads"]) {
      expect(answeredBy(await get(path)), path).toBe("react-router");
    }
  });
});

describe("a preview link (docs/request-path.md: a step of Express's, not a layer)", () => {
  let handle: DatabaseHandle;
  let services: BuiltServices;
  beforeAll(async () => {
    handle = await openFreshPglite();
    services = await productionServices(handle, { ANSWER_LAYER_HEADER: "1" });
  });
  afterAll(async () => {
    await stopServices(services);
    await handle.close();
  });

  it("renders its page by the island layer, never kept; its exit is Express's own redirect", async () => {
    const app = createApp(services, { build: await productionBuild() });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    try {
      const token = previewToken(services.signer, {
        name: "form-demo",
        segment: "",
        lang: "",
        expiresAt: Date.now() + 60_000,
      });
      const preview = await fetch(`http://127.0.0.1:${port}/demonstracao?preview=${token}`);
      expect(await preview.text()).toContain("Pré-visualização");
      expect(answeredBy(preview)).toBe("island-page");
      expect(preview.headers.get("cache-control")).toContain("no-store");
      const exit = await fetch(`http://127.0.0.1:${port}/demonstracao?preview=sair`, { redirect: "manual" });
      expect(exit.status).toBe(303);
      expect(answeredBy(exit)).toBe("express");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
