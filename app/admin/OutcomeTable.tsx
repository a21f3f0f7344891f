import { OUTCOME_LABELS, OUTCOMES } from "@domain/leads/outcomes.ts";
import { dashboardTexts } from "./dashboard-texts.ts";
import { ScrollBox } from "./ScrollBox.tsx";

interface Row {
  key: string;
  total: number;
  none: number;
  open: number;
  working: number;
  qualified: number;
  won: number;
  lost: number;
  booked: number;
}

/** Leads by sales outcome, one row per form or source (decision 105): counts, and the share won. */
export function OutcomeTable({
  rows,
  caption,
  keyLabel,
}: {
  rows: Row[];
  caption: string;
  keyLabel: string;
}) {
  const t = dashboardTexts.outcomes;
  if (rows.length === 0)
    return (
      <>
        <h3>{caption}</h3>
        <p>{t.empty}</p>
      </>
    );
  return (
    <ScrollBox label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col">{t.total}</th>
            <th scope="col">{t.booked}</th>
            {OUTCOMES.map((outcome) => (
              <th scope="col" key={outcome}>
                {OUTCOME_LABELS[outcome]}
              </th>
            ))}
            <th scope="col">{t.none}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.key}</th>
              <td>{row.total}</td>
              <td>{row.booked}</td>
              {OUTCOMES.map((outcome) => (
                <td key={outcome}>{row[outcome]}</td>
              ))}
              <td>{row.none}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
