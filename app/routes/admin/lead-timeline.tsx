import { formatDayAtTime } from "@domain/format.ts";
import { TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import { OUTCOME_LABELS } from "@domain/leads/outcomes.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Link, redirect } from "react-router";
import { formName } from "~/admin/form-names.ts";
import { meetingLine } from "~/admin/lead-details.ts";
import { inboxTexts as t } from "~/admin/lead-texts.ts";
import { TrackerLink } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/lead-timeline";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "leadTimeline");
  try {
    const timeline = await context.services.inbox.timeline(params.id);
    const meetings = await context.services.booking.meetingsOf(timeline.leads.map((row) => row.id));
    return data(
      {
        ...timeline,
        // Each lead's demonstration (decision 138): booked, or cancelled.
        leads: timeline.leads.map((row) => {
          const meeting = meetings.get(row.id);
          return {
            ...row,
            meeting: meeting
              ? { start: meeting.startsAt.toISOString(), seller: meeting.sellerName, status: meeting.status }
              : null,
          };
        }),
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (DomainError.is(error, "not-found")) throw redirect("/admin/leads");
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [{ title: `${t.timeline} · Admin` }];

/**
 * A contact's timeline (decision 105): every lead of the same e-mail or company, newest first,
 * each with its outcome, owner and where the visitor came from.
 */
export default function LeadTimeline({ loaderData }: Route.ComponentProps) {
  const { lead, contactKey, companyRoot, leads } = loaderData;
  return (
    <section aria-labelledby="historico-titulo" className="lead-detail">
      <p>
        <Link to={`/admin/leads/${lead.id}`}>{t.backToLead}</Link>
      </p>
      <h1 id="historico-titulo">{t.timelineTitle(lead.contact || lead.protocol)}</h1>
      <p>{t.timelineHint}</p>
      <p className="admin-table__sub">{t.timelineKeys(contactKey, companyRoot)}</p>
      <p role="status">{t.total(leads.length)}</p>
      <ol className="lead-timeline">
        {leads.map((row) => (
          <li
            key={row.id}
            className="lead-timeline__item"
            aria-current={row.id === lead.id ? "true" : undefined}
          >
            <h2 className="lead-timeline__title">
              <Link to={`/admin/leads/${row.id}`}>{row.protocol}</Link> · {formName(row.form)}
              {row.id === lead.id && <span className="admin-table__sub"> ({t.thisLead})</span>}
            </h2>
            <dl className="lead-detail__list">
              <div>
                <dt>{t.date}</dt>
                <dd>
                  <time dateTime={row.createdAt}>{formatDayAtTime(row.createdAt)}</time>
                </dd>
              </div>
              <div>
                <dt>{t.contact}</dt>
                <dd>{row.contact}</dd>
              </div>
              <div>
                <dt>{t.level}</dt>
                <dd>
                  {TEMPERATURE_LABELS.pt[row.level]} ({row.score})
                </dd>
              </div>
              <div>
                <dt>{t.result}</dt>
                <dd>
                  {row.outcome ? OUTCOME_LABELS[row.outcome] : t.noResult}
                  {row.overdue && <span className="badge badge--danger">{t.overdue}</span>}
                </dd>
              </div>
              <div>
                <dt>{t.owner}</dt>
                <dd>{row.owner ?? t.noOwner}</dd>
              </div>
              <div>
                <dt>{t.tracker}</dt>
                <dd>
                  <TrackerLink trackerKey={row.trackerKey} trackerUrl={row.trackerUrl} />
                </dd>
              </div>
              {row.meeting && (
                <div>
                  <dt>{t.meeting}</dt>
                  <dd>{meetingLine(row.meeting)}</dd>
                </div>
              )}
              <div>
                <dt>{t.firstTouch}</dt>
                <dd>{row.firstTouch}</dd>
              </div>
              <div>
                <dt>{t.lastTouch}</dt>
                <dd>{row.lastTouch}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}
