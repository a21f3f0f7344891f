import type { DocumentName } from "@domain/content/schemas.ts";
import { formatDayAtTime } from "@domain/format.ts";
import type { RequestHandler } from "express";
import type { AppLoadContext } from "react-router";
import { contentTexts } from "~/admin/content-texts.ts";
import type { PreviewContext } from "../content/preview.ts";
import {
  clearedPreviewCookie,
  PREVIEW_COOKIE,
  PREVIEW_EXIT,
  PREVIEW_PARAM,
  type PreviewGrant,
  previewCookie,
  readPreviewToken,
} from "../content/preview.ts";
import type { DraftOverlay } from "../content/service.ts";
import { formStructure } from "../content/structure.ts";
import type { AppServices } from "../context.ts";
import { FormRegistry } from "../leads/forms.ts";
import { readCookie } from "./request-info.ts";

/** The banner's words (staff read them: always Portuguese, like the admin). */
export const previewMessages = {
  title: "Pré-visualização",
  exit: "Sair da pré-visualização",
  draft: (document: string, level: string, savedAt: Date, until: Date) =>
    `Rascunho de “${document}” (nível ${level}), salvo em ${formatDayAtTime(savedAt)}. Ainda não publicado: só quem tem este link vê esta versão, até ${formatDayAtTime(until)}.`,
  noDraft: (document: string) =>
    `O rascunho de “${document}” já foi publicado ou descartado: esta é a versão publicada.`,
  expired: "Este link de pré-visualização expirou (vale 1 hora). Peça um novo a quem o enviou.",
  invalid: "Este link de pré-visualização não é válido. Peça um novo a quem o enviou.",
} as const;

interface PreviewLocals {
  context: PreviewContext;
  draft: DraftOverlay | null;
}

/**
 * Preview links on public pages (decision 100): `?preview={token}` or the preview cookie it leaves. A
 * valid grant renders the page with the document's current draft; an expired or forged one renders
 * the published page with a banner that says so. Either way the answer is never cached, by the
 * page cache (it skips these requests) nor by anyone else (private, no-store), and carries noindex.
 */
export function previewRequests(services: AppServices): RequestHandler {
  const secure = services.config.publicBaseUrl.startsWith("https:");
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/api/")) return next();
    const fromQuery =
      typeof req.query[PREVIEW_PARAM] === "string" ? (req.query[PREVIEW_PARAM] as string) : null;
    const fromCookie = readCookie(req.headers.cookie, PREVIEW_COOKIE);
    if (fromQuery === null && fromCookie === null) return next();
    // The page and data answers say private and noindex themselves (app/entry.server.tsx).
    if (fromQuery === PREVIEW_EXIT) {
      res.setHeader("Cache-Control", "private, no-store");
      res.append("Set-Cookie", clearedPreviewCookie(secure));
      res.redirect(303, req.path);
      return;
    }
    const now = Date.now();
    const read = readPreviewToken(services.signer, (fromQuery ?? fromCookie)!, now);
    if ("problem" in read) {
      // A stale cookie is dropped quietly; a link that no longer works says so on the page.
      if (fromCookie) res.append("Set-Cookie", clearedPreviewCookie(secure));
      if (fromQuery !== null)
        res.locals.preview = { context: closed(read.problem), draft: null } satisfies PreviewLocals;
      return next();
    }
    const { grant } = read;
    services.workflow.draft(grant.name, grant).then(
      (draft) => {
        const document = documentLabel(grant.name);
        const level = contentTexts.levelName(grant.segment, grant.lang);
        res.locals.preview = {
          context: {
            ...banner,
            status: "active",
            message: draft
              ? previewMessages.draft(document, level, new Date(draft.updatedAt), new Date(grant.expiresAt))
              : previewMessages.noDraft(document),
          },
          draft: draft ? overlayOf(grant, draft) : null,
        } satisfies PreviewLocals;
        if (fromQuery !== null)
          res.append("Set-Cookie", previewCookie(fromQuery, grant.expiresAt, now, secure));
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

/** The services a request's loaders use: with a preview's draft in place of its published level. */
export function servicesFor(services: AppServices, locals: Record<string, unknown>): AppServices {
  const preview = locals.preview as PreviewLocals | undefined;
  if (!preview?.draft) return services;
  const content = services.content.withDraft(preview.draft);
  return { ...services, content, forms: new FormRegistry(content) };
}

/** The banner's facts of a request's preview, or null. */
export function previewContextOf(locals: Record<string, unknown>): AppLoadContext["preview"] {
  return (locals.preview as PreviewLocals | undefined)?.context ?? null;
}

/** The banner's words every preview shares (staff's: Portuguese, as the admin). */
const banner = {
  title: previewMessages.title,
  exit: previewMessages.exit,
  exitHref: `?${PREVIEW_PARAM}=${PREVIEW_EXIT}`,
};

function closed(status: "expired" | "invalid"): PreviewContext {
  return { ...banner, status, message: previewMessages[status] };
}

function overlayOf(grant: PreviewGrant, draft: { data: unknown; updatedAt: string }): DraftOverlay {
  return {
    name: grant.name,
    segment: grant.segment,
    lang: grant.lang,
    data: draft.data,
    updatedAt: new Date(draft.updatedAt),
  };
}

function documentLabel(name: string): string {
  return formStructure(name as DocumentName).header.label;
}
