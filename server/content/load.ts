import { setTimeout as delay } from "node:timers/promises";
import type { DocumentData, DocumentName } from "@domain/content/schemas.ts";
import type { Loaded } from "@domain/shell.ts";
import type { Logger } from "../logger.ts";
import type { ContentQuery, ContentService } from "./service.ts";

/** A failed load is tried once more after this delay (A §4, §9 "data retry delay 1 s"). */
export const SECTION_RETRY_MS = 1_000;

export interface SectionContext {
  services: {
    content: Pick<ContentService, "get" | "searchedPaths">;
    logger: Pick<Logger, "warn" | "error">;
  };
  /** Told when a section ends in the error state (the page cache then never keeps the page). */
  onFailure?: () => void;
  /** How to wait before the retry (tests pass a recorder). */
  wait?: (ms: number) => Promise<unknown>;
}

/**
 * The one way a page gets its data, in one of the section states of A §2: loaded, missing (with
 * the places searched, for the message) or error after one retry 1 s later. One broken source
 * never takes the page down.
 */
export async function loadData<T>(
  context: SectionContext,
  label: string,
  load: () => Promise<T | null>,
  searched: () => string[] = () => [],
): Promise<Loaded<T>> {
  const { logger } = context.services;
  for (let attempt = 1; ; attempt++) {
    try {
      const value = await load();
      return value !== null ? { status: "loaded", data: value } : { status: "missing", searched: searched() };
    } catch (error) {
      if (attempt === 1) {
        logger.warn({ err: error, document: label }, "content load failed, trying again");
        await (context.wait ?? delay)(SECTION_RETRY_MS);
        continue;
      }
      logger.error({ err: error, document: label }, "content load failed");
      context.onFailure?.();
      return { status: "error" };
    }
  }
}

/** A content document for a page section, resolved by the lookup order (loadData's states). */
export function loadSection<N extends DocumentName>(
  context: SectionContext,
  name: N,
  query: ContentQuery,
): Promise<Loaded<DocumentData<N>>> {
  const { content } = context.services;
  return loadData(
    context,
    name,
    async () => (await content.get(name, query))?.data ?? null,
    () => content.searchedPaths(name, query),
  );
}

/** The data of a loaded section, or null in the missing and error states. */
export function loadedOrNull<T>(loaded: Loaded<T>): T | null {
  return loaded.status === "loaded" ? loaded.data : null;
}
