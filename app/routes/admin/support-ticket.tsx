import { formatCnpjForDisplay } from "@domain/cnpj.ts";
import { formatDateTime, formatFileSize } from "@domain/format.ts";
import {
  staffMovesFrom,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketTransition,
  TRANSITION_CATEGORY,
} from "@domain/portal/tickets.ts";
import { refusalText } from "@domain/refusals.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import { replySchema } from "@server/portal/tickets.ts";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { supportTexts as t } from "~/admin/support-texts.ts";
import { ActionResult, TrackerLink } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/support-ticket";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "supportTicket");
  try {
    const ticket = await context.services.supportDesk.get(params.id);
    return data({ ticket }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (DomainError.is(error, "not-found"))
      throw data({ message: refusalText(error, "pt") }, { status: 404 });
    throw error;
  }
}

const MOVES = new Set<string>(Object.keys(TRANSITION_CATEGORY));

/** A staff reply or a change of status; each answers in words on the page. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireAdminScreen(request, context, "supportTicket");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { supportDesk } = context.services;
  try {
    if (intent === "reply") {
      const body = replySchema.safeParse(form.get("body"));
      if (!body.success)
        return data(
          { ok: false, message: body.error.issues[0]?.message ?? t.invalid, field: "body" as const },
          { status: 400 },
        );
      await supportDesk.reply(staff, params.id, body.data);
      return { ok: true, message: t.sent, field: null };
    }
    if (MOVES.has(intent)) {
      await supportDesk.move(staff, params.id, intent as TicketTransition);
      return { ok: true, message: t.moved[intent as TicketTransition], field: null };
    }
    return data({ ok: false, message: t.invalid, field: null }, { status: 400 });
  } catch (error) {
    return refusalAnswer(error, "pt", { field: null });
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `${loaded?.ticket.subject ?? t.title} | Vértice` },
    { name: "robots", content: "noindex" },
  ];
}

function Files({
  ticketId,
  files,
}: {
  ticketId: string;
  files: { id: string; filename: string; size: number }[];
}) {
  if (files.length === 0) return null;
  return (
    <ul className="support-files" aria-label={t.files}>
      {files.map((file) => (
        <li key={file.id}>
          <a href={`/admin/suporte/${ticketId}/anexos/${file.id}`} download>
            {file.filename}
          </a>{" "}
          <span className="admin-table__sub">{formatFileSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One ticket for staff (decision 130): the company and the person, the customer's description and
 * files, the conversation in order, a reply to the customer and the moves of its status.
 */
export default function SupportTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { ticket } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const replyBox = useRef<HTMLTextAreaElement>(null);
  // After a reply is sent the box is emptied for the next one; after a refusal it keeps the text.
  useEffect(() => {
    if (actionData?.ok && replyBox.current) replyBox.current.value = "";
  }, [actionData]);
  const bodyError = actionData && !actionData.ok && actionData.field === "body" ? actionData.message : null;
  return (
    <section aria-labelledby="chamado-titulo" className="lead-detail support-ticket">
      <p>
        <Link to="/admin/suporte">← {t.back}</Link>
      </p>
      <h1 id="chamado-titulo">{ticket.subject}</h1>
      <p className="support-ticket__status">
        <strong>{TICKET_STATUS_LABELS.pt[ticket.status]}</strong>
        {ticket.statusName && <> · {t.jiraStatus(ticket.statusName)}</>}
        {ticket.waiting && <span className="badge badge--danger">{t.waitingBadge}</span>}
      </p>
      <ActionResult result={bodyError ? undefined : actionData} />

      <dl className="lead-detail__list">
        <div>
          <dt>{t.company}</dt>
          <dd>
            <Link to={`/admin/empresas/${ticket.company.id}`}>{ticket.company.name}</Link>
            {ticket.company.cnpj && <> · {formatCnpjForDisplay(ticket.company.cnpj)}</>} ·{" "}
            <Link to={`/admin/suporte?empresa=${ticket.company.id}`}>{t.companyTickets}</Link>
          </dd>
        </div>
        <div>
          <dt>{t.reporter}</dt>
          <dd>
            {ticket.reporterName} · <a href={`mailto:${ticket.reporterEmail}`}>{ticket.reporterEmail}</a>
          </dd>
        </div>
        <div>
          <dt>{t.protocol}</dt>
          <dd>{ticket.protocol}</dd>
        </div>
        <div>
          <dt>{t.jiraKey}</dt>
          <dd>
            {ticket.trackerKey ? (
              <TrackerLink trackerKey={ticket.trackerKey} trackerUrl={ticket.trackerUrl} />
            ) : (
              t.notDelivered
            )}
          </dd>
        </div>
        <div>
          <dt>{t.category}</dt>
          <dd>{TICKET_CATEGORY_LABELS.pt[ticket.category]}</dd>
        </div>
        <div>
          <dt>{t.priority}</dt>
          <dd>{TICKET_PRIORITY_LABELS.pt[ticket.priority]}</dd>
        </div>
        <div>
          <dt>{t.openedAt}</dt>
          <dd>{formatDateTime(ticket.createdAt)}</dd>
        </div>
      </dl>

      <h2>{t.thread}</h2>
      <ol className="support-thread">
        <li className="support-message support-message--customer">
          <p className="support-message__head">
            <strong>{ticket.reporterName}</strong> · {t.customer} · {formatDateTime(ticket.createdAt)}
          </p>
          <p className="support-message__body">{ticket.description}</p>
          <Files ticketId={ticket.id} files={ticket.attachments} />
        </li>
        {ticket.thread.map((message) => (
          <li key={message.id} className={`support-message support-message--${message.author}`}>
            <p className="support-message__head">
              <strong>{message.authorName}</strong> ·{" "}
              {message.author === "support" ? t.supportTeam : t.customer} ·{" "}
              {formatDateTime(message.createdAt)}
            </p>
            <p className="support-message__body">{message.body}</p>
            <Files ticketId={ticket.id} files={message.attachments} />
          </li>
        ))}
      </ol>

      {ticket.canReply ? (
        <Form method="post" className="support-reply" aria-labelledby="responder-titulo">
          <h2 id="responder-titulo">{t.reply}</h2>
          <div className="field">
            <label htmlFor="resposta" className="field__label">
              {t.replyLabel}
            </label>
            <textarea
              id="resposta"
              name="body"
              rows={6}
              ref={replyBox}
              aria-describedby={bodyError ? "resposta-erro resposta-dica" : "resposta-dica"}
              aria-invalid={bodyError ? true : undefined}
            />
            {bodyError && (
              <p id="resposta-erro" className="field__error" role="alert">
                {bodyError}
              </p>
            )}
            <p id="resposta-dica" className="field__hint">
              {t.replyHint}
            </p>
          </div>
          <button
            type="submit"
            name="intent"
            value="reply"
            className="button button--primary"
            disabled={busy}
          >
            {busy && navigation.formData?.get("intent") === "reply" ? t.sending : t.send}
          </button>
        </Form>
      ) : (
        <p className="banner banner--info">{t.resolvedNoReply}</p>
      )}

      <h2>{t.moveTitle}</h2>
      <Form method="post" className="lead-detail__actions">
        {staffMovesFrom(ticket.status).map((move) => (
          <button
            key={move}
            type="submit"
            name="intent"
            value={move}
            className={move === "resolve" ? "button button--primary" : "button button--outline"}
            disabled={busy}
          >
            {t.moves[move]}
          </button>
        ))}
      </Form>
    </section>
  );
}
