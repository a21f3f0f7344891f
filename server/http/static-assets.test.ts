import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express, { type Request, type Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets, publicFiles } from "./static-assets.ts";

describe("precompressedAssets", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "assets-"));
  const source = "console.log('olá');";
  writeFileSync(path.join(dir, "app-x1.js"), source);
  writeFileSync(path.join(dir, "app-x1.js.br"), brotliCompressSync(source));
  writeFileSync(path.join(dir, "app-x1.js.gz"), gzipSync(source));
  writeFileSync(path.join(dir, "plain-x2.js"), source);
  const handler = precompressedAssets(dir);

  function request(url: string, acceptEncoding?: string) {
    const headers: Record<string, unknown> = {};
    let body: unknown = null;
    let passed = false;
    const res = {
      setHeader: (name: string, value: unknown) => {
        headers[name.toLowerCase()] = value;
      },
      end: (value?: unknown) => {
        body = value ?? null;
      },
    } as unknown as Response;
    const req = { method: "GET", path: url, headers: { "accept-encoding": acceptEncoding } } as Request;
    handler(req, res, () => {
      passed = true;
    });
    return { headers, body, passed };
  }

  it("answers the stored copy the client accepts, cached for a year", () => {
    const br = request("/app-x1.js", "gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.body).toEqual(brotliCompressSync(source));
    expect(request("/app-x1.js", "gzip").headers["content-encoding"]).toBe("gzip");
    // negotiator reads the header (server/http/encoding.ts): gzip refused under *, Brotli taken.
    expect(request("/app-x1.js", "gzip;q=0, *").headers["content-encoding"]).toBe("br");
    expect(request("/app-x1.js", "gzip;q=0, br;q=0").passed).toBe(true);
  });

  it("leaves files without copies and clients without compression to the next handler", () => {
    expect(request("/plain-x2.js", "gzip, br").passed).toBe(true);
    expect(request("/app-x1.js").passed).toBe(true);
    expect(request("/missing.js", "br").passed).toBe(true);
  });
});

describe("publicFiles", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "public-"));
  mkdirSync(path.join(dir, "images/plans"), { recursive: true });
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(dir, "images/plans/plano básico.svg"), "<svg>plano</svg>");
  writeFileSync(path.join(dir, "assets/app-x1.js"), "1");
  let base = "";
  let close = () => {};

  beforeAll(async () => {
    const app = express();
    app.use(publicFiles(dir, { maxAge: "1h", skip: "/assets" }));
    app.use((_req, res) => {
      res.status(404).send("página");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("serves the files of the build, by their encoded address too, cached for an hour", async () => {
    const favicon = await fetch(`${base}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await favicon.text()).toBe("<svg/>");
    const plan = await fetch(`${base}/images/plans/plano%20b%C3%A1sico.svg`);
    expect(await plan.text()).toBe("<svg>plano</svg>");
  });

  it("sends every other address on without looking at the disk: a file added later is not seen", async () => {
    writeFileSync(path.join(dir, "later.svg"), "<svg/>");
    for (const address of ["/", "/planos", "/later.svg", "/assets/app-x1.js", "/images", "/%E0%A4%A"]) {
      const response = await fetch(`${base}${address}`);
      expect(response.status, address).toBe(404);
      expect(await response.text()).toBe("página");
    }
  });
});
