import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { precompressedAssets, preferredEncoding } from "./static-assets.ts";

describe("preferredEncoding", () => {
  it("prefers Brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

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
  });

  it("leaves files without copies and clients without compression to the next handler", () => {
    expect(request("/plain-x2.js", "gzip, br").passed).toBe(true);
    expect(request("/app-x1.js").passed).toBe(true);
    expect(request("/missing.js", "br").passed).toBe(true);
  });
});
