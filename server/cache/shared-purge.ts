import type { Config } from "../config.ts";
import { parseRetryAfter } from "../platform/outside/retry-after.ts";

/**
 * Purges by tag of the shared caches in front of the public pages: Varnish with varnish-modules'
 * xkey (`PURGE /` with the tags in an `xkey` header, to every server) and Cloudflare's
 * `purge_cache` API. One call to `purge` is one delivery: it resolves once every cache dropped the
 * tags, or throws PurgeFailed saying whether trying again later can help. Purges are idempotent, so
 * a retry simply sends everything again (also to the servers that had already purged).
 */

export type PurgeAdapterName = "varnish" | "cloudflare";

export interface SharedCacheAdapter {
  readonly name: PurgeAdapterName;
  purge(keys: readonly string[]): Promise<void>;
}

export class PurgeFailed extends Error {
  override name = "PurgeFailed";
  constructor(
    message: string,
    readonly adapter: PurgeAdapterName,
    /** Worth trying again later: network, time-out, 408, 429, 5xx. */
    readonly retryable: boolean,
    /** From Retry-After (at most MAX_RETRY_AFTER_MS). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Cloudflare's longest tag in a purge call (developers.cloudflare.com, "Purge cache by cache-tags"). */
export const MAX_KEY_LENGTH = 1024;
/** Tags per purge_cache call: "up to 100 operations per request" on every plan (Cloudflare's purge limits). */
export const CLOUDFLARE_TAGS_PER_CALL = 100;
/** Longest xkey header value sent: under 4 KB with its name, well inside Varnish's 8 KB header limit. */
export const XKEY_HEADER_BYTES = 4000;
/** A Retry-After further away than this is taken as this: the job must not sleep for days. */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;
export const DEFAULT_TIMEOUT_MS = 5_000;

// Printable ASCII but the comma: both caches split on spaces or commas, and a header takes ASCII only.
const KEY = /^[\x21-\x2b\x2d-\x7e]+$/;

/**
 * The keys to send, each once, in their order. A bad key is the caller's bug (keys are built by
 * code, never typed by someone), so it throws instead of failing the delivery.
 */
export function checkKeys(keys: readonly string[]): string[] {
  for (const key of keys) {
    if (typeof key !== "string" || !KEY.test(key))
      throw new TypeError(
        `Chave de cache inválida ${JSON.stringify(key)}: só ASCII visível, sem espaços nem vírgulas`,
      );
    if (key.length > MAX_KEY_LENGTH)
      throw new RangeError(`Chave de cache com ${key.length} caracteres (máximo ${MAX_KEY_LENGTH})`);
  }
  return [...new Set(keys)];
}

/** xkey header values of at most XKEY_HEADER_BYTES, keys separated by one space (keys are ASCII). */
export function xkeyBatches(keys: readonly string[], maxBytes = XKEY_HEADER_BYTES): string[] {
  const batches: string[] = [];
  let current = "";
  for (const key of keys) {
    if (current && current.length + 1 + key.length > maxBytes) {
      batches.push(current);
      current = "";
    }
    current = current ? `${current} ${key}` : key;
  }
  if (current) batches.push(current);
  return batches;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Retry-After (seconds or an HTTP date) in ms, capped at MAX_RETRY_AFTER_MS; undefined when unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  const ms = parseRetryAfter(value, now);
  return ms === undefined ? undefined : Math.min(ms, MAX_RETRY_AFTER_MS);
}

/** Statuses worth another try (as for webhooks): busy, rate-limited, down or timed out. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** What an HTTP status means for a purge; `detail` says what the cache answered. */
function statusFailure(
  adapter: PurgeAdapterName,
  where: string,
  status: number,
  detail: string,
  retryAfter: string | null,
): PurgeFailed {
  const text = `${where}: HTTP ${status}${detail ? `: ${detail}` : ""}`;
  // A redirect is not followed: the token or the PURGE must not go to another address.
  if (status >= 300 && status < 400)
    return new PurgeFailed(`${text} (redirecionamento não seguido)`, adapter, false);
  const retryable = retryableStatus(status);
  const wait = status === 429 ? retryAfterMs(retryAfter) : undefined;
  return new PurgeFailed(text, adapter, retryable, wait);
}

/** A request that got no answer: refused, reset, unresolvable or timed out. Always retryable. */
function networkFailure(
  adapter: PurgeAdapterName,
  where: string,
  error: unknown,
  timeoutMs: number,
): PurgeFailed {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return new PurgeFailed(`${where}: Tempo esgotado: sem resposta em ${timeoutMs} ms`, adapter, true);
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new PurgeFailed(`${where}: Falha na conexão: ${reason}`, adapter, true);
}

interface AdapterOptions {
  fetch: typeof fetch;
  timeoutMs: number;
}

/** One Varnish server: where PURGE goes, how it is named in messages, its basic auth if any. */
interface VarnishTarget {
  url: string;
  label: string;
  authorization?: string;
}

/** A URL's user or password as typed: percent-decoded, or as it is when that is not valid. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * `PURGE {base}/` (the base's path, if any, kept) to every server. fetch refuses a URL holding
 * credentials, so a `user:password@` of the base goes as basic auth, and never into a message.
 */
export function varnishTarget(base: string): VarnishTarget {
  const url = new URL(base);
  const authorization =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decoded(url.username)}:${decoded(url.password)}`).toString("base64")}`
      : undefined;
  url.username = "";
  url.password = "";
  url.hash = "";
  url.pathname = url.pathname.replace(/\/*$/, "/");
  const label = url.pathname === "/" ? url.origin : `${url.origin}${url.pathname}`;
  return { url: url.href, label, ...(authorization ? { authorization } : {}) };
}

class VarnishAdapter implements SharedCacheAdapter {
  readonly name = "varnish";
  private readonly targets: VarnishTarget[];

  constructor(
    bases: readonly string[],
    private readonly options: AdapterOptions,
  ) {
    this.targets = bases.map(varnishTarget);
  }

  async purge(keys: readonly string[]): Promise<void> {
    const batches = xkeyBatches(checkKeys(keys));
    if (batches.length === 0) return;
    // Every server is asked even when another fails: each that purges serves fresh pages at once.
    const failures = (await Promise.all(this.targets.map((target) => this.purgeAt(target, batches)))).filter(
      (failure): failure is PurgeFailed => failure !== undefined,
    );
    if (failures.length === 0) return;
    // Retried when any server may yet succeed; the others purge again, harmlessly.
    const waits = failures.flatMap((failure) =>
      failure.retryAfterMs === undefined ? [] : [failure.retryAfterMs],
    );
    const which = failures.map((failure) => failure.message).join("; ");
    throw new PurgeFailed(
      this.targets.length === 1
        ? `Varnish: ${which}`
        : `Varnish: ${failures.length} de ${this.targets.length} servidores não purgaram: ${which}`,
      "varnish",
      failures.some((failure) => failure.retryable),
      waits.length ? Math.max(...waits) : undefined,
    );
  }

  /** The batches to one server, in turn; its first failure ends them (the retry sends them all). */
  private async purgeAt(target: VarnishTarget, batches: string[]): Promise<PurgeFailed | undefined> {
    for (const xkey of batches) {
      let response: Response;
      try {
        response = await this.options.fetch(target.url, {
          method: "PURGE",
          headers: { xkey, ...(target.authorization ? { Authorization: target.authorization } : {}) },
          redirect: "manual",
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        // Read to the end so the connection is reused; a VCL's synth page is small.
        await response.arrayBuffer();
      } catch (error) {
        return networkFailure("varnish", target.label, error, this.options.timeoutMs);
      }
      if (response.status < 200 || response.status >= 300)
        return statusFailure(
          "varnish",
          target.label,
          response.status,
          response.statusText,
          response.headers.get("retry-after"),
        );
    }
    return undefined;
  }
}

/** Cloudflare's answer to every v4 call. */
interface CloudflareEnvelope {
  success?: boolean;
  errors?: Array<{ code?: number; message?: string }>;
}

function readEnvelope(text: string): CloudflareEnvelope | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as CloudflareEnvelope) : undefined;
  } catch {
    return undefined;
  }
}

/** Cloudflare's first error, as it words it ("Authentication error (10000)"), or the body's start. */
function cloudflareDetail(envelope: CloudflareEnvelope | undefined, text: string): string {
  const first = envelope?.errors?.[0];
  if (first?.message) return first.code === undefined ? first.message : `${first.message} (${first.code})`;
  return text.trim().replace(/\s+/g, " ").slice(0, 200);
}

class CloudflareAdapter implements SharedCacheAdapter {
  readonly name = "cloudflare";
  private readonly url: string;

