import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzipSync } from "node:zlib";
import { type DomainConfig, livesAtRoot } from "@domain/locale.ts";
import { canonicalPageQuery } from "@domain/page-query.ts";
import { LRUCache } from "lru-cache";
import { SESSION_COOKIE } from "../auth/tokens.ts";
import { collectingSurrogateKeys } from "../cache/surrogate-keys.ts";
import { PREVIEW_COOKIE } from "../content/preview.ts";
import { FORM_TOKEN_SHAPE } from "../leads/spam.ts";
import { byteView } from "./byte-view.ts";
import { chooseEncoding } from "./encoding.ts";
import { matchesEtag } from "./etag.ts";
import { Memo } from "./memo.ts";
import { isDone, RenderFlights, type Schedule } from "./render-flights.ts";
import { readCookie, resolveRequest } from "./request-info.ts";

const brotli = promisify(brotliCompress);

/** How long a cached page is served before it is rendered again (content edits clear it at once). */
export const PAGE_TTL_MS = 60_000;
const MAX_ENTRIES = 500;
/**
 * Pages with a query (a blog search, a filter, a list page, a form's step) are kept apart and fewer:
 * anyone can make up searches, and a crawl of them must not push the pages everyone gets out.
 */
const MAX_QUERY_ENTRIES = 200;
const MAX_QUERY_BYTES = 8 * 1024 * 1024;
/** How long past its time an expired page may still be served while it is rendered again. */
const STALE_MS = 30_000;
/** About 30 MB: a page is ~80 KB of HTML plus ~20 KB gzipped and ~16 KB in brotli. */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * What the renderer leaves for the page cache about one request (app/entry.server.tsx): the
 * finished HTML when the page may be cached, and the surrogate keys of what it was made of.
 */
export interface PageSlot {
  /** A page as the renderer keeps it (its UTF-8 bytes), or a JSON document's text. */
  html: string | Buffer | null;
  /** What the answer was made of (server/cache/surrogate-keys.ts), collected while it renders. */
  keys: Set<string>;
  /** A part of the page failed to load (server/http/sections.ts): answered, never kept. */
  failed: boolean;
}

/**
 * A public answer is the same bytes for every anonymous visitor (decision 122). Browsers ask again
 * every time (a 304 when unchanged); a shared cache keeps it an hour (A §9's cache hint, 3600 s),
 * purged by its keys when its content changes, serves it stale for a minute while fetching it
 * again, and for a day while the origin is down.
 */
export const PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400";

interface CachedPage {
  status: number;
  /** The headers of a hit, flat ([name, value, ...]) for writeHead, but for length and encoding. */
  hitHeaders: Array<string | number | string[]>;
  /** The answer's bytes, and the same gzipped: written as they are, never compressed again. */
  plain: Buffer;
  gzip: Buffer;
  /** The same in brotli (made on the thread pool after the page is kept), or null: gzip serves. */
  brotli: Buffer | null;
  /** The answer's own (a document's), or one of the page's bytes. */
  etag: string;
  /** What the page was made of: a change of any of them purges it (purge). */
  keys: ReadonlySet<string>;
  /** What a 304 repeats: ETag, Cache-Control, Vary. */
  validators: Array<string | number | string[]>;
  expiresAt: number;
  /** How to ask for this page again (a content change renders the cached pages anew). */
  again: WarmRequest;
}

/** A request that renders a cached page again: its address and host (its key depends on no other header). */
export interface WarmRequest {
  url: string;
  host: string | undefined;
}

/** After a content change, at most this many of the most recently used pages are rendered again. */
export const WARM_LIMIT = 40;

/**
 * Renders pages again through the server (server/http/page-warmer.ts); `current` turns false when
 * another change came, and the run stops: the newer one takes over.
 */
export type PageWarmer = (requests: WarmRequest[], current: () => boolean) => Promise<void>;

export interface PageCacheOptions {
  domains: DomainConfig;
  isProduction: boolean;
  now?: () => number;
  ttlMs?: number;
  /** Timers of the bounded wait for another's render (tests inject their own). */
  schedule?: Schedule;
  waitLimitMs?: number;
}

