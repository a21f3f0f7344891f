import {
  type FieldChange,
  fieldChanges,
  labelOf,
  restoreOf,
  sameContent,
} from "@domain/content/field-diff.ts";
import type { FormStructure } from "@domain/content/form-structure.ts";
import { formatPath } from "@domain/content/json-path.ts";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { contentTexts } from "./content-texts.ts";
import "~/styles/revision-history.css";
import type { ContentSource } from "@domain/content/stored.ts";
import { formatDateTime, formatNumber, formatPrice } from "@domain/format.ts";

const t = contentTexts;
const h = contentTexts.history;

/** One version of the document (the shape of DocumentEditor's RevisionRow). */
interface Revision {
  version: number;
  source: ContentSource;
  createdAt: string;
  createdBy: string | null;
}

type Status =
  | { kind: "idle" }
  | { kind: "working" }
  | { kind: "done"; message: string }
  | { kind: "error"; message: string };

type Comparison =
  | { state: "loading" }
  | { state: "error" }
  | { state: "ready"; from: number; to: number; rows: FieldChange[] };

/** How long a success message stays, as the editor's own (B §4.6, §9.5). */
const DONE_CLEAR_MS = 3_000;

function query(level: { segment: string; lang: string }, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (level.segment) params.set("segment", level.segment);
  if (level.lang) params.set("lang", level.lang);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

const COMPACT_MAX = 120;

/** A value as staff read it: texts as they are, numbers and prices in pt-BR, objects in short. */
/** One side of a changed field: the old value struck through, the new one marked, or 'não existia'. */
function SideCell({ label, change, side }: { label: string; change: FieldChange; side: "before" | "after" }) {
  const absent = side === "before" ? change.kind === "added" : change.kind === "removed";
  const shown = <Shown value={side === "before" ? change.before : change.after} change={change} />;
  return (
    <td data-label={label}>
      {absent ? (
        <span className="history__absent">{h.absent}</span>
      ) : side === "before" ? (
        <del>{shown}</del>
      ) : (
        <ins>{shown}</ins>
      )}
    </td>
  );
}

function Shown({ value, change }: { value: unknown; change: FieldChange }): ReactNode {
  if (change.kind === "moved" && typeof value === "number") return h.position(value);
  if (value === null || value === "") return <span className="history__empty">{h.empty}</span>;
  if (typeof value === "boolean") return value ? h.yes : h.no;
  if (typeof value === "number")
    return change.ui === "currency_input" ? formatPrice(value) : formatNumber(value);
  if (typeof value === "string") return change.optionLabels?.[value] ?? value;
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null))
    return value.map(String).join(", ");
  const json = JSON.stringify(value);
  if (json.length <= COMPACT_MAX) return <code className="history__json">{json}</code>;
  return (
    <>
      <code className="history__json">{`${json.slice(0, COMPACT_MAX)}…`}</code>
      <details className="history__more">
        <summary>{h.showAll}</summary>
        <pre>{JSON.stringify(value, null, 2)}</pre>
      </details>
    </>
  );
}

/**
 * The versions of one level's document (B §4.6; decision 100): the list, with each version's
 * author and date; any two compared field by field with the form's labels; a whole version or one
 * field brought back as a new published version. `onRestored` hands the editor the new current
 * content and its version tag, as a save does.
 */