  constructor(
    zone: string,
    private readonly token: string,
    apiBase: string,
    private readonly options: AdapterOptions,
  ) {
    this.url = `${apiBase.replace(/\/+$/, "")}/client/v4/zones/${encodeURIComponent(zone)}/purge_cache`;
  }

  async purge(keys: readonly string[]): Promise<void> {
    // One call after the other: the purge rate limit is per account (5 a minute on the free plan).
    for (const tags of chunks(checkKeys(keys), CLOUDFLARE_TAGS_PER_CALL)) await this.call(tags);
  }

  private async call(tags: string[]): Promise<void> {
    let response: Response;
    let text: string;
    try {
      response = await this.options.fetch(this.url, {
        method: "POST",
        headers: { Authorization: `Bearer ${this.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ tags }),
        redirect: "manual",
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw networkFailure("cloudflare", "Cloudflare", error, this.options.timeoutMs);
    }
    const envelope = readEnvelope(text);
    if (response.ok) {
      if (envelope?.success === true) return;
      // An answer that is not Cloudflare's (a proxy's page): whether it purged is unknown, so again.
      if (envelope?.success === undefined)
        throw new PurgeFailed(
          `Cloudflare: HTTP ${response.status}: resposta inesperada: ${cloudflareDetail(envelope, text)}`,
          "cloudflare",
          true,
        );
      // success:false with a 2xx is a refusal of what was sent (a bad tag): the same again fails again.
      throw new PurgeFailed(
        `Cloudflare: HTTP ${response.status}: ${cloudflareDetail(envelope, text)}`,
        "cloudflare",
        false,
      );
    }
    throw statusFailure(
      "cloudflare",
      "Cloudflare",
      response.status,
      cloudflareDetail(envelope, text),
      response.headers.get("retry-after"),
    );
  }
}

/**
 * The shared caches the configuration names, Varnish first: none when neither is configured.
 * `fetch` is the global one (undici, which sends PURGE as it is) unless a test gives another.
 */
export function sharedCacheAdapters(
  config: Pick<
    Config,
    "VARNISH_PURGE_URLS" | "CLOUDFLARE_ZONE_ID" | "CLOUDFLARE_API_TOKEN" | "CLOUDFLARE_API_BASE"
  >,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): SharedCacheAdapter[] {
  const adapterOptions: AdapterOptions = {
    // Looked up at each call, so a fetch replaced after start is the one used.
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const adapters: SharedCacheAdapter[] = [];
  if (config.VARNISH_PURGE_URLS.length > 0)
    adapters.push(new VarnishAdapter(config.VARNISH_PURGE_URLS, adapterOptions));
  if (config.CLOUDFLARE_ZONE_ID && config.CLOUDFLARE_API_TOKEN)
    adapters.push(
      new CloudflareAdapter(
        config.CLOUDFLARE_ZONE_ID,
        config.CLOUDFLARE_API_TOKEN,
        config.CLOUDFLARE_API_BASE,
        adapterOptions,
      ),
    );
  return adapters;
}
