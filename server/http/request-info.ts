import type { Request } from "express";
import {
  type DomainConfig,
  interfaceLanguage,
  LANGUAGE_COOKIE,
  resolveHost,
  resolveLanguage,
  splitLanguagePrefix,
} from "~/lib/locale.ts";
import type { RequestInfo } from "../context.ts";

/** Segment and language of a request, following A §4 (see app/lib/locale.ts for the rules). */
export function requestInfo(req: Request, domains: DomainConfig, isProduction: boolean): RequestInfo {
  const host = resolveHost(req.headers.host, domains);
  const segment = host.kind === "site" ? host.segment : null;
  const { language: pathLanguage } = splitLanguagePrefix(req.path);
  const query = typeof req.query.lang === "string" ? req.query.lang : null;
  const { language } = resolveLanguage({
    pathPrefix: pathLanguage,
    cookie: readCookie(req.headers.cookie, LANGUAGE_COOKIE),
    query,
    isProduction,
    segment,
    domainConfig: domains,
    acceptLanguage: req.headers["accept-language"],
  });
  return {
    segment,
    adminHost: host.kind === "admin",
    language,
    uiLanguage: interfaceLanguage(language),
    pathLanguage,
    ip: req.ip,
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

/** Who sent a submission, as the lead records it: address, browser, and the analytics cookie (B §3.5). */
export function submissionClient(request: globalThis.Request, info: RequestInfo) {
  return {
    ip: info.ip,
    userAgent: request.headers.get("user-agent") ?? undefined,
    clarityCookie: readCookie(request.headers.get("cookie") ?? undefined, "_clck"),
  };
}
