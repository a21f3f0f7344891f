import { PassThrough } from "node:stream";
import { withDeadline } from "@domain/deadline.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { pageKeys, surrogateKeyHeaders } from "@server/cache/surrogate-keys.ts";
import type { PreviewContext } from "@server/content/preview.ts";
import { byteView } from "@server/http/byte-view.ts";
import { pageContentSecurityPolicy, tileImageSource } from "@server/http/csp.ts";
import { PAGE_CACHE_CONTROL, pageAddress } from "@server/http/page-cache.ts";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { AppLoadContext, EntryContext, ServerBuild } from "react-router";
import { ServerRouter } from "react-router";
import { IslandsContext, IslandsOnPage } from "~/islands/island.tsx";
import { handleIslandPage } from "~/islands/page-handler.ts";

export const streamTimeout = 10_000;

/**
 * Every page is rendered completely before it is sent (crawlers and the page-head rules need the
 * whole HTML, and a complete page can carry a hash-based CSP and be cached).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { config } = loadContext.services;
  /** The finished page: preview marks, CSP, and the page cache's copy. */
  const finish = (rendered: Buffer, status: number): Response => {
    // A preview's banner and noindex go in as plain HTML: no script on any page for them.
    const html = loadContext.preview ? withPreviewBanner(rendered, loadContext.preview) : rendered;
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    if (loadContext.preview) markPreview(responseHeaders);
    if (config.isProduction) {
      responseHeaders.set(
        "Content-Security-Policy",
        pageContentSecurityPolicy(html, {
          upgradeInsecure: config.publicBaseUrl.startsWith("https:"),
          // Map tiles, when a tile server is configured, are the one outside image source.
          imageSources: [tileImageSource(config.MAP_TILE_URL)].filter((s): s is string => s !== null),
        }),
      );
    }
    // The front page cache keeps this page when its route opts in (server/http/page-cache.ts), and
    // so may any shared cache: the same bytes for every visitor, named by what they were made of
    // (decision 122).
    const slot = loadContext.page;
    if (slot && status === 200 && routeSays(routerContext, "pageCache")) {
      slot.html = html;
      const url = new URL(request.url);
      const address = pageAddress(url.pathname + url.search);
      const { segment, language } = loadContext.request;
      for (const key of pageKeys(
        segment,
        language,
        address ? address.path + (address.query ? `?${address.query}` : "") : url.pathname,
      ))
        slot.keys.add(key);
      for (const [name, value] of Object.entries(surrogateKeyHeaders(slot.keys)))
        responseHeaders.set(name, value);
      responseHeaders.set("Cache-Control", PAGE_CACHE_CONTROL);
      responseHeaders.set("Vary", "Accept-Encoding");
    }
    // A Buffer is a Uint8Array over an ArrayBuffer here (never a shared one).
    return new Response(html as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status });
  };
  const page = <ServerRouter context={routerContext} url={request.url} />;

  // An island page (decision 108) has no React Router in the browser, so no hydration data and
  // nothing to stream: React's string renderer, about 3x cheaper than the streaming one here.
  if (loadContext.islands && routeSays(routerContext, "islands")) {
    const islands = new IslandsOnPage(loadContext.islands);
    const html = renderToString(<IslandsContext.Provider value={islands}>{page}</IslandsContext.Provider>);
    return finish(Buffer.from(`<!DOCTYPE html>${html}`, "utf8"), responseStatusCode);
  }

  let abort = () => {};
  const rendered = new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => {
      // The page stays in the UTF-8 bytes React wrote: decoding and encoding it again cost ~1 ms
      // of each render (decision 086).
      resolve(finish(lowPriorityModulePreloads(Buffer.concat(chunks)), status));
    });
    sink.on("error", reject);

    const stream = renderToPipeableStream(page, {
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors during rendering are logged once here; the error boundary renders the page.
        if (!request.signal.aborted) loadContext.services.logger.error({ err: error }, "render failed");
      },
    });
    abort = stream.abort;
  });
  // A render that never completes is aborted. One that does clears the timer, which otherwise kept
  // each finished render (React's state, the HTML, the Response) alive for 11 s: at 60 renders a
  // second, 600 pages and 150 MB of heap (decision 086, found with a heap snapshot).
  return withDeadline(rendered, streamTimeout + 1000, () => abort());
}

/**
 * An island page answered outside React Router's request pipeline (app/islands/page-handler.ts),
 * rendered by this module's document renderer; null when the pipeline must answer. Called by the
 * server (server/http/island-pages.ts) before React Router's request handler.
 */
export function handleIslandPageRequest(
  request: Request,
  loadContext: AppLoadContext,
  build: ServerBuild,
): Promise<Response | null> {
  return handleIslandPage(request, loadContext, build, handleRequest);
}

/**
 * The data of a client-side navigation during a preview (decision 100): like its page, never stored by
 * the browser or a CDN, never indexed.
 */
export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  if (context.preview) markPreview(response.headers);
  return response;
}

/**
 * The preview banner (decision 100) at the top of the body and a robots noindex in the head, written
 * into the finished page rather than rendered by React: hydration skips elements it did not render
 * at the start of the body (React 19), so the banner stays while the visitor browses, and no public
 * page carries code for it.
 */
function withPreviewBanner(html: Buffer, preview: PreviewContext): Buffer {
  // Positions found in the byte view (ASCII tags); the inserted parts are UTF-8 bytes of their own.
  const view = byteView(html);
  const head = view.indexOf("</head>");
  const body = view.indexOf(">", view.indexOf("<body", head)) + 1;
  if (head === -1 || body === 0) return html;
  const banner =
    `<aside class="preview-banner preview-banner--${preview.status}"><strong>${escapeHtml(preview.title)}</strong> ` +
    `${escapeHtml(preview.message)} <a href="${escapeHtml(preview.exitHref)}">${escapeHtml(preview.exit)}</a></aside>`;
  return Buffer.concat([
    html.subarray(0, head),
    Buffer.from('<meta name="robots" content="noindex, nofollow"/>'),
    html.subarray(head, body),
    Buffer.from(banner, "utf8"),
    html.subarray(body),
  ]);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page or data answer that shows a draft (or says a preview link ended). */
function markPreview(headers: Headers): void {
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
}

/**
 * React Router's module preloads ask for High priority, which on a slow connection shares the
 * bandwidth of the stylesheet the first paint waits for (and makes Lighthouse count every chunk
 * as render-blocking). The page is fully server-rendered: its scripts only hydrate it, so they
 * may come after the stylesheet and the images.
 */
function lowPriorityModulePreloads(html: Buffer): Buffer {
  const view = byteView(html);
  const preload = '<link rel="modulepreload" ';
  if (!view.includes(preload)) return html;
  return Buffer.from(view.replaceAll(preload, '<link rel="modulepreload" fetchPriority="low" '), "latin1");
}

/**
 * The page's own route says so in its handle, and it rendered without an error: `pageCache` (the
 * same for every anonymous visitor), `islands` (no React Router in the browser, decision 108).
 */
function routeSays(context: EntryContext, flag: "pageCache" | "islands"): boolean {
  const { matches, errors } = context.staticHandlerContext;
  if (errors) return false;
  const leaf = matches.at(-1);
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as RouteHandle | undefined) : undefined;
  return handle?.[flag] === true;
}
