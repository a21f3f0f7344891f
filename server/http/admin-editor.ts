import { type AppLoadContext, data } from "react-router";
import type { DocumentName } from "~/lib/content/schemas.ts";
import { formStructure } from "../content/structure.ts";
import { DomainError } from "../domain-errors.ts";
import { requirePageAdmin } from "./auth-guard.ts";
import { documentNameFrom, levelFrom } from "./content-api.ts";

/** The document of one level, its structure and versions; a level not stored yet starts from the default one. */
export async function loadEditor(request: Request, context: AppLoadContext, param: string) {
  await requirePageAdmin(request, context);
  const name = documentNameFrom(param) as DocumentName;
  const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
  const admin = context.services.contentAdmin;
  // A level not stored yet is "not found": start it from the default level. Any other failure is one.
  const notFound = (error: unknown) => {
    if (DomainError.is(error, "not-found")) return null;
    throw error;
  };
  const stored = await admin.read(name, level).catch(notFound);
  const fallback = stored ? null : await admin.read(name, { segment: "", lang: "" }).catch(notFound);
  return data(
    {
      name,
      level,
      structure: formStructure(name),
      document: stored?.data ?? fallback?.data ?? {},
      etag: stored?.etag ?? null,
      stored: stored !== null,
      revisions: stored ? await admin.revisions(name, level) : [],
      segments: Object.keys(context.services.domains.subdomains),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
