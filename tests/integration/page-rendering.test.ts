import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "@server/app.ts";
import { previewToken } from "@server/content/preview.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { RENDER_SLOTS } from "@server/http/render-queue.ts";
import { type BuiltServices, stopServices } from "@server/services.ts";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openFreshPglite } from "../support/databases.ts";
import { productionBuild, productionServices } from "../support/in-process-app.ts";

/**
 * The Express app as server/server.ts builds it, over the production build, without the page cache
 * in front: every GET here is rendered by React Router and app/entry.server.tsx.
 */
let handle: DatabaseHandle;
let services: BuiltServices;
let build: ServerBuild;

beforeAll(async () => {
  handle = await openFreshPglite();
  services = await productionServices(handle);
  build = await productionBuild();
});

afterAll(async () => {
  // Closes the database too.
  await stopServices(services);
});

async function listen(app: ReturnType<typeof createApp>): Promise<{ url: string; server: Server }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe("page rendering in the app", () => {
  it("renders pages a few at a time: one more waits for a slot, then is answered", async () => {
    let started = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // React Router asks for the build on each request: counting the asks counts the renders begun.
    const app = createApp(services, {
      build: async () => {
        started++;
        await gate;
        return build;
      },
    });
    const { url, server } = await listen(app);
    try {
      const answers = Array.from({ length: RENDER_SLOTS + 1 }, (_, i) => fetch(`${url}/planos?n=${i}`));
      const queue = app.locals.renderQueue as { waiting: number };
      await vi.waitFor(() => expect(queue.waiting).toBe(1));
      expect(started).toBe(RENDER_SLOTS);
      open();
      const statuses = (await Promise.all(answers)).map((response) => response.status);
      expect(statuses).toEqual(Array(RENDER_SLOTS + 1).fill(200));
      expect(started).toBe(RENDER_SLOTS + 1);
      expect(queue.waiting).toBe(0);
    } finally {
      await close(server);
    }
  });

  it("leaves no timer behind once a page is rendered", async () => {
    const app = createApp(services, { build });
    const { url, server } = await listen(app);
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    try {
      // The first render loads the route modules; then every render is alike.
      await (await fetch(`${url}/?n=warm`, { headers: { Connection: "close" } })).text();
      const before = timers();
      for (let i = 0; i < 20; i++) {
        const response = await fetch(`${url}/?n=${i}`, { headers: { Connection: "close" } });
        expect(response.status).toBe(200);
        await response.text();
      }
      // entry.server.tsx gives each render an abort deadline of 11 s; a finished one clears it
      // (a timer left behind keeps the whole render alive until it fires).
      expect(timers() - before).toBeLessThan(5);
    } finally {
      await close(server);
    }
  });
});

describe("the lead-qualification badge (B §2.6, decision 116)", () => {
  it("is never in a visitor's form page; a staff preview of the form shows it", async () => {
    const { url, server } = await listen(createApp(services, { build }));
    try {
      const published = await services.content.get("form-demo", { segment: null, lang: "pt" });
      expect(published?.data.infolead, "the demo form asks for the badge").toBe(true);
      const visitor = await (await fetch(`${url}/demonstracao`)).text();
      expect(visitor).toContain("<form");
      expect(visitor).not.toContain("Qualificação do lead");
      expect(visitor).not.toContain("lead-badge");

      // The form's default level (its Portuguese document), as the editor saves and previews it.
      const level = { segment: "", lang: "" };
      await services.workflow.saveDraft({
        name: "form-demo",
        level,
        data: published?.data,
        author: "equipe",
      });
      const token = previewToken(services.signer, {
        name: "form-demo",
        ...level,
        expiresAt: Date.now() + 60_000,
      });
      const preview = await (await fetch(`${url}/demonstracao?preview=${token}`)).text();
      expect(preview).toContain("Qualificação do lead");
    } finally {
      await close(server);
    }
  });
});
