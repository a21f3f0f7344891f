import {
  type DomainConfig,
  interfaceLanguage,
  LANGUAGE_COOKIE,
  type Language,
  type LanguageSource,
  livesAtRoot,
  type OfferedLanguage,
  resolveHost,
  resolveLanguage,
  splitLanguagePrefix,
} from "@domain/locale.ts";
import type { Request } from "express";

/** What the server worked out about one request before React Router sees it. */
export interface RequestInfo {
  /** Segment subdomain (A §4), null on the main site. */
  segment: string | null;
  /** The admin subdomain was used. */
  adminHost: boolean;
  /** Resolved language (any accepted code), used for the content lookup. */
  language: Language;
  /** Language of the interface (pt or en). */
  uiLanguage: OfferedLanguage;
  /** Language prefix of the URL (/pt, /en, /es), if any. */
  pathLanguage: Language | null;
  /** Where the language came from (A §4's order; decision 122 leaves the saved choice to the browser). */
  languageSource: LanguageSource;
  /** The visitor's address (behind a trusted proxy: the forwarded one). */
  ip?: string;
}

/** Segment and language of a request, following A §4 (see domain/locale.ts for the rules). */
export function requestInfo(req: Request, domains: DomainConfig, isProduction: boolean): RequestInfo {
  return {
    ...resolveRequest(
      {
        host: req.headers.host,
        path: req.path,
        langQuery: typeof req.query.lang === "string" ? req.query.lang : null,
        cookie: req.headers.cookie,
        acceptLanguage: req.headers["accept-language"],
      },
      domains,
      isProduction,
    ),
    ip: req.ip,
  };
}

/** The parts of a request that decide its segment and language. */
export interface RequestParts {
  host: string | undefined;
  /** Path without the query. */
  path: string;
  langQuery: string | null;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

/** Segment and language from the raw parts (also used by the page cache, before Express). */
export function resolveRequest(
  parts: RequestParts,
  domains: DomainConfig,
  isProduction: boolean,
): Omit<RequestInfo, "ip"> {
  const host = resolveHost(parts.host, domains);
  const segment = host.kind === "site" ? host.segment : null;
  const { language: pathLanguage } = splitLanguagePrefix(parts.path);
  // An address that can carry a language prefix answers the same to everyone (decision 122): the
  // saved choice and the browser's language take the visitor to the prefixed address in the
  // browser (app/browser/language-redirect.ts), never change what this one answers. The areas that
  // live only at the root (the portal, the admin, the API) still read them.
  const urlDecides = !livesAtRoot(parts.path);
  const { language, source } = resolveLanguage({
    pathPrefix: pathLanguage,
    cookie: urlDecides ? null : readCookie(parts.cookie, LANGUAGE_COOKIE),
    query: parts.langQuery,
    isProduction,
    segment,
    domainConfig: domains,
    acceptLanguage: urlDecides ? null : parts.acceptLanguage,
  });
  return {
    segment,
    adminHost: host.kind === "admin",
    language,
    uiLanguage: interfaceLanguage(language),
    pathLanguage,
    languageSource: source,
  };
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * What a submission reads of the HTTP request that carried it: a Fetch Request (a page's action)
 * satisfies it, and so does Express's request through `postedRequest` (server/http/lead-intake.ts).
 */
export interface PostedRequest {
  /** The address posted to, absolute. */
  url: string;
  headers: { get(name: string): string | null };
}

/** Who sent a submission, as the lead records it: address, browser, and the analytics cookie (B §3.5). */
export function submissionClient(request: PostedRequest, info: RequestInfo) {
  return {
    ip: info.ip,
    userAgent: request.headers.get("user-agent") ?? undefined,
    clarityCookie: readCookie(request.headers.get("cookie") ?? undefined, "_clck"),
  };
}
