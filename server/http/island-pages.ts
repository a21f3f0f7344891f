import { gzipSync } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { chooseEncoding } from "./encoding.ts";
import { fetchRequestOf } from "./fetch-request.ts";
import { ANSWER_GZIP_LEVEL } from "./gzip-level.ts";

type IslandPageHandler = (
  request: Request,
  loadContext: AppLoadContext,
  build: ServerBuild,
) => Promise<Response | null>;

/**
 * Island pages (decision 108) answered before React Router's request handler, by the renderer the
 * app's entry.server.tsx exports (handleIslandPageRequest): GET and HEAD of a public page whose
 * route says `islands`. Whatever it leaves (null) goes on to React Router.
 */
export function islandPages(
  build: ServerBuild | (() => Promise<ServerBuild>),
  loadContextOf: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
): RequestHandler {
  // Development's build is Vite's of the moment (server/server.ts), asked for at each request.
  const buildNow = typeof build === "function" ? build : () => Promise.resolve(build);
  const handlerOf = (current: ServerBuild) =>
    (current.entry.module as { handleIslandPageRequest?: IslandPageHandler }).handleIslandPageRequest;
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const current = await buildNow();
      const handle = handlerOf(current);
      if (!handle) return next();
      const response = await handle(fetchRequestOf(req, res), loadContextOf(req, res), current);
      if (!response) return next();
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      let body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      // The whole page is here: gzipped in one call, which costs a quarter of the compression
      // middleware's stream on a busy core (measured: 160 → 300 req/s for the rendered home).
      if (body && body.length > 1024 && chooseEncoding(req.headers["accept-encoding"], ["gzip"]) === "gzip") {
        body = gzipSync(body, { level: ANSWER_GZIP_LEVEL });
        res.setHeader("Content-Encoding", "gzip");
        res.vary("Accept-Encoding");
      }
      if (req.method === "HEAD" || !body) res.end();
      else res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
