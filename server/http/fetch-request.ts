import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/** The Fetch request of an Express request (its body streamed for the action). */
export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const withBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(withBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}
