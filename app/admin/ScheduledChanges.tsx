import { toSaoPauloTime } from "@domain/content/schedule-time.ts";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { contentTexts } from "./content-texts.ts";
import { SaoPauloTimeField } from "./SaoPauloTimeField.tsx";
import type { ScheduleRowData } from "./SchedulePanel.tsx";
import { callApi, levelQuery } from "./useDocumentDraft.ts";

const t = contentTexts.workflow;

export interface DashboardSchedule extends ScheduleRowData {
  name: string;
  segment: string;
  lang: string;
  /** The document's name in the editor. */
  document: string;
}

/**
 * The scheduled content changes on the admin dashboard (decision 100): what goes live or leaves the
 * site when, with a reschedule and a cancel; and the last ones that ran, failed or were cancelled,
 * with the reason a failed one gives.
 */
export function ScheduledChanges({
  pending,
  recent,
}: {
  pending: DashboardSchedule[];
  recent: DashboardSchedule[];
}) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [when, setWhen] = useState("");

  const change = async (
    id: string,
    init: Parameters<typeof callApi>[1],
    done: (body: { runAtLabel: string }) => string,
  ) => {
    const result = await callApi(`/api/content-schedules/${id}`, init);
    setMessage(result.ok ? { ok: true, text: done(result.body) } : { ok: false, text: result.message });
    setMoving(null);
    revalidator.revalidate();
  };

  const what = (row: DashboardSchedule) =>
    row.action === "publish" ? t.actionPublish : t.actionUnpublish(row.itemLabel ?? "");
  const editorLink = (row: DashboardSchedule) => `/admin/json/${row.name}.json${levelQuery(row)}`;

  return (
    <section aria-labelledby="agendamentos-titulo" className="scheduled-changes">
      <h2 id="agendamentos-titulo">{t.dashboardTitle}</h2>
      <div aria-live="polite">
        {message && (
          <p
            className={`banner ${message.ok ? "banner--success" : "banner--error"}`}
            role={message.ok ? undefined : "alert"}
          >
            {message.text}
          </p>
        )}
      </div>
      {pending.length === 0 ? (
        <p className="workflow-panel__empty">{t.dashboardNone}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.document}</th>
                <th scope="col">{t.change}</th>
                <th scope="col">{t.scheduledBy}</th>
                <th scope="col">
                  <span className="visually-hidden">{contentTexts.history.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pending.map((row) => (
                <tr key={row.id}>
                  <td>
                    <time dateTime={row.runAt}>{row.runAtLabel}</time>
                  </td>
                  <td>
                    <Link to={editorLink(row)}>{row.document}</Link>{" "}
                    <span className="muted">({contentTexts.levelName(row.segment, row.lang)})</span>
                  </td>
                  <td>{what(row)}</td>
                  <td>{row.createdBy}</td>
                  <td className="scheduled-changes__actions">
                    {moving === row.id ? (
                      <form
                        onSubmit={(event) => {
                          event.preventDefault();
                          void change(row.id, { method: "PATCH", json: { at: when } }, (body) =>
                            t.rescheduled(body.runAtLabel),
                          );
                        }}
                      >
                        <SaoPauloTimeField label={t.scheduleWhen} value={when} onChange={setWhen} />
                        <button type="submit" className="button button--primary">
                          {t.reschedule}
                        </button>
                      </form>
                    ) : (
                      <button
                        type="button"
                        className="button button--outline"
                        onClick={() => {
                          setWhen(toSaoPauloTime(new Date(row.runAt)));
                          setMoving(row.id);
                        }}
                      >
                        {t.reschedule}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--outline"
                      onClick={() => {
                        if (window.confirm(t.confirmCancel))
                          void change(row.id, { method: "DELETE" }, () => t.cancelled);
                      }}
                    >
                      {t.cancel}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {recent.length > 0 && (
        <details className="scheduled-changes__recent">
          <summary>{t.recentTitle}</summary>
          <ul>
            {recent.map((row) => (
              <li key={row.id}>
                <strong>{t.statuses[row.status]}</strong> · {row.runAtLabel} · {row.document} (
                {contentTexts.levelName(row.segment, row.lang)}) · {what(row)}
                {row.result && <> · {row.result}</>}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
