import { request } from "node:http";
import { uploadRefusals } from "@domain/refusals/content.ts";
import { MAX_UPLOAD_BYTES } from "@domain/uploads.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { demoTokens, type ServerProcess, startServerProcess } from "../support/server-process.ts";

/** A POST whose answer is read even when the server answers (and closes) before the body is all sent. */
function postRaw(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  declareLength: boolean,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      headers: declareLength ? { ...headers, "Content-Length": String(body.length) } : headers,
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
    req.end();
  });
}

/** Image uploads of the admin editor (decision 073) over HTTP, stored in DATA_DIR/uploads. */
describe("image uploads", () => {
  let server: ServerProcess;
  let admin: string;
  let customer: string;

  const upload = (body: BodyInit, type: string, token?: string) =>
    fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { "Content-Type": type, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
    });

  beforeAll(async () => {
    server = await startServerProcess();
    ({ admin, customer } = await demoTokens(server));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("only an admin uploads: 401 without a session, 403 for a customer", async () => {
    expect((await upload(ONE_PIXEL_PNG, "image/png")).status).toBe(401);
    const refused = await upload(ONE_PIXEL_PNG, "image/png", customer);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Acesso restrito a administradores.");
    expect((await fetch(`${server.url}/api/uploads`)).status).toBe(405);
  });

  it("stores an image under its hash and serves it with long cache headers and its type", async () => {
    const res = await upload(ONE_PIXEL_PNG, "image/png", admin);
    expect(res.status).toBe(201);
    const stored = await res.json();
    expect(stored).toMatchObject({ type: "image/png", size: ONE_PIXEL_PNG.length });
    expect(stored.url).toMatch(/^\/uploads\/[0-9a-f]{20}\.png$/);

    const served = await fetch(server.url + stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(ONE_PIXEL_PNG)).toBe(true);
    const again = await fetch(server.url + stored.url, {
      headers: { "If-None-Match": served.headers.get("etag")! },
    });
    expect(again.status).toBe(304);

    // Every upload is in the audit log.
    const dashboard = await (
      await fetch(`${server.url}/admin/dashboard`, { headers: { Authorization: `Bearer ${admin}` } })
    ).text();
    expect(dashboard).toContain(stored.url);
    expect((await fetch(`${server.url}/uploads/00000000000000000000.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it("a file of the wrong type is refused by its content, whatever it is called or declared", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>';
    for (const [body, type] of [
      [svg, "image/svg+xml"],
      [svg, "image/png"],
      ["just text, not an image", "image/gif"],
    ] as const) {
      const res = await upload(body, type, admin);
      expect(res.status, `${type}: ${body}`).toBe(400);
      expect((await res.json()).message).toBe(uploadRefusals.pt.wrongType);
    }
    const notAnImage = await upload(ONE_PIXEL_PNG, "application/json", admin);
    expect(notAnImage.status).toBe(415);
    expect((await notAnImage.json()).message).toBe(uploadRefusals.pt.wrongType);
  });

  it("a file over the limit is refused with 413, declared or not", async () => {
    const large = Buffer.concat([ONE_PIXEL_PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const headers = { "Content-Type": "image/png", Authorization: `Bearer ${admin}` };
    // The server answers before the body is sent, so a raw request reads the answer as it comes.
    const declared = await postRaw(`${server.url}/api/uploads`, headers, large, true);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).message).toBe(uploadRefusals.pt.tooLarge);
    // Sent in chunks without a length: counted while read.
    const chunked = await postRaw(`${server.url}/api/uploads`, headers, large, false);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).message).toBe(uploadRefusals.pt.tooLarge);
  });
});
