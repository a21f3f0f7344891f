import { toSaoPauloTime } from "@domain/content/schedule-time.ts";
import type { ScheduleAction } from "@domain/content/stored.ts";
import { useState } from "react";
import { contentTexts } from "./content-texts.ts";
import { SaoPauloTimeField } from "./SaoPauloTimeField.tsx";
import { callApi } from "./useDocumentDraft.ts";

const t = contentTexts.workflow;

export interface ScheduleRowData {
  id: string;
  action: ScheduleAction;
  itemLabel: string | null;
  runAt: string;
  runAtLabel: string;
  status: string;
  result: string | null;
  createdBy: string;
}

/**
 * Scheduling a document's changes (decision 100): publish the draft at a date and time in São Paulo,
 * or take one post or page off the site at a date, and the pending schedules of this document with
 * a cancel. Admins only (the server checks it too).
 */
export function SchedulePanel({
  url,
  query,
  pending,
  unpublishable,
  canSchedule,
  beforeSchedule,
  onChanged,
}: {
  /** /api/json/{name} */
  url: string;
  query: string;
  pending: ScheduleRowData[];
  unpublishable: { key: string; label: string }[];
  canSchedule: boolean;
  /** Saves the form as the draft first (what is scheduled is what is on screen). */
  beforeSchedule: () => Promise<boolean>;
  onChanged: (message: string) => void;
}) {
  const inOneHour = toSaoPauloTime(new Date(Date.now() + 3600_000));
  const [when, setWhen] = useState(inOneHour);
  const [unpublishWhen, setUnpublishWhen] = useState(inOneHour);
  const [item, setItem] = useState(unpublishable[0]?.key ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const schedule = async (body: Record<string, string>) => {
    setBusy(true);
    setError(null);
    if (body.action === "publish" && !(await beforeSchedule())) {
      setBusy(false);
      return;
    }
    const result = await callApi(`${url}/schedule${query}`, { method: "POST", json: body });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onChanged(
      body.action === "publish"
        ? t.scheduled(result.body.runAtLabel)
        : t.unpublishScheduled(result.body.itemLabel, result.body.runAtLabel),
    );
  };

  const cancel = async (id: string) => {
    if (!window.confirm(t.confirmCancel)) return;
    const result = await callApi(`/api/content-schedules/${id}`, { method: "DELETE" });
    if (!result.ok) setError(result.message);
    else onChanged(t.cancelled);
  };

  return (
    <section className="workflow-panel" aria-labelledby="agendar-titulo">
      <h2 id="agendar-titulo">{t.pendingTitle}</h2>
      {pending.length === 0 ? (
        <p className="workflow-panel__empty">{t.pendingNone}</p>
      ) : (
        <ul className="schedule-list">
          {pending.map((row) => (
            <li key={row.id} className="schedule-list__item">
              <strong>
                {row.action === "publish" ? t.actionPublish : t.actionUnpublish(row.itemLabel ?? "")}
              </strong>
              <span>
                <time dateTime={row.runAt}>{row.runAtLabel}</time> · {t.by(row.createdBy)}
              </span>
              {canSchedule && (
                <button type="button" className="button button--outline" onClick={() => cancel(row.id)}>
                  {t.cancel}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="banner banner--error" role="alert">
          {error}
        </p>
      )}
      {canSchedule && (
        <>
          <form
            className="workflow-panel__form"
            onSubmit={(event) => {
              event.preventDefault();
              void schedule({ action: "publish", at: when });
            }}
          >
            <h3>{t.schedule}</h3>
            <SaoPauloTimeField label={t.scheduleWhen} value={when} onChange={setWhen} />
            <p className="field__help">{t.scheduleHint}</p>
            <button type="submit" className="button button--outline" disabled={busy}>
              {t.scheduleSubmit}
            </button>
          </form>
          {unpublishable.length > 0 && (
            <form
              className="workflow-panel__form"
              onSubmit={(event) => {
                event.preventDefault();
                void schedule({ action: "unpublish", at: unpublishWhen, item });
              }}
            >
              <h3>{t.unpublishTitle}</h3>
              <label className="field">
                <span className="field__label">{t.unpublishItem}</span>
                <select value={item} onChange={(event) => setItem(event.target.value)}>
                  {unpublishable.map((entry) => (
                    <option key={entry.key} value={entry.key}>
                      {entry.label}
                    </option>
                  ))}
                </select>
              </label>
              <SaoPauloTimeField label={t.unpublishWhen} value={unpublishWhen} onChange={setUnpublishWhen} />
              <button type="submit" className="button button--outline" disabled={busy}>
                {t.unpublishSubmit}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
