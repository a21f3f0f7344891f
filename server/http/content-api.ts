import { isDocumentName } from "@domain/content/schemas.ts";
import type { ContentLevel } from "@domain/content-lookup.ts";
import { isAcceptedLanguage } from "@domain/locale.ts";
import { z } from "@domain/zod.ts";
import type { AppLoadContext } from "react-router";
import { type EditableDocument, parsePath, type SaveChange } from "../content/admin.ts";
import type { DraftInfo } from "../content/workflow.ts";
import { DomainError } from "../domain-errors.ts";
import { bodyLimitFor, readJsonBody } from "./api.ts";
import { requireStaff } from "./auth-guard.ts";
import { jsonResponse } from "./errors.ts";

/**
 * The edge of the admin content API (B §7.5): the level a request names (`?segment=&lang=`, the
 * default level when both are absent), a document name from the URL, and the answers.
 */

/** "plans-data.json" or "plans-data" → the document name, or a 404 refusal. */
export function documentNameFrom(param: string | undefined): string {
  const name = (param ?? "").replace(/\.json$/, "");
  if (!isDocumentName(name)) throw new DomainError("not-found", "content.unknownDocument", [name]);
  return name;
}

/** The level of the lookup order a request edits: a known segment, an accepted language, both or neither. */
export function levelFrom(url: URL, segments: Record<string, unknown>): ContentLevel {
  const segment = url.searchParams.get("segment") ?? "";
  const lang = url.searchParams.get("lang") ?? "";
  if (segment && !Object.hasOwn(segments, segment))
    throw new DomainError("invalid", "content.unknownSegment", [segment]);
  if (lang && !isAcceptedLanguage(lang))
    throw new DomainError("invalid", "content.unacceptedLanguage", [lang]);
  return { segment, lang };
}

/** A draft as the editor reads it: its content, with its own tag and when it was saved. */
export function draftResponse(draft: DraftInfo, status = 200): Response {
  return jsonResponse(
    {
      data: draft.data,
      updatedAt: draft.updatedAt,
      updatedBy: draft.updatedBy,
      baseVersion: draft.baseVersion,
    },
    { status, headers: { ETag: draft.etag, "Cache-Control": "no-store" } },
  );
}

/** One level's document as the editor reads it: the content, its version tag and where it lives. */
export function editableResponse(doc: EditableDocument, status = 200): Response {
  return jsonResponse(doc.data, {
    status,
    headers: {
      ETag: doc.etag,
      "Cache-Control": "no-store",
      "X-Content-Version": String(doc.version),
      "X-Content-Level": `${doc.segment || "-"}/${doc.lang || "-"}`,
    },
  });
}

export const anyJson = z.unknown().refine((value) => value !== undefined, "obrigatório");

/**
 * PUT /api/json/{docname}: the whole document, or with `?path=plans.2` the value at that path (an
 * item), or with `Content-Type: application/merge-patch+json` a part merged in (a section).
 * If-Match carries the version tag the editor read.
 */
export async function saveFromRequest(request: Request, context: AppLoadContext, param: string | undefined) {
  const admin = await requireStaff(request, context, "content.publish");
  const name = documentNameFrom(param);
  const url = new URL(request.url);
  const level = levelFrom(url, context.services.domains.subdomains);
  const isPatch = /^application\/merge-patch\+json\b/i.test(request.headers.get("content-type") ?? "");
  const body = await readJsonBody(
    isPatch
      ? new Request(request, {
          headers: { ...Object.fromEntries(request.headers), "content-type": "application/json" },
        })
      : request,
    anyJson,
    bodyLimitFor(url.pathname),
  );
  const path = url.searchParams.get("path");
  let change: SaveChange;
  if (path) change = { kind: "at", path: parsePath(path), value: body };
  else if (isPatch) {
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw new DomainError("invalid", "content.patchNotObject");
    change = { kind: "patch", patch: body as Record<string, unknown> };
  } else change = { kind: "document", data: body };
  const saved = await context.services.contentAdmin.save({
    name,
    level,
    change,
    author: admin.email,
    ifMatch: request.headers.get("if-match"),
  });
  return editableResponse(saved);
}
