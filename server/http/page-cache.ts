import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import type { DomainConfig } from "~/lib/locale.ts";
import { SESSION_COOKIE } from "../auth/tokens.ts";
import { readCookie, resolveRequest } from "./request-info.ts";
import { SplicedGzip } from "./spliced-gzip.ts";

/** How long a cached page is served before it is rendered again (content edits clear it at once). */
export const PAGE_TTL_MS = 60_000;
const MAX_ENTRIES = 500;
/** About 30 MB: a page is ~60 KB of HTML plus ~12 KB gzipped. */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * What the renderer leaves for the page cache about one request (app/entry.server.tsx): the
 * finished HTML when the page may be cached, and the form token it rendered into it.
 */
export interface PageSlot {
  html: string | null;
  token: string | null;
  /** A part of the page failed to load (server/http/sections.ts): answered, never kept. */
  failed: boolean;
}

interface CachedPage {
  status: number;
  headerList: Array<[string, number | string | string[]]>;
  /** The page split around its form token: a fresh token goes between the parts on every answer. */
  body: SplicedGzip;
  expiresAt: number;
}

export interface PageCacheOptions {
  domains: DomainConfig;
  isProduction: boolean;
  /** A fresh form token for each answer (server/leads/spam.ts issueFormToken). */
  issueToken: (now: number) => string;
  now?: () => number;
  ttlMs?: number;
}

/**
 * The front page cache of DESIGN.md: anonymous GETs of the pages that opt in (route handle
 * `pageCache: true`) are answered from memory, gzip-compressed once, before Express runs. A miss
 * goes through the whole application as usual and its HTML is kept on the way out.
 *
 * Only requests without a query string and without a session cookie are candidates, and the key
 * is what decides the render: segment, language and path. Each answer still carries its own form
 * token, so the spam check's "shown at" time stays true for cached pages.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly slots = new WeakMap<IncomingMessage, PageSlot>();
  private readonly now: () => number;
  private readonly ttlMs: number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? PAGE_TTL_MS;
    this.pages = new LRUCache({
      max: MAX_ENTRIES,
      maxSize: MAX_BYTES,
      sizeCalculation: (page) => page.body.plainLength(0) + page.body.gzipLength(0),
    });
  }

  /**
   * Answers the request from the cache (true), or prepares a miss to be kept when the app has
   * rendered it (false: the caller hands the request to the app).
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const key = this.keyFor(req);
    if (!key) return false;
    const page = this.pages.get(key);
    if (page && page.expiresAt > this.now()) {
      this.answer(req, res, page);
      return true;
    }
    const slot: PageSlot = { html: null, token: null, failed: false };
    this.slots.set(req, slot);
    res.setHeader("X-Page-Cache", "miss");
    res.once("finish", () => {
      if (slot.html !== null && !slot.failed && res.statusCode === 200 && !res.hasHeader("set-cookie")) {
        this.store(key, res.statusCode, res.getHeaders(), slot);
      }
    });
    return false;
  }

  /** The slot of a candidate request, handed to the renderer through the load context. */
  slotFor(req: IncomingMessage): PageSlot | null {
    return this.slots.get(req) ?? null;
  }

  /** Drops every page (content changed). */
  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }

  /** The cache key of a request that may be answered from the cache, or null. */
  keyFor(req: IncomingMessage): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const url = req.url ?? "";
    // Queries (UTM links, ?lang=, form state) render differently; files and data requests are not pages.
    if (url.includes("?") || !url.startsWith("/") || url.startsWith("/api/") || /\.[^/]*$/.test(url)) {
      return null;
    }
    // A session, in its cookie or sent as a token (A §7), renders the visitor's own header.
    if (readCookie(req.headers.cookie, SESSION_COOKIE) || req.headers.authorization) return null;
    const info = resolveRequest(
      {
        host: req.headers.host,
        path: url,
        langQuery: null,
        cookie: req.headers.cookie,
        acceptLanguage: req.headers["accept-language"],
      },
      this.options.domains,
      this.options.isProduction,
    );
    if (info.adminHost) return null;
    return `${info.segment ?? ""}|${info.language}|${url}`;
  }

  private store(key: string, status: number, sent: OutgoingHttpHeaders, slot: PageSlot): void {
    const html = Buffer.from(slot.html ?? "", "utf8");
    const parts = slot.token ? split(html, Buffer.from(slot.token, "utf8")) : [html];
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(sent)) {
      if (value !== undefined && !PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
    }
    // Cached answers are gzip or plain by Accept-Encoding (the headers came from compression()).
    headers.vary ??= "Accept-Encoding";
    this.pages.set(key, {
      status,
      headerList: Object.entries(headers) as CachedPage["headerList"],
      body: new SplicedGzip(parts),
      expiresAt: this.now() + this.ttlMs,
    });
  }

  private answer(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
    // Every answer its own token: a token is spent by one submission (issue 13), so two visitors
    // served in the same millisecond must not share one.
    const token = Buffer.from(this.options.issueToken(this.now()), "utf8");
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    // One buffer: node then sends headers and body in a single write.
    const body = Buffer.concat(gzip ? page.body.gzip(token) : page.body.plain(token));
    for (const [name, value] of page.headerList) res.setHeader(name, value);
    res.setHeader("x-page-cache", "hit");
    res.setHeader("content-length", body.length);
    if (gzip) res.setHeader("content-encoding", "gzip");
    res.statusCode = page.status;
    res.end(req.method === "HEAD" ? undefined : body);
  }
}

/** Headers that belong to one answer, not to the page. */
const PER_RESPONSE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "set-cookie",
  "x-page-cache",
]);

/** The HTML around every occurrence of the token. */
function split(html: Buffer, token: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = html.indexOf(token); at >= 0; at = html.indexOf(token, start)) {
    parts.push(html.subarray(start, at));
    start = at + token.length;
  }
  parts.push(html.subarray(start));
  return parts;
}

/** Whether Accept-Encoding allows gzip (a q of 0 refuses it; "*" allows it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  let gzip: number | null = null;
  let any: number | null = null;
  for (const item of value.split(",")) {
    const [coding, ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (coding === "gzip" || coding === "x-gzip") gzip = Number.isNaN(weight) ? 0 : weight;
    if (coding === "*") any = Number.isNaN(weight) ? 0 : weight;
  }
  return (gzip ?? any ?? 0) > 0;
}
