import type { FieldStructure, FormStructure } from "@domain/content/form-structure.ts";
import { sameJson } from "@domain/content/merge-patch.ts";
import type { ContentSource } from "@domain/content/stored.ts";
import { useEffect, useMemo, useState } from "react";
import { contentTexts as t } from "./content-texts.ts";
import { InheritedField } from "./InheritedField.tsx";
import { type PreviewChoicesData, PreviewPanel } from "./PreviewPanel.tsx";
import { RevisionHistory } from "./RevisionHistory.tsx";
import { SchedulePanel, type ScheduleRowData } from "./SchedulePanel.tsx";
import {
  AdvancedAccess,
  AdvancedFields,
  FieldProblems,
  hasAdvanced,
  StructureField,
  splitAdvanced,
} from "./StructureForm.tsx";
import {
  type ContentProblem,
  callApi,
  type DraftMeta,
  levelQuery,
  timeOf,
  useDocumentDraft,
} from "./useDocumentDraft.ts";

/**
 * What the server refused, all at once: each problem by its field's labels, a button to go to it
 * (the field shows the same message beside it).
 */
function ProblemList({ problems }: { problems: ContentProblem[] }) {
  const goTo = (path: string) => {
    const place = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);
    // A field inside a closed box (an item, "Avançado") is shown first.
    for (let box = place?.parentElement; box; box = box.parentElement)
      if (box instanceof HTMLDetailsElement) box.open = true;
    place?.scrollIntoView({ block: "center" });
    place?.querySelector<HTMLElement>("input, select, textarea, button, summary")?.focus();
  };
  return (
    <>
      <p>{t.problems(problems.length)}</p>
      <ul className="editor-problems">
        {problems.map((problem) => (
          <li key={problem.path}>
            <button type="button" className="button button--link" onClick={() => goTo(problem.path)}>
              {problem.field}
            </button>
            : {problem.message}
          </li>
        ))}
      </ul>
    </>
  );
}

const w = t.workflow;

export interface RevisionRow {
  version: number;
  source: ContentSource;
  createdAt: string;
  createdBy: string | null;
}

export interface EditorMessages {
  saved: string;
  saveError: (reason: string) => string;
  /** A draft that could not be saved (the plans editor words it as any save error, B §8.3). */
  draftError?: (reason: string) => string;
  /** A line shown above every save error (the plans editor's 'Erro ao salvar alterações', B §8.3). */
  errorTitle?: string;
}

const DEFAULT_MESSAGES: EditorMessages = {
  saved: t.saved,
  saveError: (reason) => reason,
  draftError: t.workflow.draftError,
};
/** B §4.6, §9.5: the success message clears after 3 s. */
export const SAVED_CLEAR_MS = 3_000;

/**
 * The pinned action bar's height, kept on the page as --editor-bar-height (admin.css): what is
 * scrolled into view stops above the bar, however many rows its buttons and messages take
 * (decision 116). A ref callback, so it ends with the bar.
 */
function keepRoomForBar(bar: HTMLDivElement | null): (() => void) | undefined {
  if (!bar || typeof ResizeObserver !== "function") return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() =>
    root.style.setProperty("--editor-bar-height", `${Math.ceil(bar.getBoundingClientRect().height)}px`),
  );
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.removeProperty("--editor-bar-height");
  };
}

/** What the editor's loader gives (server/http/admin-editor.ts). */
export interface EditorData {
  name: string;
  level: { segment: string; lang: string };
  structure: FormStructure | null;
  document: unknown;
  published: unknown;
  etag: string | null;
  draft: DraftMeta | null;
  publishedVersion: number | null;
  /** What a segment or language level inherits, and each top-level field's source (null: the default level). */
  inherited: { base: unknown; sources: Record<string, string> } | null;
  schedules: { pending: ScheduleRowData[]; recent: ScheduleRowData[] };
  unpublishable: { key: string; label: string }[];
  revisions: RevisionRow[];
  may: { publish: boolean; schedule: boolean; restore: boolean; advanced: boolean };
}

