import { formatTime } from "@domain/format.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { contentTexts as t } from "./content-texts.ts";
import { useLeaveGuard } from "./useLeaveGuard.ts";

/** The draft autosaves this often while the form has changes not saved yet (decision 100). */
export const AUTOSAVE_MS = 30_000;

export interface DraftMeta {
  etag: string;
  updatedAt: string;
  updatedBy: string | null;
  baseVersion: number | null;
}

export type WorkflowStatus =
  | { kind: "idle" }
  | { kind: "busy"; action: "draft" | "publish" | "discard" }
  | { kind: "done"; message: string }
  | {
      kind: "error";
      message: string;
      /** Someone else's draft (a 409 on a draft save): the form can load it. */
      theirDraft?: { data: unknown; meta: DraftMeta };
      /** The version published since this draft began (a 409 on publish): load it, or publish over it. */
      publishedSince?: { etag: string; data: unknown };
      /** Every problem the schema found, by field (decision 133): each shown beside its field. */
      problems?: ContentProblem[];
    };

/** A problem of the document as the server names it: the field's path and labels, and why. */
export interface ContentProblem {
  path: string;
  field: string;
  message: string;
}

/** The problems an answer carries (a 400 of the document's schema), if any. */
function problemsOf(body: Body): { problems?: ContentProblem[] } {
  return Array.isArray(body?.problems) ? { problems: body.problems as ContentProblem[] } : {};
}

