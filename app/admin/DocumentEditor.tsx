import { diffLines } from "diff";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { FormStructure } from "~/lib/content/form-structure.ts";
import { StructureField } from "./StructureForm.tsx";
import { adminTexts as t } from "./texts.ts";

export interface RevisionRow {
  version: number;
  source: "seed" | "admin";
  createdAt: string;
  createdBy: string | null;
}

export interface EditorMessages {
  saved: string;
  saveError: (reason: string) => string;
  /** A line shown above every save error (the plans editor's 'Erro ao salvar alterações', B §8.3). */
  errorTitle?: string;
}

const DEFAULT_MESSAGES: EditorMessages = { saved: t.saved, saveError: (reason) => reason };
/** B §4.6, §9.5: the success message clears after 3 s. */
export const SAVED_CLEAR_MS = 3_000;

type Status =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "error"; message: string; current?: { data: unknown; etag: string } };

function query(level: { segment: string; lang: string }): string {
  const params = new URLSearchParams();
  if (level.segment) params.set("segment", level.segment);
  if (level.lang) params.set("lang", level.lang);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * The editor of one document at one level (B §2.8, §4.6): the form from its structure, a save
 * that sends the version tag it read (a 409 shows the server's message and offers the current
 * version), and the versions with a readable diff and a restore.
 */
export function DocumentEditor({
  name,
  level,
  structure,
  initial,
  etag: initialEtag,
  revisions,
  messages = DEFAULT_MESSAGES,
}: {
  name: string;
  level: { segment: string; lang: string };
  structure: FormStructure | null;
  initial: unknown;
  etag: string | null;
  revisions: RevisionRow[];
  messages?: EditorMessages;
}) {
  const [value, setValue] = useState<unknown>(initial);
  const [etag, setEtag] = useState(initialEtag);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [diffOf, setDiffOf] = useState<{
    version: number;
    parts: { value: string; added?: boolean; removed?: boolean }[];
  } | null>(null);
  const revalidator = useRevalidator();

  // The route keys this editor by document and level, so another one starts afresh. The loader's
  // data after a save (revalidated for the version list) must not replace what is being typed.

  useEffect(() => {
    if (status.kind !== "saved") return;
    const timer = setTimeout(() => setStatus({ kind: "idle" }), SAVED_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status]);

  if (!structure) return <p className="banner banner--warning">{t.noStructure}</p>;

  const send = async (url: string, init: RequestInit) => {
    setStatus({ kind: "saving" });
    try {
      const response = await fetch(url, {
        ...init,
        headers: {
          "Content-Type": "application/json",
          ...(etag ? { "If-Match": etag } : {}),
          ...init.headers,
        },
      });
      const body = await response.json().catch(() => null);
      if (!response.ok) {
        const message = messages.saveError(body?.message ?? t.saveErrorDefault);
        setStatus({
          kind: "error",
          message,
          current: body?.current ? { data: body.current.data, etag: body.current.etag } : undefined,
        });
        return;
      }
      setValue(body);
      setEtag(response.headers.get("etag"));
      setStatus({ kind: "saved" });
      revalidator.revalidate();
    } catch {
      setStatus({ kind: "error", message: messages.saveError(t.saveErrorDefault) });
    }
  };

  const save = () => send(`/api/json/${name}${query(level)}`, { method: "PUT", body: JSON.stringify(value) });
  const restore = (version: number) =>
    send(`/api/json/${name}/revisions/${version}${query(level)}`, { method: "POST" });
  const showDiff = async (version: number) => {
    const response = await fetch(`/api/json/${name}/revisions/${version}${query(level)}`);
    if (!response.ok) return;
    const old = await response.json();
    setDiffOf({ version, parts: diffLines(JSON.stringify(old, null, 2), JSON.stringify(value, null, 2)) });
  };

  return (
    <div className="editor">
      <form
        className="editor__form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {Object.entries(structure.fields).map(([key, field]) => (
          <StructureField
            key={key}
            name={key}
            structure={field}
            value={(value as Record<string, unknown> | null)?.[key]}
            onChange={(next) => {
              const record = { ...(value as Record<string, unknown>) };
              if (next === undefined) delete record[key];
              else record[key] = next;
              setValue(record);
            }}
          />
        ))}
        <div className="editor__actions">
          <button type="submit" className="button button--primary" disabled={status.kind === "saving"}>
            {status.kind === "saving" ? t.saving : t.save}
          </button>
          <div aria-live="polite" className="editor__status">
            {status.kind === "saved" && <p className="banner banner--success">{messages.saved}</p>}
            {status.kind === "error" && (
              <div className="banner banner--error" role="alert">
                {messages.errorTitle && <p>{messages.errorTitle}</p>}
                <p>{status.message}</p>
                {status.current && (
                  <button
                    type="button"
                    className="button button--outline"
                    onClick={() => {
                      setValue(status.current!.data);
                      setEtag(status.current!.etag);
                      setStatus({ kind: "idle" });
                    }}
                  >
                    {t.conflictShowCurrent}
                  </button>
                )}
              </div>
            )}
          </div>
        </div>
      </form>

      <section className="editor__revisions" aria-labelledby="versoes-titulo">
        <h2 id="versoes-titulo">{t.revisions}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">{t.version}</th>
              <th scope="col">{t.author}</th>
              <th scope="col">{t.date}</th>
              <th scope="col">
                <span className="visually-hidden">{t.changes}</span>
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
                <td>{revision.createdBy ?? t.seed}</td>
                <td>
                  <time dateTime={revision.createdAt}>
                    {new Date(revision.createdAt).toLocaleString("pt-BR")}
                  </time>
                </td>
                <td className="editor__revision-actions">
                  {index > 0 && (
                    <>
                      <button
                        type="button"
                        className="button button--outline"
                        onClick={() => showDiff(revision.version)}
                      >
                        {t.changes}
                      </button>
                      <button
                        type="button"
                        className="button button--outline"
                        aria-label={t.restoreOf(revision.version)}
                        onClick={() => restore(revision.version)}
                      >
                        {t.restore}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {diffOf && (
          <div className="editor__diff">
            <h3>{t.diffWith(diffOf.version)}</h3>
            {diffOf.parts.every((part) => !part.added && !part.removed) ? (
              <p>{t.noChanges}</p>
            ) : (
              <pre>
                {diffOf.parts
                  .filter((part) => part.added || part.removed)
                  .map((part, index) =>
                    part.added ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the diff's parts have no identity but their order
                      <ins key={index}>{part.value}</ins>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the diff's parts have no identity but their order
                      <del key={index}>{part.value}</del>
                    ),
                  )}
              </pre>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
