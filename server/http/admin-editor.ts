import { staffMay } from "@domain/auth/staff.ts";
import { unpublishableItems } from "@domain/content/published.ts";
import type { DocumentName } from "@domain/content/schemas.ts";
import { type AppLoadContext, data } from "react-router";
import type { AdminScreenId } from "~/admin/screens.ts";
import { formStructure } from "../content/structure.ts";
import { DomainError } from "../domain-errors.ts";
import { requireAdminScreen } from "./auth-guard.ts";
import { documentNameFrom, levelFrom } from "./content-api.ts";

/**
 * What an editor's form opens with at a level: the draft when there is one, else the published
 * version, else what the level would inherit (the point an editor's changes are measured from).
 */
export async function documentBeforeEdit(
  services: AppLoadContext["services"],
  name: DocumentName,
  level: { segment: string; lang: string },
): Promise<unknown> {
  const draft = await services.workflow.draft(name, level);
  if (draft) return draft.data;
  const stored = await services.contentAdmin.read(name, level).catch((error: unknown) => {
    if (DomainError.is(error, "not-found")) return null;
    throw error;
  });
  return stored?.data ?? (await services.contentAdmin.inheritance(name, level))?.base ?? {};
}

/** The document of one level, its structure and versions; a level not stored yet starts from the default one. */
export async function loadEditor(
  request: Request,
  context: AppLoadContext,
  screen: AdminScreenId,
  param: string,
) {
  const user = await requireAdminScreen(request, context, screen);
  const name = documentNameFrom(param) as DocumentName;
  const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
  const admin = context.services.contentAdmin;
  // A level not stored yet is "not found": start it from the default level. Any other failure is one.
  const notFound = (error: unknown) => {
    if (DomainError.is(error, "not-found")) return null;
    throw error;
  };
  const { workflow } = context.services;
  const [stored, draft, schedules] = await Promise.all([
    admin.read(name, level).catch(notFound),
    workflow.draft(name, level),
    workflow.schedules({ name, level, recentLimit: 5 }),
  ]);
  // A level inherits from the ones below: a level not stored yet starts as what it would inherit.
  const inherited = await admin.inheritance(name, level);
  const published = stored?.data ?? inherited?.base ?? {};
  return data(
    {
      name,
      level,
      structure: formStructure(name),
      /** What the form opens with: the draft when there is one, else the published version. */
      document: draft?.data ?? published,
      published,
      etag: stored?.etag ?? null,
      stored: stored !== null,
      draft: draft
        ? {
            etag: draft.etag,
            updatedAt: draft.updatedAt,
            updatedBy: draft.updatedBy,
            baseVersion: draft.baseVersion,
          }
        : null,
      publishedVersion: stored?.version ?? null,
      /** What this level inherits and from where (null for the default level). */
      inherited,
      schedules,
      /** Posts or pages that can be taken off the site at a date (blog-data, pages-data). */
      unpublishable: unpublishableItems(name, stored?.data ?? null),
      revisions: stored ? await admin.revisions(name, level) : [],
      /** The segments by key, with the names staff know them by (the domain configuration). */
      segmentNames: Object.fromEntries(
        Object.entries(context.services.domains.subdomains).map(([key, site]) => [key, site.name ?? key]),
      ) as Record<string, string>,
      /** What this person may do here (the server checks again on every call). */
      may: {
        publish: staffMay(user.role, "content.publish"),
        schedule: staffMay(user.role, "content.schedule"),
        restore: staffMay(user.role, "content.restore"),
        advanced: staffMay(user.role, "content.advanced"),
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