/**
 * The front page cache of DESIGN.md: anonymous GETs of the pages that opt in (route handle
 * `pageCache: true`) are answered from memory, compressed once, before Express runs. A miss goes
 * through the whole application as usual and its bytes are kept on the way out.
 *
 * Only requests without a session or preview cookie are candidates, and the key is what decides
 * the render: segment (Host) and address (path, with the language prefix, and the query the page
 * reads). Every visitor of a key gets the same bytes, as a shared cache in front would give them
 * (decision 122).
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  /** Pages whose key holds a query (MAX_QUERY_ENTRIES). */
  private readonly queried: LRUCache<string, CachedPage>;
  private readonly slots = new WeakMap<IncomingMessage, PageSlot>();
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly pendingBrotli = new Set<Promise<void>>();
  /** Keys being rendered by one request, with the requests waiting for that render. */
  private readonly flights: RenderFlights;
  /** Keys whose last render was not offered to the cache, until when (ms) they render freely. */
  private readonly uncacheable = new LRUCache<string, number>({ max: 4096 });
  /** Bumped by clear(): a page rendered from the content before a change is not kept after it. */
  private generation = 0;
  /** Cache keys by the request parts that decide them (keyFor). */
  private readonly keys = new Memo<string | null>(4096, 2048);

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? PAGE_TTL_MS;
    this.flights = new RenderFlights({
      now: this.now,
      ...(options.schedule ? { schedule: options.schedule } : {}),
      ...(options.waitLimitMs ? { waitLimitMs: options.waitLimitMs } : {}),
    });
    // The brotli form comes a moment later and is a little smaller than gzip: counted as gzip.
    const sizeCalculation = (page: CachedPage) => page.plain.length + 2 * page.gzip.length;
    this.pages = new LRUCache({ max: MAX_ENTRIES, maxSize: MAX_BYTES, sizeCalculation });
    this.queried = new LRUCache({ max: MAX_QUERY_ENTRIES, maxSize: MAX_QUERY_BYTES, sizeCalculation });
  }

  /**
   * Answers the request from the cache, or has it rendered by `render` (the app) and keeps the
   * page on the way out. One request renders a page at a time: while it does, the others get the
   * expired copy (for at most STALE_MS) or, with none, wait for that render and are answered from
   * it (server/http/render-flights.ts bounds that wait). Without that, every request in flight when
   * a page expires (or after a content change) renders it at once. A page its route does not offer
   * to the cache (the sign-in pages) is remembered as such for a while: its requests then
   * render side by side instead of one after the other (decision 090).
   */
  serve(req: IncomingMessage, res: ServerResponse, render: () => void): void {
    this.route(req, res, render, this.now());
  }

  private route(req: IncomingMessage, res: ServerResponse, render: () => void, since: number): void {
    // Nobody is there to answer (a waiter served again after its visitor left).
    if (isDone(res)) return;
    const key = this.keyFor(req);
    if (!key) {
      render();
      return;
    }
    const page = this.storeOf(key).get(key);
    const now = this.now();
    const inFlight = this.flights.inFlight(key);
    // The warmer's own request renders: it must not be answered with the copy it comes to replace.
    const warming = req.headers[WARMER_HEADER] !== undefined;
    const recent = page !== undefined && page.expiresAt + STALE_MS > now;
    if (page && (page.expiresAt > now || (recent && !warming && (inFlight || this.refreshing.has(key))))) {
      if (page.expiresAt <= now) this.staleAnswers.add(res);
      this.answer(req, res, page);
      return;
    }
    // Expired a moment ago: this visitor gets that copy while the warmer renders the page again in
    // the background, so nobody waits for a render when a page's minute is up.
    if (page && recent && !warming && this.warmer) {
      this.staleAnswers.add(res);
      this.answer(req, res, page);
      this.refresh(key, page.again);
      return;
    }
    // Not offered last time: rendered beside the others (and kept should it be offered now).
    if ((this.uncacheable.get(key) ?? 0) > now) {
      this.renderAndKeep(key, req, res, render);
      return;
    }
    if (inFlight) {
      this.flights.wait(
        key,
        res,
        since,
        () => this.route(req, res, render, since),
        // Waited long enough for another's render: this one renders (and may keep) the page.
        () => this.renderAndKeep(key, req, res, render),
      );
      return;
    }
    // Finished or not (a failed render keeps nothing), the waiters are served again when this
    // response is done: one of them renders if there is still nothing to answer with.
    this.flights.claim(key, res);
    this.renderAndKeep(key, req, res, render);
  }

  /** Renders through the app and keeps the page when it may be kept. */
  private renderAndKeep(key: string, req: IncomingMessage, res: ServerResponse, render: () => void): void {
    const slot: PageSlot = { html: null, keys: new Set(), failed: false };
    this.slots.set(req, slot);
    res.setHeader("X-Page-Cache", "miss");
    const generation = this.generation;
    res.once("finish", () => {
      if (generation !== this.generation || slot.failed) return;
      if (
        slot.html !== null &&
        res.statusCode === 200 &&
        !res.hasHeader("set-cookie") &&
        !holdsFormToken(slot)
      ) {
        this.store(key, res.statusCode, res.getHeaders(), slot, warmRequestOf(req));
      } else if (slot.html === null && res.statusCode === 200 && req.method === "GET") {
        // The route did not offer its page to the cache: no single flight for it until it expires.
        this.uncacheable.set(key, this.now() + this.ttlMs);
      }
    });
    // What the render reads from the content cache is noted in the slot's keys.
    collectingSurrogateKeys(slot.keys, render);
  }

  /** Answers given from an expired copy while a new one renders (the metrics' "stale"). */
  private readonly staleAnswers = new WeakSet<ServerResponse>();

  /** Whether this response was an expired copy served while the page renders again. */
  answeredStale(res: ServerResponse): boolean {
    return this.staleAnswers.has(res);
  }

  /** Renders under way and requests waiting for them (metrics). */
  renderCounts(): { rendering: number; waiting: number } {
    return this.flights.counts();
  }

  /** The slot of a candidate request, handed to the renderer through the load context. */
  slotFor(req: IncomingMessage): PageSlot | null {
    return this.slots.get(req) ?? null;
  }

  private warmer: PageWarmer | null = null;
  /** Keys the warmer is rendering again because their page expired (route). */
  private readonly refreshing = new Set<string>();

  private refresh(key: string, again: WarmRequest): void {
    this.refreshing.add(key);
    void this.warmer!([again], () => true)
      .catch(() => {})
      .finally(() => this.refreshing.delete(key));
  }

  /** Who renders the pages again after a content change (the listening server). */
  setWarmer(warmer: PageWarmer): void {
    this.warmer = warmer;
  }

  /**
   * Drops every page (content changed). With `warm`, the pages visitors were getting (the most
   * recently used first) are rendered again at once, so the first visitor after a publication
   * does not wait for the render (decision 100).
   */
  clear(options: { warm?: boolean } = {}): void {
    this.drop(() => true, options);
  }

  /**
   * Drops the pages made of any of `keys` (a content document changed, decision 122), the others
   * staying; with `warm`, those visitors were getting are rendered again at once, as after clear().
   */
  purge(keys: readonly string[], options: { warm?: boolean } = {}): void {
    this.drop((page) => keys.some((key) => page.keys.has(key)), options);
  }

  private drop(stale: (page: CachedPage) => boolean, options: { warm?: boolean }): void {
    const again: WarmRequest[] = [];
    // A render in flight may have read the content before the change: it is not kept (store).
    const generation = ++this.generation;
    for (const store of [this.pages, this.queried]) {
      // Most recently used first: those are the ones warmed.
      for (const [key, page] of store.entries()) {
        if (!stale(page)) continue;
        store.delete(key);
        if (options.warm && this.warmer && again.length < WARM_LIMIT) again.push(page.again);
      }
    }
    this.uncacheable.clear();
    if (again.length > 0) void this.warmer!(again, () => this.generation === generation).catch(() => {});
  }

  get size(): number {
    return this.pages.size + this.queried.size;
  }

  /** Where a key's page is kept: with a query, apart (MAX_QUERY_ENTRIES). */
  private storeOf(key: string): LRUCache<string, CachedPage> {
    return key.includes("?") ? this.queried : this.pages;
  }

  /** Requests waiting for a render in flight. */
  get waiting(): number {
    return this.flights.waiting;
  }

  /** Keys being rendered right now (a burst that ended leaves none). */
  get rendering(): number {
    return this.flights.size;
  }

  /** The cache key of a request that may be answered from the cache, or null. */
  keyFor(req: IncomingMessage): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (req.headers.authorization) return null;
    const { host, cookie } = req.headers;
    // A session, in its cookie or sent as a token (A §7, above), renders the visitor's own header; a
    // preview link's cookie renders drafts (server/http/preview.ts): never kept, never answered here.
    const url = req.url ?? "";
    if (
      cookie &&
      !url.startsWith(PUBLIC_JSON_PATH) &&
      privateCookies.get(cookie, () => holdsPrivateCookie(cookie))
    )
      return null;
    // The same few addresses come again and again: working the key out (segment, language, query)
    // cost more than the rest of a hit together. Header values never hold a line feed.
    return this.keys.get(`${url}\n${host ?? "\0"}`, () => this.keyOf(url, host));
  }

  private keyOf(url: string, host: string | undefined): string | null {
    // Public JSON documents: the address alone (path and query) decides the answer, for anyone.
    if (url.startsWith(PUBLIC_JSON_PATH)) return `json|${url}`;
    // Files and data requests are not pages; a query counts as far as the page reads it.
    const address = pageAddress(url);
    if (!address) return null;
    const { path, query } = address;
    if (!path.startsWith("/") || path.startsWith("/api/") || /\.[^/]*$/.test(path)) return null;
    // The customer's and the admin's areas take their language from the saved choice: never kept.
    if (livesAtRoot(path)) return null;
    // The address decides the language (decision 122): no cookie or browser language goes in.
    const info = resolveRequest(
      { host, path, langQuery: null, cookie: undefined, acceptLanguage: undefined },
      this.options.domains,
      this.options.isProduction,
    );
    if (info.adminHost) return null;
    return `${info.segment ?? ""}|${info.language}|${path}${query ? `?${query}` : ""}`;
  }

  private store(
    key: string,
    status: number,
    sent: OutgoingHttpHeaders,
    slot: PageSlot,
    again: WarmRequest,
  ): void {
    const plain =
      typeof slot.html === "string" ? Buffer.from(slot.html, "utf8") : (slot.html ?? Buffer.alloc(0));
    // The renderer set the caching and the surrogate keys of the answer (app/entry.server.tsx,
    // documentResponse); the cache adds what is per answer: length, encoding, its own marker.
    const headers: Array<string | number | string[]> = [];
    for (const [name, value] of Object.entries(sent)) {
      if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
      headers.push(name, value);
    }
    // The address decides the answer (decision 122): it varies by encoding alone.
    headers.push("vary", "Accept-Encoding");
    const sentEtag = typeof sent.etag === "string" ? sent.etag : null;
    const etag = sentEtag ?? `W/"${createHash("sha1").update(plain).digest("base64url").slice(0, 27)}"`;
    const validators: CachedPage["validators"] = ["etag", etag];
    for (let i = 0; i < headers.length; i += 2) {
      if (headers[i] === "cache-control" || headers[i] === "vary")
        validators.push(headers[i]!, headers[i + 1]!);
    }
    const page: CachedPage = {
      status,
      hitHeaders: [...headers, "etag", etag, "x-page-cache", "hit"],
      validators,
      plain,
      gzip: gzipSync(plain, { level: 9 }),
      brotli: null,
      etag,
      keys: slot.keys,
      expiresAt: this.now() + this.ttlMs,
      again,
    };
    this.storeOf(key).set(key, page);
    // Brotli on the thread pool, a moment later: until then gzip serves. A failure only means gzip.
    const brotliReady = brotli(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }).then(
      (compressed) => {
        page.brotli = compressed;
      },
      () => {},
    );
    this.pendingBrotli.add(brotliReady);
    void brotliReady.finally(() => this.pendingBrotli.delete(brotliReady));
  }

  /** Resolves when the brotli forms being made are ready (tests). */
  async compressed(): Promise<void> {
    await Promise.all(this.pendingBrotli);
  }

  private answer(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
    if (page.status === 200 && matchesEtag(req.headers["if-none-match"], page.etag)) {
      res.writeHead(304, [...page.validators, "x-page-cache", "hit"]);
      res.end();
      return;
    }
    const encoding = encodingOf(req.headers["accept-encoding"], page.brotli !== null);
    const body = encoding === "br" ? page.brotli! : encoding === "gzip" ? page.gzip : page.plain;
    const headers = [...page.hitHeaders, "content-length", body.length];
    if (encoding !== "identity") headers.push("content-encoding", encoding);
    res.writeHead(page.status, headers);
    // The stored bytes go out as they are: the same for every visitor, never copied.
    res.end(req.method === "HEAD" ? undefined : body);
  }
}

