import type { DocumentData, DocumentName } from "~/lib/content/schemas.ts";
import type { Loaded } from "~/lib/shell.ts";
import type { AppServices } from "../context.ts";
import type { ContentQuery } from "./service.ts";

/**
 * A document for a page section, in one of the section states of A §2: loaded, missing (with the
 * places searched, for the message) or error. One broken document never takes the page down.
 */
export async function loadSection<N extends DocumentName>(
  services: Pick<AppServices, "content" | "logger">,
  name: N,
  query: ContentQuery,
): Promise<Loaded<DocumentData<N>>> {
  try {
    const doc = await services.content.get(name, query);
    return doc
      ? { status: "loaded", data: doc.data }
      : { status: "missing", searched: services.content.searchedPaths(name, query) };
  } catch (error) {
    services.logger.error({ err: error, document: name }, "content load failed");
    return { status: "error" };
  }
}
