import { request } from "node:http";
import { type PageWarmer, WARMER_HEADER, type WarmRequest } from "./page-cache.ts";

/**
 * Renders cached pages again after a content change (decision 100) by asking this server for them, one
 * at a time, as their visitors did: the page cache keeps each answer, and the next visitor gets a
 * hit. One at a time, so visitors' own renders are never queued behind a burst of these.
 */
export function pageWarmer(address: { host: string; port: number }): PageWarmer {
  return async (requests, current) => {
    for (const page of requests) {
      if (!current()) return;
      await fetchOnce(address, page).catch(() => {});
    }
  };
}

function fetchOnce(address: { host: string; port: number }, page: WarmRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "accept-encoding": "gzip", [WARMER_HEADER]: "1" };
    if (page.host) headers.host = page.host;
    const req = request(
      { host: address.host, port: address.port, path: page.url, method: "GET", headers },
      (res) => {
        res.resume();
        res.once("end", () => resolve());
        res.once("error", reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error("page warm-up timed out")));
    req.once("error", reject);
    req.end();
  });
}
