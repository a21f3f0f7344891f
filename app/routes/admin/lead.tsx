import { describeTouch } from "@domain/attribution/touch.ts";
import { formatDateTime, formatDayAtTime } from "@domain/format.ts";
import type { FormKey } from "@domain/forms/form-keys.ts";
import { answerRows } from "@domain/forms/summary.ts";
import { TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import { spamReasonLabel } from "@domain/leads/held.ts";
import { OUTCOME_LABELS } from "@domain/leads/outcomes.ts";
import { refusalText } from "@domain/refusals.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { firstTouchOf, lastTouchOf } from "@server/leads/inbox.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { formName } from "~/admin/form-names.ts";
import { deliveryHeading, meetingLine, visitRows } from "~/admin/lead-details.ts";
import { inboxTexts as t } from "~/admin/lead-texts.ts";
import { ActionResult, TrackerLink, TrackerStatus } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/lead";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "lead");
  try {
    const { lead, overdue, jobs } = await context.services.inbox.detail(params.id);
    // Stored leads carry one of the form keys: intake refuses any other.
    const form = await context.services.forms.get(lead.formId as FormKey);
    const meeting = (await context.services.booking.meetingsOf([lead.id])).get(lead.id) ?? null;
    return data(
      {
        lead: {
          id: lead.id,
          protocol: lead.protocol,
          form: formName(lead.formId),
          stage: lead.stage,
          answers: answerRows(form, lead.answers),
          visit: visitRows(
            lead.tracking,
            lead.context,
            Object.fromEntries(
              Object.entries(context.services.domains.subdomains).map(([key, site]) => [
                key,
                site.name ?? key,
              ]),
            ),
          ),
          level: lead.level,
          score: lead.score,
          status: lead.deliveryStatus,
          spamReason: lead.spamReason,
          trackerKey: lead.trackerKey,
          trackerUrl: lead.trackerUrl,
          trackerStatus: lead.trackerStatusCategory
            ? { name: lead.trackerStatus, category: lead.trackerStatusCategory }
            : null,
          owner: lead.ownerName,
          routingRule: lead.routingRule,
          respondBy: lead.respondBy?.toISOString() ?? null,
          overdue,
          outcome: lead.outcome,
          firstTouch: describeTouch(firstTouchOf(lead.tracking)),
          lastTouch: describeTouch(lastTouchOf(lead.tracking)),
          relatedLeadId: lead.relatedLeadId,
          hasHistory: Boolean(lead.contactKey || lead.companyRoot),
          consentPurpose: lead.consentPurpose,
          consentTextVersion: lead.consentTextVersion,
          consentAt: lead.consentAt.toISOString(),
          consentWithdrawnAt: lead.consentWithdrawnAt?.toISOString() ?? null,
          consentWithdrawnVia: lead.consentWithdrawnVia,
          createdAt: lead.createdAt.toISOString(),
        },
        // The demonstration its visitor booked (decision 138), if any.
        meeting: meeting && {
          start: meeting.startsAt.toISOString(),
          seller: meeting.sellerName,
          meetingUrl: meeting.meetingUrl,
          status: meeting.status,
        },
        jobs: jobs.map((job) => ({
          id: job.id,
          kind: job.kind,
          heading: deliveryHeading(job.kind, job.status),
          status: job.status,
          attempts: job.attempts,
          maxAttempts: job.maxAttempts,
          lastError: job.lastError,
          tries: job.tries.map((attempt) => ({
            attempt: attempt.attempt,
            outcome: attempt.outcome,
            detail: attempt.detail,
            finishedAt: attempt.finishedAt.toISOString(),
          })),
        })),
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (DomainError.is(error, "not-found")) throw redirect("/admin/leads");
    throw error;
  }
}

/** retry: deliveries that gave up go back in the queue; release: spam goes to delivery; discard: spam is deleted. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "lead");
  const intent = String((await request.formData()).get("intent") ?? "");
  const { inbox, leads, worker } = context.services;
  try {
    if (intent === "retry") {
      const count = await inbox.retry(admin, params.id);
      void worker.kick();
      return { ok: true, message: t.retried(count) };
    }
    if (intent === "release") {
      await leads.release(admin, params.id);
      return { ok: true, message: t.released };
    }
    if (intent === "discard") {
      await inbox.discardSpam(admin, params.id);
      throw redirect("/admin/leads");
    }
    return { ok: false, message: "Ação desconhecida." };
  } catch (error) {
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
}

function Row({ label, value }: { label: string; value: unknown }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {Array.isArray(value)
          ? value.join(", ")
          : typeof value === "object" && value
            ? JSON.stringify(value)
            : String(value ?? "")}
      </dd>
    </div>
  );
}

/** One lead (decision 072): answers, consent record, tracking, temperature and every delivery attempt. */
export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, jobs } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = jobs.some((job) => job.status === "dead");
  return (
    <section aria-labelledby="lead-titulo" className="lead-detail">
      <p>
        <Link to="/admin/leads">{t.back}</Link>
      </p>
      <h1 id="lead-titulo">{lead.protocol}</h1>
      <p>
        {lead.form} · {TEMPERATURE_LABELS.pt[lead.level]} ({lead.score}) · {t.statuses[lead.status]}
        {lead.trackerKey && (
          <>
            {" "}
            · <TrackerLink trackerKey={lead.trackerKey} trackerUrl={lead.trackerUrl} />
          </>
        )}
        {lead.trackerStatus && (
          <>
            {" "}
            · {t.trackerStatus}: <TrackerStatus status={lead.trackerStatus} />
          </>
        )}
      </p>
      <ActionResult result={actionData} />
      <div className="lead-detail__actions">
        {failed && (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="retry"
              className="button button--primary"
              disabled={busy}
            >
              {t.retry}
            </button>
          </Form>
        )}
        {lead.spamReason && (
          <>
            <p>
              {t.spamReason}: {spamReasonLabel(lead.spamReason)}
            </p>
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="release"
                className="button button--primary"
                disabled={busy}
              >
                {t.release}
              </button>
            </Form>
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="discard"
                className="button button--outline"
                disabled={busy}
              >
                {t.discard}
              </button>
            </Form>
          </>
        )}
      </div>
      <h2>{t.sales}</h2>
      <dl className="lead-detail__list">
        <Row
          label={t.owner}
          value={
            lead.owner
              ? `${lead.owner} (${lead.routingRule ? `${t.routingRule}: ${lead.routingRule}` : t.fallbackRule})`
              : t.noOwner
          }
        />
        <div>
          <dt>{t.respondBy}</dt>
          <dd>
            {lead.respondBy ? formatDayAtTime(lead.respondBy) : "—"}
            {lead.overdue && <span className="badge badge--danger">{t.overdue}</span>}
          </dd>
        </div>
        <Row label={t.result} value={lead.outcome ? OUTCOME_LABELS[lead.outcome] : t.noResult} />
        <Row label={t.firstTouch} value={lead.firstTouch} />
        <Row label={t.lastTouch} value={lead.lastTouch} />
        {lead.relatedLeadId && (
          <div>
            <dt>{t.related}</dt>
            <dd>
              <Link to={`/admin/leads/${lead.relatedLeadId}`}>{t.openRelated}</Link>
            </dd>
          </div>
        )}
      </dl>
      {lead.hasHistory && (
        <p>
          <Link to={`/admin/leads/${lead.id}/historico`} className="button button--outline">
            {t.timeline}
          </Link>
        </p>
      )}
      {loaderData.meeting && (
        <section aria-labelledby="demonstracao-titulo" className="lead-detail__meeting">
          <h2 id="demonstracao-titulo">{t.meeting}</h2>
          <p>{meetingLine(loaderData.meeting)}</p>
          {loaderData.meeting.status === "booked" && loaderData.meeting.meetingUrl && (
            <p>
              {t.meetingRoom}: <a href={loaderData.meeting.meetingUrl}>{loaderData.meeting.meetingUrl}</a>
            </p>
          )}
        </section>
      )}
      <h2>{t.answers}</h2>
      <dl className="lead-detail__list">
        {lead.answers.map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
      </dl>
      <h2>{t.consent}</h2>
      <dl className="lead-detail__list">
        <Row label={t.purpose} value={lead.consentPurpose} />
        <Row label={t.textVersion} value={lead.consentTextVersion} />
        <Row label={t.consentAt} value={formatDayAtTime(lead.consentAt)} />
        {lead.consentWithdrawnAt && (
          <Row
            label={t.consentWithdrawn}
            value={t.consentWithdrawnAt(
              formatDayAtTime(lead.consentWithdrawnAt),
              t.withdrawnVia[lead.consentWithdrawnVia ?? ""] ?? "",
            )}
          />
        )}
      </dl>
      <h2>{t.tracking}</h2>
      <dl className="lead-detail__list">
        {lead.visit.map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
      </dl>
      <h2>{t.deliveries}</h2>
      {jobs.length === 0 && <p>{lead.spamReason ? t.noDeliveriesHeld : t.noDeliveries}</p>}
      {jobs.map((job) => (
        <div key={job.id} className="lead-detail__job" data-kind={job.kind} data-status={job.status}>
          <h3>
            {job.heading} ({t.attempts}: {job.attempts}/{job.maxAttempts})
          </h3>
          {job.lastError && (
            <p>
              {t.lastError}: {job.lastError}
            </p>
          )}
          <ol>
            {job.tries.map((attempt) => (
              <li key={attempt.attempt}>
                <time dateTime={attempt.finishedAt}>
                  {formatDateTime(attempt.finishedAt, "pt", { seconds: true })}
                </time>{" "}
                — {t.outcome[attempt.outcome] ?? attempt.outcome}
                {attempt.detail ? `: ${attempt.detail}` : ""}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
