import { PassThrough } from "node:stream";
import { pageContentSecurityPolicy } from "@server/http/csp.ts";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";

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
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => {
      const html = Buffer.concat(chunks).toString("utf8");
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const { config } = loadContext.services;
      if (config.isProduction) {
        responseHeaders.set(
          "Content-Security-Policy",
          pageContentSecurityPolicy(html, { upgradeInsecure: config.publicBaseUrl.startsWith("https:") }),
        );
      }
      resolve(new Response(html, { headers: responseHeaders, status }));
    });
    sink.on("error", reject);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors during rendering are logged once here; the error boundary renders the page.
          if (!request.signal.aborted) loadContext.services.logger.error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