/**
 * Whether the page holds a form challenge or token (a loader that drew one, a confirmation step):
 * kept, it would go to every visitor, and each is spent once (decisions 077, 122). Never kept.
 */
function holdsFormToken(slot: PageSlot): boolean {
  const html = typeof slot.html === "string" ? slot.html : slot.html ? byteView(slot.html) : "";
  // Tokens are ASCII: the byte view finds them as the decoded text would.
  return FORM_TOKEN_IN_PAGE.test(html);
}
const FORM_TOKEN_IN_PAGE = new RegExp(FORM_TOKEN_SHAPE.source);

/**
 * Quality 6, measured on the 55 KB home: 11.6 KB in 1.9 ms, against gzip -9's 12.2 KB in 1.0 ms,
 * quality 9's 11.4 KB in 20 ms and quality 11's 10.5 KB in 65 ms. A page is compressed again each
 * time it renders (every minute it is asked for, and after a publication): 11 would cost a core's
 * tenth for a hundred pages.
 */
const BROTLI_QUALITY = 6;

const PUBLIC_JSON_PATH = "/api/json/public/";

/**
 * Whether a Cookie header holds a session or a preview, kept by header: the same analytics cookies
 * come again and again, and a hit need not parse them each time.
 */
const privateCookies = new Memo<boolean>(2048, 1024);
function holdsPrivateCookie(cookie: string): boolean {
  return readCookie(cookie, SESSION_COOKIE) !== null || readCookie(cookie, PREVIEW_COOKIE) !== null;
}
/** Marks the requests of the page warmer (server/http/page-warmer.ts). */
export const WARMER_HEADER = "x-page-warmer";

