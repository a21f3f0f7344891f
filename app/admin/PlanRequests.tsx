import { formatCentavos } from "@domain/billing/money.ts";
import { formatDay, formatInstantDay } from "@domain/format.ts";
import { planAdminTexts as a, planTexts } from "@domain/portal/plan-texts.ts";
import type { PlanRequestView } from "@server/portal/plan-changes.ts";
import { Form } from "react-router";

const pt = planTexts("pt");

/** "R$ 150,00 a cobrar", "R$ 75,00 de crédito", or left to finance when the cycle start was not known. */
function prorata(request: PlanRequestView): string {
  if (request.basis === "unknown-cycle") return "calcular no financeiro (início do ciclo não registrado)";
  const amount = formatCentavos(Math.abs(request.prorataCentavos));
  return request.prorataCentavos < 0 ? `${amount} de crédito` : `${amount} a cobrar`;
}

/**
 * The company's plan change requests in the admin (decision 095): newest first, with Apply and Refuse
 * (a note, required to refuse, that the company reads in the portal) for the open one.
 */
export function PlanRequests({ requests, busy }: { requests: PlanRequestView[]; busy: boolean }) {
  const open = requests.find((request) => request.status === "requested");
  return (
    <>
      <h2 id="pedidos-plano">{a.requests}</h2>
      {requests.length === 0 ? (
        <p>{a.noRequests}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="pedidos-plano">
            <thead>
              <tr>
                <th scope="col">{a.requestedOn}</th>
                <th scope="col">{a.requester}</th>
                <th scope="col">{a.change}</th>
                <th scope="col">{a.newPrice}</th>
                <th scope="col">{a.prorata}</th>
                <th scope="col">{a.status}</th>
                <th scope="col">{a.tracker}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((request) => (
                <tr key={request.id}>
                  <td>{formatDay(request.requestedOn, "pt")}</td>
                  <td>
                    {request.requesterName}
                    <span className="admin-table__sub">{request.requesterEmail}</span>
                  </td>
                  <td>
                    {request.fromPlanName
                      ? `${request.fromPlanName} (${pt.cycleNouns[request.fromCycle]})`
                      : "sem plano"}{" "}
                    → {request.toPlanName} ({pt.cycleNouns[request.toCycle]})
                  </td>
                  <td>
                    {formatCentavos(request.priceCentavos)}
                    {pt.per[request.toCycle]}
                  </td>
                  <td>{prorata(request)}</td>
                  <td>
                    {pt.statuses[request.status]}
                    {request.decidedAt && request.decidedBy && (
                      <span className="admin-table__sub">
                        {a.decidedBy(request.decidedBy, formatInstantDay(request.decidedAt))}
                      </span>
                    )}
                    {request.decisionNote && <span className="admin-table__sub">{request.decisionNote}</span>}
                  </td>
                  <td>
                    {request.trackerKey ? (
                      request.trackerUrl ? (
                        <a href={request.trackerUrl} target="_blank" rel="noopener noreferrer">
                          {request.trackerKey}
                        </a>
                      ) : (
                        request.trackerKey
                      )
                    ) : request.status === "requested" ? (
                      a.notDelivered
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && (
        <Form method="post" className="plan-decision" aria-labelledby="pedidos-plano">
          <input type="hidden" name="requestId" value={open.id} />
          <p>{a.applyHint(formatDay(open.requestedOn, "pt"))}</p>
          <label className="field">
            <span className="field__label">{a.note}</span>
            <textarea name="note" rows={3} maxLength={1000} />
          </label>
          <div className="plan-decision__actions">
            <button
              type="submit"
              name="intent"
              value="plan-apply"
              className="button button--primary"
              disabled={busy}
            >
              {a.apply}
            </button>
            <button
              type="submit"
              name="intent"
              value="plan-refuse"
              className="button button--outline"
              disabled={busy}
            >
              {a.refuse}
            </button>
          </div>
        </Form>
      )}
    </>
  );
}