/**
 * The editor of one document at one level (B §2.8, §4.6; decisions 098 and 100): the form from its structure,
 * saved as a draft (by hand, or every 30 s while it changes) that the public site never shows;
 * a preview of the draft on the real pages; publishing it now or at a time (admins); the versions
 * compared field by field with restores. Leaving with changes not saved asks first.
 */
export function DocumentEditor({
  data,
  messages = DEFAULT_MESSAGES,
}: {
  data: EditorData;
  messages?: EditorMessages;
}) {
  const { name, level, structure, may, inherited } = data;
  const url = `/api/json/${name}`;
  const query = levelQuery(level);
  const editor = useDocumentDraft({
    url,
    level,
    initial: data.document,
    published: data.published,
    publishedEtag: data.etag,
    draft: data.draft,
    saved: messages.saved,
    saveError: messages.saveError,
    draftError: messages.draftError ?? t.workflow.draftError,
  });
  const { value, status, draft } = editor;
  // The schema's problems by field path, each shown beside its field (decision 133).
  const problems = useMemo(
    () =>
      new Map(
        status.kind === "error"
          ? (status.problems ?? []).map((problem) => [problem.path, problem.message])
          : [],
      ),
    [status],
  );
  const [preview, setPreview] = useState<PreviewChoicesData | null>(null);
  const [panel, setPanel] = useState<"none" | "preview" | "schedule">("none");
  /** Inherited fields unlocked for editing at this level (still equal to what they inherit). */
  const [unlocked, setUnlocked] = useState<ReadonlySet<string>>(new Set());

  // Success messages clear after 3 s (B §4.6); errors stay until the next action.
  useEffect(() => {
    if (status.kind !== "done") return;
    const timer = setTimeout(() => editor.setStatus({ kind: "idle" }), SAVED_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status, editor.setStatus]);

  if (!structure) return <p className="banner banner--warning">{t.noStructure}</p>;

  const openPreview = async () => {
    if (!(await editor.ensureSaved())) return;
    const result = await callApi(`${url}/preview${query}`, { method: "POST" });
    if (!result.ok) {
      editor.setStatus({ kind: "error", message: result.message || w.previewError });
      return;
    }
    setPreview(result.body);
    setPanel("preview");
  };

  const busy = status.kind === "busy";
  const behind =
    draft?.baseVersion != null &&
    data.publishedVersion != null &&
    draft.baseVersion !== data.publishedVersion;

  return (
    <div className="editor">
      <form
        className="editor__form"
        onSubmit={(event) => {
          event.preventDefault();
          void editor.saveDraft();
        }}
      >
        <div className="editor__draft-state" aria-live="polite">
          {editor.dirty ? (
            <p>{w.unsaved}</p>
          ) : draft ? (
            <p>{w.draftSavedAt(timeOf(draft.updatedAt), draft.updatedBy)}</p>
          ) : (
            <p>{w.noDraft}</p>
          )}
          <p className="field__help">{w.autosaveHint}</p>
          {behind && (
            <p className="banner banner--warning">
              {w.draftBehind(draft!.baseVersion!, data.publishedVersion!)}
            </p>
          )}
          {!may.publish && <p className="banner banner--info">{w.editorOnly}</p>}
        </div>

        {inherited && (
          <p className="field__help">{t.inheritance.intro(t.levelName(level.segment, level.lang))}</p>
        )}
        {(() => {
          const drawField = ([key, field]: [string, FieldStructure]) => {
            const record = (value ?? {}) as Record<string, unknown>;
            const setField = (next: unknown) => {
              const copy = { ...record };
              if (next === undefined) delete copy[key];
              else copy[key] = next;
              editor.setValue(copy);
            };
            const input = (
              <StructureField
                key={key}
                name={key}
                structure={field}
                value={record[key]}
                onChange={setField}
              />
            );
            if (!inherited) return input;
            const below = (inherited.base as Record<string, unknown> | null)?.[key];
            const source = inherited.sources[key] ?? t.levelDefault;
            const state = !sameJson(record[key], below) ? "own" : unlocked.has(key) ? "editing" : "inherited";
            return (
              <InheritedField
                key={key}
                state={state}
                source={source}
                onOverride={() => setUnlocked(new Set([...unlocked, key]))}
                onInherit={() => {
                  setUnlocked(new Set([...unlocked].filter((k) => k !== key)));
                  setField(below === undefined ? undefined : structuredClone(below));
                }}
              >
                {input}
              </InheritedField>
            );
          };
          const { common, advanced } = splitAdvanced(structure.fields);
          return (
            <AdvancedAccess.Provider value={may.advanced}>
              <FieldProblems.Provider value={problems}>
                {common.map(drawField)}
                <AdvancedFields count={advanced.length}>{advanced.map(drawField)}</AdvancedFields>
                {!may.advanced && hasAdvanced(structure.fields) && (
                  <p className="field__help">{t.advancedHidden}</p>
                )}
              </FieldProblems.Provider>
            </AdvancedAccess.Provider>
          );
        })()}

        <div className="editor__actions" ref={keepRoomForBar}>
          <div className="editor__buttons">
            <button type="submit" className="button button--outline" disabled={busy}>
              {busy && status.action === "draft" ? w.savingDraft : w.saveDraft}
            </button>
            <button type="button" className="button button--outline" disabled={busy} onClick={openPreview}>
              {w.preview}
            </button>
            {may.publish && (
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => editor.publish()}
              >
                {busy && status.action === "publish" ? w.publishing : w.publish}
              </button>
            )}
            {may.schedule && (
              <button
                type="button"
                className="button button--outline"
                aria-expanded={panel === "schedule"}
                onClick={() => setPanel(panel === "schedule" ? "none" : "schedule")}
              >
                {w.schedule}
              </button>
            )}
            {(draft || editor.dirty) && (
              <button
                type="button"
                className="button button--link"
                disabled={busy}
                onClick={() => editor.discard()}
              >
                {w.discard}
              </button>
            )}
          </div>
          <div aria-live="polite" className="editor__status">
            {status.kind === "done" && <p className="banner banner--success">{status.message}</p>}
            {status.kind === "error" && (
              <div className="banner banner--error" role="alert">
                {messages.errorTitle && <p>{messages.errorTitle}</p>}
                <p>{status.message}</p>
                {status.problems && status.problems.length > 0 && <ProblemList problems={status.problems} />}
                {status.theirDraft && (
                  <button
                    type="button"
                    className="button button--outline"
                    onClick={() => editor.loadTheirDraft(status.theirDraft!)}
                  >
                    {w.loadTheirDraft}
                  </button>
                )}
                {status.publishedSince && (
                  <div className="editor__buttons">
                    <button
                      type="button"
                      className="button button--outline"
                      onClick={() => editor.loadPublished(status.publishedSince!)}
                    >
                      {t.conflictShowCurrent}
                    </button>
                    <button
                      type="button"
                      className="button button--outline"
                      onClick={() => editor.publish(status.publishedSince!.etag)}
                    >
                      {w.publishConflict}
                    </button>
                  </div>
                )}
              </div>
            )}
          </div>
        </div>
      </form>

      <div className="editor__side">
        {panel === "preview" && preview && (
          <PreviewPanel choices={preview} onClose={() => setPanel("none")} />
        )}
        {(panel === "schedule" || data.schedules.pending.length > 0) && (
          <SchedulePanel
            url={url}
            query={query}
            pending={data.schedules.pending}
            unpublishable={data.unpublishable}
            canSchedule={may.schedule && panel === "schedule"}
            beforeSchedule={editor.ensureSaved}
            onChanged={(message) => {
              editor.setStatus({ kind: "done", message });
              editor.refresh();
            }}
          />
        )}
        <RevisionHistory
          name={name}
          level={level}
          structure={structure}
          revisions={data.revisions}
          current={value}
          etag={editor.publishedEtag}
          canRestore={may.restore}
          onRestored={editor.restored}
        />
      </div>

      {editor.leaveGuard.pending !== null && (
        <div className="editor__leave" role="alertdialog" aria-modal="true" aria-labelledby="sair-titulo">
          <p id="sair-titulo">{w.leaveConfirm}</p>
          <div className="editor__buttons">
            <button type="button" className="button button--primary" onClick={editor.leaveGuard.stay}>
              {w.stay}
            </button>
            <button type="button" className="button button--outline" onClick={editor.leaveGuard.leave}>
              {w.leave}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
