import http from "node:http";
import { saveDocument } from "@server/content/repository.ts";
import { DatabaseInUseError, openDatabase } from "@server/db/client.ts";
import { describe, expect, it } from "vitest";
import { runServerExpectingFailure, startServerProcess, tempDataDir } from "../support/server-process.ts";

/** One GET on its own connection; resolves once the socket is connected and the request sent. */
function requestOnNewConnection(url: string): {
  sent: Promise<void>;
  response: Promise<{ status: number; body: string }>;
} {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("socket", (socket) => socket.once("connect", () => markSent()));
    req.on("error", reject);
  });
  return { sent, response };
}

/** One GET through `agent` (a kept-alive connection the test holds open). */
function getThrough(agent: http.Agent, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("server lifecycle", () => {
  it("refuses a bad configuration with one line naming the variable", async () => {
    const { code, output } = await runServerExpectingFailure({ PORT: "abc", DATA_DIR: tempDataDir() });
    expect(code).toBe(1);
    const lines = output.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuração inválida: PORT /);
  });

  it("finishes every request it received when stopped with SIGTERM, then exits 0", async () => {
    const server = await startServerProcess();
    // A balancer's health connection, kept alive: ready before the signal.
    const balancer = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await getThrough(balancer, `${server.url}/readyz`)).status).toBe(200);
    const requests = Array.from({ length: 40 }, (_, i) =>
      requestOnNewConnection(`${server.url}/${i % 2 ? "en" : ""}`),
    );
    await Promise.all(requests.map((r) => r.sent));
    const first = await Promise.race(requests.map((r) => r.response));
    expect(first.status).toBe(200);
    const exit = server.stop("SIGTERM");
    // Readiness turns 503 first (decision 118), while the requests it received still finish.
    await expect.poll(async () => (await getThrough(balancer, `${server.url}/readyz`)).status).toBe(503);
    balancer.destroy();
    const results = await Promise.all(requests.map((r) => r.response));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    for (const result of results) expect(result.body).toContain("</html>");
    expect(await exit).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    // A server start and 20 renders in flight: seconds alone, over 30 s on a busy machine.
  }, 90_000);

  it("keeps the embedded data across a restart and never overwrites an admin's edit", async () => {
    const dataDir = tempDataDir();
    const first = await startServerProcess({ DATA_DIR: dataDir });

    // While the server holds the embedded database, a second opener is refused clearly.
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toBeInstanceOf(DatabaseInUseError);
    const second = await runServerExpectingFailure({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/Falha ao iniciar: .*em uso|in use/);

    expect(await first.stop()).toBe(0);

    const db = await openDatabase({ kind: "pglite", dataDir });
    const edited = {
      description: "Texto editado pelo administrador",
      sections: [],
      social: { networks: [] },
      contact: { email: "vendas@example.com", phone: "(11) 4000-0000" },
      copyright: { text: "Editado" },
    };
    await saveDocument(db.db, {
      name: "footer-data",
      segment: "",
      lang: "",
      data: edited,
      author: "admin@example.com",
    });
    await db.close();

    const restarted = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(restarted.output()).toMatch(/"inserted":0,"updated":0,"keptEdited":1/);
      const res = await fetch(`${restarted.url}/api/json/public/footer-data`);
      expect(await res.json()).toEqual(edited);
      const menu = await fetch(`${restarted.url}/api/json/public/menu_data`);
      expect(menu.status).toBe(200);
    } finally {
      expect(await restarted.stop()).toBe(0);
    }
    // Three server starts on the embedded database: about 14 s alone, twice that on a busy machine.
  }, 90_000);
});
