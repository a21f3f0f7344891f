import { once } from "node:events";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { renderQueue } from "./render-queue.ts";

/** An app whose pages answer when the test says so, behind a queue of two slots. */
async function appWithQueue() {
  const queue = renderQueue(2);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const app = express();
  app.use(queue);
  app.use((req, res) => {
    started.push(req.path);
    finish.set(req.path, () => res.send(req.path));
  });
  const server = createServer(app).listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { queue, started, finish, server, url };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
};

/** A request whose visitor can leave (destroy) before the answer. */
const get = (url: string) =>
  request(url)
    .on("error", () => {})
    .end();

describe("renderQueue", () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  it("lets two pages through at a time, the rest in arrival order; the API never waits, however spelled", async () => {
    const { queue, started, finish, server, url } = await appWithQueue();
    close = () => server.close();
    const answers = ["/a", "/b", "/c", "/d"].map((path) => fetch(url + path).then((r) => r.text()));
    await until(() => started.length === 2 && queue.waiting === 2);
    expect(started).toEqual(["/a", "/b"]);

    // Any spelling of the API's path (as the rate limits read it) passes.
    const api = fetch(`${url}/api/x`).then((r) => r.text());
    const shouted = fetch(`${url}/API//y`).then((r) => r.text());
    await until(() => started.length === 4);
    expect(started.slice(2).sort()).toEqual(["/API//y", "/api/x"]);
    finish.get("/api/x")!();
    finish.get("/API//y")!();
    expect(await Promise.all([api, shouted])).toEqual(["/api/x", "/API//y"]);
    expect(queue.waiting).toBe(2);

    finish.get("/b")!();
    await until(() => started.length === 5);
    expect(started[4]).toBe("/c");
    finish.get("/a")!();
    finish.get("/c")!();
    await until(() => started.length === 6);
    finish.get("/d")!();
    expect(await Promise.all(answers)).toEqual(["/a", "/b", "/c", "/d"]);
    expect(queue.waiting).toBe(0);
  });

  it("frees the slot of a visitor who left, and drops a waiting request whose visitor left", async () => {
    const { queue, started, finish, server, url } = await appWithQueue();
    close = () => server.close();
    const first = get(`${url}/a`);
    const second = fetch(`${url}/b`).then((r) => r.text());
    await until(() => started.length === 2);
    const third = get(`${url}/c`);
    const fourth = fetch(`${url}/d`).then((r) => r.text());
    await until(() => queue.waiting === 2);
    // /c's visitor leaves while it waits, then /a's while it renders: /a's slot skips /c for /d.
    third.destroy();
    await new Promise((resolve) => third.once("close", resolve));
    first.destroy();
    await until(() => started.length === 3);
    expect(started).toEqual(["/a", "/b", "/d"]);
    finish.get("/b")!();
    finish.get("/d")!();
    expect(await Promise.all([second, fourth])).toEqual(["/b", "/d"]);
    expect(queue.waiting).toBe(0);
  });

  it("takes a waiting request out of the line as soon as its visitor leaves, and frees every slot after a burst", async () => {
    const { queue, started, finish, server, url } = await appWithQueue();
    close = () => server.close();
    const running = [get(`${url}/a`), get(`${url}/b`)];
    await until(() => started.length === 2);
    const line = Array.from({ length: 20 }, (_, i) => get(`${url}/w${i}`));
    await until(() => queue.waiting === 20);
    for (const request of line) request.destroy();
    // Forgotten before any slot frees: nobody who left is left in the line.
    await until(() => queue.waiting === 0);
    for (const request of running) request.destroy();
    const next = fetch(`${url}/next`).then((r) => r.text());
    await until(() => started.includes("/next"));
    finish.get("/next")!();
    expect(await next).toBe("/next");
    expect(started.filter((path) => path.startsWith("/w"))).toEqual([]);
  });
});
