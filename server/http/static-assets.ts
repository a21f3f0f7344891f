import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { chooseEncoding } from "./encoding.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

interface Precompressed {
  type: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The hashed assets of the client build answered from memory with the copies
 * scripts/precompress-assets.mjs wrote at build time: compressing each request on the fly made a
 * first visit's ~20 parallel requests queue behind each other (the stylesheet last). Anything
 * else (no copies, a client without compression) goes on to express.static.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Map<string, Precompressed>();
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    const type = TYPES[path.extname(file)];
    const br = path.join(dir, `${file}.br`);
    const gzip = path.join(dir, `${file}.gz`);
    if (!type || !existsSync(br) || !existsSync(gzip)) continue;
    files.set(`/${file}`, { type, br: readFileSync(br), gzip: readFileSync(gzip) });
  }
  return (req, res, next) => {
    const file = req.method === "GET" || req.method === "HEAD" ? files.get(req.path) : undefined;
    const encoding = file && chooseEncoding(req.headers["accept-encoding"], ["br", "gzip"]);
    if (!file || !encoding || encoding === "identity") return next();
    const body = file[encoding];
    res.setHeader("Content-Type", file.type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Vary", "Accept-Encoding");
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

/**
 * The client build's other files (public/: favicon, images, videos), listed once at start: a
 * request for one of them goes to express.static, any other request (every page) goes on without
 * a stat of the disk. The build does not change while the server runs.
 */
export function publicFiles(dir: string, options: { maxAge: string; skip: string }): RequestHandler {
  const files = new Set<string>();
  if (existsSync(dir)) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const url = `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`;
      if (!url.startsWith(`${options.skip}/`)) files.add(url);
    }
  }
  const serve = express.static(dir, { maxAge: options.maxAge, index: false });
  return (req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && files.has(decodedPath(req.path))) {
      return serve(req, res, next);
    }
    next();
  };
}

function decodedPath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}
