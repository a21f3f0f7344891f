import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import {
  type AppLoadContext,
  createStaticHandler,
  isRouteErrorResponse,
  type ServerBuild,
  type StaticHandler,
} from "react-router";
import { fetchRequestOf } from "./fetch-request.ts";
import { isReactRouterRequest, RouteFinder, routeTree } from "./route-tree.ts";

/**
 * The routes without a page (the JSON API, the sitemap, robots.txt, the RSS feeds, file downloads)
 * answered outside React Router's request pipeline (decision 109): the one route table matches the
 * path as React Router ranks it, and the route's loader or action runs through React Router's static
 * handler (so `data()`, redirects and thrown responses mean what they mean in the app). A value that
 * is not a Response goes out as JSON, as React Router sends it; an error a route does not turn into a
 * Response goes to the Express error handler (a Portuguese JSON message for the API, never a stack).
 * Pages are left to the island handler and to React Router.
 */
export function resourceRoutes(
  build: ServerBuild,
  loadContextOf: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
): RequestHandler {
  const tree = routeTree(build);
  const finder = new RouteFinder(tree);
  const handlers = new Map<string, StaticHandler>();
  const handlerFor = (basename: string) => {
    let handler = handlers.get(basename);
    if (!handler) {
      handler = createStaticHandler(tree, { basename });
      handlers.set(basename, handler);
    }
    return handler;
  };
  return async (req, res, next) => {
    const search = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
    if (isReactRouterRequest(build, req.path, search)) return next();
    const found = finder.find(req.path);
    // A route with a component is a page.
    if (!found || found.route.module.default) return next();
    try {
      const request = fetchRequestOf(req, res);
      const handler = handlerFor(found.language ? `/${found.language}` : "/");
      let response: Response;
      try {
        response = asResponse(
          await handler.queryRoute(request, {
            routeId: found.route.id,
            requestContext: loadContextOf(req, res),
          }),
        );
      } catch (thrown) {
        if (thrown instanceof Response) response = thrown;
        else if (isRouteErrorResponse(thrown)) {
          response = Response.json(thrown.data ?? { message: thrown.statusText }, { status: thrown.status });
        } else throw thrown;
      }
      await send(res, response, req.method === "HEAD");
    } catch (error) {
      next(error);
    }
  };
}

function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (typeof result === "string") return new Response(result);
  return Response.json(result);
}

async function send(res: ExpressResponse, response: Response, headOnly: boolean): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body || headOnly) {
    await response.body?.cancel();
    res.end();
    return;
  }
  await writeReadableStreamToWritable(response.body, res);
}
