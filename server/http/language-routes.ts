import { type Language, livesAtRoot, PATH_LANGUAGES, splitLanguagePrefix } from "@domain/locale.ts";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";

type Build = ServerBuild | (() => Promise<ServerBuild>);

/**
 * The build under a language prefix (decision 109): React Router matches the one route table below
 * the basename, writes the basename into its links and redirects, and tells the browser's router.
 */
export function buildUnder(build: Build, basename: string): Build {
  return typeof build === "function"
    ? async () => ({ ...(await build()), basename })
    : { ...build, basename };
}

/**
 * Sends each request to the handler of its language prefix (/pt, /en, /es) or to the root's. The
 * areas that live only at the root (the portal, the admin, the API, the feeds) are reached without
 * the prefix: /en/dashboard is moved to /dashboard.
 */
export function byLanguagePrefix(
  root: RequestHandler,
  prefixed: (basename: string) => RequestHandler,
): RequestHandler {
  const handlers = new Map<Language, RequestHandler>(
    PATH_LANGUAGES.map((language) => [language, prefixed(`/${language}`)]),
  );
  return (req, res, next) => {
    const { language, path } = splitLanguagePrefix(req.path);
    if (!language) return root(req, res, next);
    if (livesAtRoot(path)) {
      const query = req.originalUrl.indexOf("?");
      res.redirect(302, `${path}${query === -1 ? "" : req.originalUrl.slice(query)}`);
      return;
    }
    return handlers.get(language)!(req, res, next);
  };
}