/**
 * Query parameters that tag a visit for analytics and never change the page: UTM (read in the
 * browser, app/browser/outbox.ts rememberUtm) and the ad networks' click ids.
 */
const CAMPAIGN_TAGS = new Set([
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_id",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "fbclid",
  "msclkid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_gl",
]);

/**
 * The path of an address and the query its page reads (canonicalPageQuery), campaign tags taken
 * out: a campaign's visitors land on tagged links and get the cached page like everyone else. Null
 * when the query holds anything else (?lang=, a parameter no page reads): such a request renders.
 */
export function pageAddress(url: string): { path: string; query: string } | null {
  const mark = url.indexOf("?");
  if (mark === -1) return { path: url, query: "" };
  const path = url.slice(0, mark);
  const params = new URLSearchParams(url.slice(mark + 1));
  for (const name of [...params.keys()]) if (CAMPAIGN_TAGS.has(name.toLowerCase())) params.delete(name);
  if (params.size === 0) return { path, query: "" };
  const query = canonicalPageQuery(path, params);
  return query === null ? null : { path, query };
}

const encodings = new Memo<"br" | "gzip" | "identity">(256, 256);
/** chooseEncoding, kept by header (a handful of distinct Accept-Encoding values come all day). */
function encodingOf(
  header: string | string[] | undefined,
  brotliAtHand: boolean,
): "br" | "gzip" | "identity" {
  const inputs = `${brotliAtHand}|${Array.isArray(header) ? header.join(",") : (header ?? "")}`;
  return encodings.get(inputs, () => chooseEncoding(header, brotliAtHand ? ["br", "gzip"] : ["gzip"]));
}

/** Headers that belong to one answer, not to the page (ETag and Vary are set again on the way in). */
const PER_RESPONSE_HEADERS = new Set([
  "etag",
  "vary",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "set-cookie",
  "x-page-cache",
  // Which layer answered (server/http/answering-layer.ts): a hit says page-cache itself.
  "x-answered-by",
]);

/** The parts of a request that decide its page, to ask for it again. */
function warmRequestOf(req: IncomingMessage): WarmRequest {
  return { url: req.url ?? "/", host: req.headers.host };
}
