import type { RouteHandle } from "@domain/route-handle.ts";
import { isReactRouterRequest, RouteFinder, routeTree } from "@server/http/route-tree.ts";
import {
  type AppLoadContext,
  createStaticHandler,
  type EntryContext,
  type RouteObject,
  type ServerBuild,
  type StaticHandler,
} from "react-router";

/**
 * Island pages answered without React Router's request pipeline (decision 108). A public page
 * whose route says `islands` needs none of what that pipeline spends a render on: the whole route
 * table rebuilt (createServerRoutes, 3 % of a render), the loader data encoded for hydration
 * (turbo-stream, 12 %) though nothing will read it, the streaming renderer. Here the route is matched
 * once against the build's table, its loaders run through React Router's own static handler (so
 * redirects, `data()` and thrown responses mean what they mean everywhere), and the page is rendered
 * by entry.server.tsx with a router context that holds only the matched routes. Anything else (an
 * error, a 404, another method, a route that is not an island page) returns null: React Router's
 * pipeline answers it as before.
 */

type DocumentHandler = (
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext,
) => Response | Promise<Response>;

interface Prepared {
  finder: RouteFinder;
  islandRoutes: RouteObject[];
  /** A static handler of the island routes for each basename ("/" and each language prefix). */
  handlers: Map<string, StaticHandler>;
  /** For each leaf route: the manifest and modules of it and its parents only. */
  pruned: Map<string, Pick<EntryContext, "manifest" | "routeModules">>;
}

const prepared = new WeakMap<ServerBuild, Prepared>();

function prepare(build: ServerBuild): Prepared {
  let ready = prepared.get(build);
  if (ready) return ready;
  const routes = routeTree(build);
  // The loaders run through a handler of the island pages alone (under the root): it matches the
  // same route as the whole table does for a path the whole table gives an island page, at a
  // third of the cost (React Router compiles each candidate's pattern on every match).
  const islandRoutes = routes.map((root) => ({
    ...root,
    children: root.children?.filter(isIslandRoute),
  })) as RouteObject[];
  ready = { finder: new RouteFinder(routes), islandRoutes, handlers: new Map(), pruned: new Map() };
  prepared.set(build, ready);
  return ready;
}

function isIslandRoute(route: RouteObject): boolean {
  return (route.handle as RouteHandle | undefined)?.islands === true;
}

function prunedFor(build: ServerBuild, ready: Prepared, ids: string[]) {
  const key = ids.join("/");
  let pruned = ready.pruned.get(key);
  if (!pruned) {
    pruned = {
      manifest: {
        ...build.assets,
        routes: Object.fromEntries(ids.map((id) => [id, build.assets.routes[id]!])),
      },
      routeModules: Object.fromEntries(ids.map((id) => [id, build.routes[id]!.module])),
    };
    ready.pruned.set(key, pruned);
  }
  return pruned;
}

/** The island page of this GET, rendered; null for anything React Router's pipeline must answer. */
export async function handleIslandPage(
  request: Request,
  loadContext: AppLoadContext,
  build: ServerBuild,
  renderDocument: DocumentHandler,
): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (isReactRouterRequest(build, url.pathname, url.searchParams)) return null;
  const ready = prepare(build);
  // The one route table serves every language prefix as a basename (decision 109).
  const found = ready.finder.find(url.pathname);
  if (!found || !isIslandRoute(found.route)) return null;
  const basename = found.language ? `/${found.language}` : "/";
  let handler = ready.handlers.get(basename);
  if (!handler) {
    handler = createStaticHandler(ready.islandRoutes, { basename });
    ready.handlers.set(basename, handler);
  }

  const context = await handler.query(request, { requestContext: loadContext });
  // A redirect (a moved page, an unknown content page going home) is answered as it is.
  if (context instanceof Response) return context.status >= 300 && context.status < 400 ? context : null;
  if (context.errors || context.statusCode !== 200) return null;

  const ids = context.matches.map((match) => match.route.id);
  const { manifest, routeModules } = prunedFor(build, ready, ids);
  const entryContext: EntryContext = {
    manifest,
    routeModules,
    staticHandlerContext: context,
    branches: [],
    criticalCss: undefined,
    // Nothing is handed to a router in the browser: an island page has none.
    serverHandoffString: undefined,
    serverHandoffStream: undefined,
    renderMeta: {},
    future: build.future,
    ssr: build.ssr,
    isSpaMode: false,
    routeDiscovery: build.routeDiscovery,
    serializeError: undefined as never,
  } as unknown as EntryContext;
  return renderDocument(request, 200, documentHeaders(build, context), entryContext, loadContext);
}

/**
 * The page's headers as React Router computes them without an error: each route's `headers` export
 * over its parent's, the loaders' cookies kept.
 */
function documentHeaders(
  build: ServerBuild,
  context: { matches: { route: { id: string } }[]; loaderHeaders: Record<string, Headers> },
): Headers {
  return context.matches.reduce((parentHeaders, match) => {
    const loaderHeaders = context.loaderHeaders[match.route.id] ?? new Headers();
    const headersFn = build.routes[match.route.id]?.module.headers;
    const headers = new Headers(
      typeof headersFn === "function"
        ? headersFn({ loaderHeaders, parentHeaders, actionHeaders: new Headers(), errorHeaders: undefined })
        : headersFn === undefined
          ? parentHeaders
          : headersFn,
    );
    for (const cookie of [...parentHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()].reverse()) {
      if (!headers.getSetCookie().includes(cookie)) headers.append("Set-Cookie", cookie);
    }
    return headers;
  }, new Headers());
}
