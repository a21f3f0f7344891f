import { type Language, livesAtRoot, splitLanguagePrefix } from "@domain/locale.ts";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The build's one route table (app/routes.ts, decision 109) as React Router's route objects, for the
 * requests answered outside its request pipeline: island pages (app/islands/page-handler.ts) and
 * resource routes (resource-routes.ts). Each route keeps its module, loader, action and handle.
 */
export type BuildRoute = NonNullable<ServerBuild["routes"][string]>;
export type TreeRoute = RouteObject & { id: string; module: BuildRoute["module"] };

const trees = new WeakMap<ServerBuild, TreeRoute[]>();

export function routeTree(build: ServerBuild): TreeRoute[] {
  let tree = trees.get(build);
  if (tree) return tree;
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const below = (parentId: string | undefined): TreeRoute[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const { module } = route;
      const children = below(route.id);
      const common = {
        id: route.id,
        path: route.path,
        caseSensitive: route.caseSensitive,
        handle: module.handle,
        loader: module.loader,
        action: module.action,
        module,
      };
      return (
        route.index
          ? { ...common, index: true }
          : { ...common, children: children.length ? children : undefined }
      ) as TreeRoute;
    });
  tree = below(undefined);
  trees.set(build, tree);
  return tree;
}

const MAX_REMEMBERED_PATHS = 2_000;

/**
 * The route a path leads to, as React Router ranks the table (its language prefix split off: the
 * prefix is a basename), remembered per path: matchRoutes ranks and compiles the whole table again on
 * every call (46 % of an island page's time when measured). Bounded: cleared when full, so a crawl of
 * made-up paths costs memory once. Null for no route, and for a root-only area under a prefix (moved
 * to the root by server/http/language-routes.ts).
 */
export class RouteFinder {
  private readonly leaves = new Map<string, TreeRoute | null>();
  constructor(private readonly tree: TreeRoute[]) {}

  find(pathname: string): { route: TreeRoute; language: Language | null } | null {
    const { language, path } = splitLanguagePrefix(pathname);
    if (language && livesAtRoot(path)) return null;
    let leaf = this.leaves.get(path);
    if (leaf === undefined) {
      leaf = (matchRoutes(this.tree, path)?.at(-1)?.route as TreeRoute | undefined) ?? null;
      if (this.leaves.size >= MAX_REMEMBERED_PATHS) this.leaves.clear();
      this.leaves.set(path, leaf);
    }
    return leaf ? { route: leaf, language } : null;
  }
}

/**
 * React Router's own requests from the pages it hydrates, which only its request handler answers:
 * the data of a client navigation (`.data`, `?_routes=`) and the routes it discovers as links
 * appear (its manifest path, "/__manifest" by default, under any basename).
 */
export function isReactRouterRequest(build: ServerBuild, pathname: string, search: URLSearchParams): boolean {
  if (pathname.endsWith(".data") || search.has("_routes")) return true;
  const discovery = build.routeDiscovery;
  return discovery?.mode === "lazy" && pathname.endsWith(discovery.manifestPath);
}
