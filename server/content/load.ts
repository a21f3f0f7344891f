import { setTimeout as delay } from "node:timers/promises";
import type { DocumentData, DocumentName } from "~/lib/content/schemas.ts";
import type { Loaded } from "~/lib/shell.ts";
import type { AppServices } from "../context.ts";
import type { PageSlot } from "../http/page-cache.ts";
import type { ContentQuery } from "./service.ts";

/** A failed load is tried once more after this delay (A §4, §9 "data retry delay 1 s"). */
export const SECTION_RETRY_MS = 1_000;

export interface SectionContext {
  services: Pick<AppServices, "content" | "logger">;
  /** The request's page-cache slot: a page with a failed section is shown but never kept. */
  page: PageSlot | null;
}

/**
 * A document for a page section, in one of the section states of A §2: loaded, missing (with the
 * places searched, for the message) or error. One broken document never takes the page down.
 */
export async function loadSection<N extends DocumentName>(
  context: SectionContext,
  name: N,
  query: ContentQuery,
  wait: (ms: number) => Promise<unknown> = delay,
): Promise<Loaded<DocumentData<N>>> {
  const { services } = context;
  for (let attempt = 1; ; attempt++) {
    try {
      const doc = await services.content.get(name, query);
      return doc
        ? { status: "loaded", data: doc.data }
        : { status: "missing", searched: services.content.searchedPaths(name, query) };
    } catch (error) {
      if (attempt === 1) {
        services.logger.warn({ err: error, document: name }, "content load failed, trying again");
        await wait(SECTION_RETRY_MS);
        continue;
      }
      services.logger.error({ err: error, document: name }, "content load failed");
      if (context.page) context.page.failed = true;
      return { status: "error" };
    }
  }
}