export function RevisionHistory({
  name,
  level,
  structure,
  revisions,
  current,
  etag,
  canRestore: mayRestore = true,
  onRestored,
}: {
  name: string;
  level: { segment: string; lang: string };
  structure: FormStructure | null;
  revisions: Revision[];
  /** The form's value: when it differs from the stored version, a restore says it replaces it. */
  current: unknown;
  etag: string | null;
  /** Editors compare versions but do not restore (decision 100: a restore publishes). */
  canRestore?: boolean;
  onRestored: (data: unknown, etag: string | null) => void;
}) {
  const currentVersion = revisions[0]?.version;
  const [pick, setPick] = useState<{ from: number; to: number | "current" } | null>(null);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  /** Each version's content, read once: a version never changes. */
  const contents = useRef(new Map<number, unknown>());
  /** A comparison asked from a version's row: its result gets the focus once shown (it may be far below). */
  const [reveal, setReveal] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    async (version: number): Promise<unknown> => {
      if (contents.current.has(version)) return contents.current.get(version);
      const response = await fetch(`/api/json/${name}/revisions/${version}${query(level)}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const data: unknown = await response.json();
      contents.current.set(version, data);
      return data;
    },
    [name, level],
  );

  const toVersion = pick?.to === "current" ? currentVersion : pick?.to;
  const fromVersion = pick?.from;

  useEffect(() => {
    if (fromVersion === undefined || toVersion === undefined) return;
    let cancelled = false;
    setComparison((shown) => (shown?.state === "ready" ? shown : { state: "loading" }));
    Promise.all([load(fromVersion), load(toVersion)]).then(
      ([older, newer]) => {
        if (!cancelled)
          setComparison({
            state: "ready",
            from: fromVersion,
            to: toVersion,
            rows: fieldChanges(older, newer, structure),
          });
      },
      () => {
        if (!cancelled) setComparison({ state: "error" });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [fromVersion, toVersion, load, structure]);

  useEffect(() => {
    if (!reveal || comparison?.state !== "ready") return;
    resultHeading.current?.focus();
    setReveal(false);
  }, [reveal, comparison]);

  useEffect(() => {
    if (status.kind !== "done") return;
    const timer = setTimeout(() => setStatus({ kind: "idle" }), DONE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status]);

  /** Whether the form holds changes not saved yet (a restore replaces them). */
  const unsaved = async (): Promise<boolean> => {
    if (currentVersion === undefined) return false;
    try {
      return !sameContent(await load(currentVersion), current);
    } catch {
      return false;
    }
  };

  const post = async (url: string, done: (version: string) => string) => {
    setStatus({ kind: "working" });
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(etag ? { "If-Match": etag } : {}) },
      });
      const body = await response.json().catch(() => null);
      if (!response.ok) {
        setStatus({ kind: "error", message: body?.message ?? h.restoreError });
        return;
      }
      const version = response.headers.get("x-content-version") ?? "";
      if (version) contents.current.set(Number(version), body);
      setStatus({ kind: "done", message: done(version) });
      onRestored(body, response.headers.get("etag"));
    } catch {
      setStatus({ kind: "error", message: h.restoreError });
    }
  };

  const confirmed = async (question: string) =>
    window.confirm((await unsaved()) ? `${question}\n\n${h.confirmUnsaved}` : question);

  const restoreVersion = async (version: number) => {
    if (!(await confirmed(h.confirmVersion(version)))) return;
    await post(`/api/json/${name}/revisions/${version}${query(level)}`, (now) =>
      h.restoredVersion(version, now),
    );
  };

  const restoreField = async (change: FieldChange, version: number) => {
    const how = restoreOf(change);
    if (!how) return;
    const label = labelOf(change);
    if (!(await confirmed(h.confirmField(label, version)))) return;
    const params: Record<string, string> = { path: formatPath(how.path) };
    if (how.from) params.from = formatPath(how.from);
    if (how.mode) params.mode = how.mode;
    await post(`/api/json/${name}/revisions/${version}${query(level, params)}`, (now) =>
      h.restoredField(label, version, now),
    );
  };

  const compareWithCurrent = (version: number) => {
    setPick({ from: version, to: "current" });
    setReveal(true);
  };
  const ready = comparison?.state === "ready" ? comparison : null;
  const toCurrent = ready !== null && ready.to === currentVersion;
  const canRestore = mayRestore && toCurrent && ready.from !== ready.to;
  const working = status.kind === "working";

  return (
    <section className="editor__revisions history" aria-labelledby="versoes-titulo">
      <h2 id="versoes-titulo">{t.revisions}</h2>
      <div aria-live="polite" className="history__status">
        {status.kind === "working" && <p>{h.restoring}</p>}
        {status.kind === "done" && <p className="banner banner--success">{status.message}</p>}
        {status.kind === "error" && (
          <p className="banner banner--error" role="alert">
            {status.message}
          </p>
        )}
      </div>
      <table className="history__versions">
        <thead>
          <tr>
            <th scope="col">{t.version}</th>
            <th scope="col">{t.author}</th>
            <th scope="col">{t.date}</th>
            <th scope="col">
              <span className="visually-hidden">{h.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {revisions.map((revision, index) => (
            <tr key={`${revision.version}-${revision.createdAt}`}>
              <td>
                {revision.version}
                {index === 0 && ` (${t.current})`}
              </td>
              <td className="history__author">{revision.createdBy ?? t.seed}</td>
              <td>
                <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
              </td>
              <td className="editor__revision-actions">
                {index > 0 && (
                  <>
                    <button
                      type="button"
                      className="button button--outline"
                      aria-pressed={pick?.from === revision.version && pick.to === "current"}
                      onClick={() => compareWithCurrent(revision.version)}
                    >
                      {t.changes}
                    </button>
                    {mayRestore && (
                      <button
                        type="button"
                        className="button button--outline"
                        aria-label={t.restoreOf(revision.version)}
                        disabled={working}
                        onClick={() => restoreVersion(revision.version)}
                      >
                        {t.restore}
                      </button>
                    )}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {revisions.length > 1 && (
        <div className="history__compare">
          <div className="history__pick">
            <label>
              <span>{h.compareVersion}</span>
              <select
                value={pick?.from ?? revisions[1]!.version}
                onChange={(event) => setPick({ from: Number(event.target.value), to: pick?.to ?? "current" })}
              >
                {revisions.map((revision, index) => (
                  <option key={revision.version} value={revision.version}>
                    {h.versionOption(revision.version, index === 0)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{h.withVersion}</span>
              <select
                value={pick?.to ?? "current"}
                onChange={(event) =>
                  setPick({
                    from: pick?.from ?? revisions[1]!.version,
                    to: event.target.value === "current" ? "current" : Number(event.target.value),
                  })
                }
              >
                {revisions.map((revision, index) => (
                  <option key={revision.version} value={index === 0 ? "current" : revision.version}>
                    {h.versionOption(revision.version, index === 0)}
                  </option>
                ))}
              </select>
            </label>
            {!pick && (
              <button
                type="button"
                className="button button--outline"
                onClick={() => compareWithCurrent(revisions[1]!.version)}
              >
                {h.compare}
              </button>
            )}
          </div>

          {comparison?.state === "loading" && <p>{h.loading}</p>}
          {comparison?.state === "error" && (
            <p className="banner banner--error" role="alert">
              {h.loadError}
            </p>
          )}
          {ready && (
            <div className="history__result">
              <h3 ref={resultHeading} tabIndex={-1}>
                {toCurrent ? t.diffWith(ready.from) : h.diffBetween(ready.from, ready.to)}
              </h3>
              {ready.from === ready.to ? (
                <p>{h.same}</p>
              ) : ready.rows.length === 0 ? (
                <p>{h.noChanges}</p>
              ) : (
                <>
                  {mayRestore && !toCurrent && <p className="history__hint">{h.restoreOnlyCurrent}</p>}
                  <table className="history__changes">
                    <caption>{h.count(ready.rows.length)}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{h.field}</th>
                        <th scope="col">{h.before(ready.from)}</th>
                        <th scope="col">{h.after(ready.to, toCurrent)}</th>
                        {canRestore && (
                          <th scope="col">
                            <span className="visually-hidden">{h.actions}</span>
                          </th>
                        )}
                      </tr>
                    </thead>
                    <tbody>
                      {ready.rows.map((change) => (
                        <tr
                          key={`${change.kind}:${formatPath(change.path)}:${change.oldPath ? formatPath(change.oldPath) : ""}`}
                          className={`history__change history__change--${change.kind}`}
                        >
                          <th scope="row">
                            <span className="history__label">{labelOf(change)}</span>{" "}
                            <span className="history__kind">{h.kinds[change.kind]}</span>
                          </th>
                          <SideCell label={h.before(ready.from)} change={change} side="before" />
                          <SideCell label={h.after(ready.to, toCurrent)} change={change} side="after" />
                          {canRestore && (
                            <td className="history__restore">
                              {restoreOf(change) && (
                                <button
                                  type="button"
                                  className="button button--outline"
                                  disabled={working}
                                  aria-label={`${h.restoreField}: ${labelOf(change)}`}
                                  onClick={() => restoreField(change, ready.from)}
                                >
                                  {h.restoreField}
                                </button>
                              )}
                            </td>
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