export function levelQuery(
  level: { segment: string; lang: string },
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  if (level.segment) params.set("segment", level.segment);
  if (level.lang) params.set("lang", level.lang);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** An answer of the admin API: its JSON body is read by each caller, which knows its shape. */
// biome-ignore lint/suspicious/noExplicitAny: the body's shape is the endpoint's, checked where it is used
type Body = any;
type ApiResult =
  | { ok: true; body: Body; etag: string | null }
  | { ok: false; status: number; body: Body; message: string };

/** One API call of the editor: the JSON answer, or the server's message (Portuguese) as an error. */
export async function callApi(
  url: string,
  init: RequestInit & { json?: unknown; ifMatch?: string | null } = {},
): Promise<ApiResult> {
  const { json, ifMatch, ...rest } = init;
  try {
    const response = await fetch(url, {
      ...rest,
      headers: {
        ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(ifMatch ? { "If-Match": ifMatch } : {}),
        ...rest.headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
    const body = await response.json().catch(() => null);
    if (!response.ok)
      return { ok: false, status: response.status, body, message: body?.message ?? t.saveErrorDefault };
    return { ok: true, body, etag: response.headers.get("etag") };
  } catch {
    return { ok: false, status: 0, body: null, message: t.saveErrorDefault };
  }
}

/**
 * The editing state of one document at one level under the editorial workflow: the form's value,
 * the draft it is saved to (by hand or every 30 s while there are changes), publishing it, and a
 * guard that asks before leaving with changes not saved. The published version's tag goes with a
 * publish, so a version someone published since is never overwritten unnoticed.
 */
export function useDocumentDraft(options: {
  url: string;
  level: { segment: string; lang: string };
  initial: unknown;
  published: unknown;
  publishedEtag: string | null;
  draft: DraftMeta | null;
  saved: string;
  saveError: (reason: string) => string;
  draftError: (reason: string) => string;
}) {
  const revalidator = useRevalidator();
  const [value, setValueState] = useState<unknown>(options.initial);
  const [draft, setDraft] = useState<DraftMeta | null>(options.draft);
  const [publishedEtag, setPublishedEtag] = useState(options.publishedEtag);
  const [status, setStatus] = useState<WorkflowStatus>({ kind: "idle" });
  /** The JSON last saved as the draft (or published): the form is dirty when it differs. */
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(options.initial));
  const valueJson = JSON.stringify(value);
  const dirty = valueJson !== savedJson;

  // The autosave reads the latest state through refs: its timer is set once.
  const latest = useRef({ value, dirty, draft, busy: false });
  latest.current = { value, dirty, draft, busy: status.kind === "busy" };

  const query = levelQuery(options.level);
  const draftUrl = `${options.url}/draft${query}`;

  const saveDraft = useCallback(
    async (auto = false): Promise<boolean> => {
      const { value: current, draft: meta } = latest.current;
      const json = JSON.stringify(current);
      setStatus({ kind: "busy", action: "draft" });
      const result = await callApi(draftUrl, { method: "PUT", json: current, ifMatch: meta?.etag ?? null });
      if (!result.ok) {
        const theirs = result.status === 409 && result.body?.current ? result.body.current : null;
        setStatus({
          kind: "error",
          message: options.draftError(result.message),
          ...problemsOf(result.body),
          ...(theirs
            ? {
                theirDraft: {
                  data: theirs.data,
                  meta: {
                    etag: theirs.etag,
                    updatedAt: theirs.updatedAt,
                    updatedBy: theirs.updatedBy,
                    baseVersion: theirs.baseVersion,
                  },
                },
              }
            : {}),
        });
        return false;
      }
      setDraft({
        etag: result.etag ?? "",
        updatedAt: result.body.updatedAt,
        updatedBy: result.body.updatedBy,
        baseVersion: result.body.baseVersion,
      });
      setSavedJson(json);
      setStatus(
        auto
          ? { kind: "idle" }
          : { kind: "done", message: t.workflow.draftSavedAt(timeOf(result.body.updatedAt), null) },
      );
      return true;
    },
    [draftUrl],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      if (latest.current.dirty && !latest.current.busy) void saveDraft(true);
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [saveDraft]);

  /** Saves what is in the form first when it changed: preview and publish show what is on screen. */
  const ensureSaved = async () => (latest.current.dirty || !latest.current.draft ? saveDraft() : true);

  const publish = async (over?: string): Promise<void> => {
    if (!(await ensureSaved())) return;
    setStatus({ kind: "busy", action: "publish" });
    const result = await callApi(`${options.url}/publish${query}`, {
      method: "POST",
      ifMatch: over ?? publishedEtag,
    });
    if (!result.ok) {
      const current = result.status === 409 ? result.body?.current : null;
      const since = current?.etag ? { etag: current.etag as string, data: current.data } : undefined;
      setStatus({
        kind: "error",
        message: options.saveError(result.message),
        ...problemsOf(result.body),
        ...(since ? { publishedSince: since } : {}),
      });
      return;
    }
    setValueState(result.body);
    setSavedJson(JSON.stringify(result.body));
    setPublishedEtag(result.etag);
    setDraft(null);
    setStatus({ kind: "done", message: `${options.saved} ${t.workflow.published}` });
    revalidator.revalidate();
  };

  const discard = async (): Promise<void> => {
    if (!window.confirm(t.workflow.confirmDiscard)) return;
    setStatus({ kind: "busy", action: "discard" });
    const result = await callApi(draftUrl, { method: "DELETE" });
    // Nothing to discard any more is the same end: the published version in the form.
    if (!result.ok && result.status !== 404) {
      setStatus({ kind: "error", message: result.message });
      return;
    }
    setValueState(options.published);
    setSavedJson(JSON.stringify(options.published));
    setDraft(null);
    setStatus({ kind: "done", message: t.workflow.discarded });
    revalidator.revalidate();
  };

  /** A restore (the history) publishes: the form shows the result, and any draft stays as it was. */
  const restored = (data: unknown, etag: string | null) => {
    setValueState(data);
    setSavedJson(JSON.stringify(data));
    setPublishedEtag(etag);
    setStatus({ kind: "idle" });
    revalidator.revalidate();
  };

  /** The version someone published meanwhile, in the form (the draft is replaced at the next save). */
  const loadPublished = (since: { etag: string; data: unknown }) => {
    setValueState(since.data);
    setPublishedEtag(since.etag);
    setStatus({ kind: "idle" });
  };

  const loadTheirDraft = (theirs: { data: unknown; meta: DraftMeta }) => {
    setValueState(theirs.data);
    setSavedJson(JSON.stringify(theirs.data));
    setDraft(theirs.meta);
    setStatus({ kind: "idle" });
  };

  // Leaving with changes not saved asks first: a link of the site, or closing the tab.
  const leaveGuard = useLeaveGuard(dirty);

  return {
    value,
    setValue: setValueState,
    /** Reads the loader again (schedules, versions) without touching the form. */
    refresh: () => revalidator.revalidate(),
    dirty,
    draft,
    publishedEtag,
    status,
    setStatus,
    saveDraft,
    ensureSaved,
    publish,
    discard,
    restored,
    loadTheirDraft,
    loadPublished,
    leaveGuard,
  };
}

/** "14:32" in São Paulo (as every time in the admin, whatever the browser's zone). */
export function timeOf(iso: string): string {
  return formatTime(iso);
}
