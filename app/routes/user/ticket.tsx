import type { OfferedLanguage } from "@domain/languages.ts";
import { portalTexts } from "@domain/portal/texts.ts";
import { REOPEN_WINDOW_MS, TICKET_LIMITS } from "@domain/portal/tickets.ts";
import { refusalText } from "@domain/refusals.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import { replySchema } from "@server/portal/tickets.ts";
import { useEffect, useRef } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { ActionResult } from "~/components/ActionResult.tsx";
import { Icon } from "~/components/Icon.tsx";
import type { Route } from "./+types/ticket";
import type { loader as layoutLoader } from "./layout.tsx";
import {
  type FieldErrors,
  fieldErrorsOf,
  hadFiles,
  readForm,
  sentFiles,
  textField,
} from "./ticket-form.server.ts";
import { AttachmentField, AttachmentList, describedBy, StatusBadge, ticketFormat } from "./ticket-ui.tsx";

/** A ticket the person may not see answers exactly as one that does not exist: 404, never 403. */
function notFound(error: unknown, language: OfferedLanguage): never {
  if (DomainError.is(error, "not-found"))
    throw data({ message: refusalText(error, language) }, { status: 404 });
  throw error;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const ticket = await context.services.tickets
    .get(actor, params.id)
    .catch((error) => notFound(error, language));
  return data(
    {
      language,
      ticket,
      justOpened: new URL(request.url).searchParams.get("aberto") === "1",
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type Intent = "reply" | "resolve" | "reopen";

/** A reply (with files), resolving and reopening: each checked again by TicketService. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const t = portalTexts(language);
  const form = await readForm(request, t);
  const intent = textField(form, "intent");
  const { tickets } = context.services;
  const answer = (
    status: number,
    result: { ok: boolean; message: string; errors?: FieldErrors; filesAgain?: boolean },
  ) => data({ intent: intent as Intent | undefined, errors: {}, filesAgain: false, ...result }, { status });
  try {
    if (intent === "reply") {
      const body = replySchema.safeParse(textField(form, "body"));
      if (!body.success) {
        const errors = fieldErrorsOf(body.error, t, "body");
        return answer(400, {
          ok: false,
          message: errors.body ?? t.tickets.invalid,
          errors,
          filesAgain: hadFiles(form),
        });
      }
      const files = await sentFiles(form);
      await tickets.reply(actor, params.id, body.data, files);
      return answer(200, { ok: true, message: t.tickets.replySent });
    }
    if (intent === "resolve") {
      await tickets.resolve(actor, params.id);
      return answer(200, { ok: true, message: t.tickets.resolvedDone });
    }
    if (intent === "reopen") {
      await tickets.reopen(actor, params.id);
      return answer(200, { ok: true, message: t.tickets.reopened });
    }
    return answer(400, { ok: false, message: t.tickets.invalid });
  } catch (error) {
    if (!DomainError.is(error) || error.kind === "not-found") notFound(error, language);
    // A refused file belongs to the reply's file field; the rest (already resolved, too late to
    // reopen, too many at once) to the page.
    const onFiles = intent === "reply" && error.kind === "invalid";
    const errors: FieldErrors = onFiles ? { attachments: refusalText(error, language) } : {};
    return refusalAnswer(error, language, {
      intent: intent as Intent | undefined,
      errors,
      filesAgain: onFiles && hadFiles(form),
    });
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = portalTexts(loaded?.language ?? "pt");
  const subject = loaded?.ticket ? `${loaded.ticket.subject} (${loaded.ticket.protocol})` : t.tickets.title;
  return [{ title: `${subject} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** One ticket (decision 094): its facts, the conversation with support, and what the person can do next. */
export default function Ticket({ loaderData, actionData }: Route.ComponentProps) {
  const { language, ticket, justOpened } = loaderData;
  const t = portalTexts(language);
  const format = ticketFormat(language);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sendingIntent = busy ? navigation.formData?.get("intent") : null;
  const replyForm = useRef<HTMLFormElement>(null);
  const replied = actionData?.ok && actionData.intent === "reply";
  // A reply sent clears its form (without JavaScript the page comes back empty anyway).
  useEffect(() => {
    if (replied) replyForm.current?.reset();
  }, [replied, actionData]);
  const resolved = ticket.status === "resolvido";
  const reopenUntil = ticket.resolvedAt
    ? format.dateTime(new Date(Date.parse(ticket.resolvedAt) + REOPEN_WINDOW_MS).toISOString())
    : "";
  const replyErrors: FieldErrors = actionData?.intent === "reply" ? (actionData.errors ?? {}) : {};
  const opening = {
    id: "abertura",
    author: "customer" as const,
    authorName: ticket.reporterName,
    body: ticket.description,
    createdAt: ticket.createdAt,
    pending: !ticket.delivered,
    attachments: ticket.attachments,
  };

  return (
    <section className="portal ticket" aria-labelledby="chamado-titulo">
      <p className="portal__back">
        <Link to="/user/suporte">← {t.tickets.back}</Link>
      </p>
      {justOpened && (
        <p className="banner banner--success" role="status">
          {t.tickets.opened(ticket.protocol)}
        </p>
      )}
      <header className="ticket__header">
        <h1 id="chamado-titulo">{ticket.subject}</h1>
        <p className="ticket__ids">
          <StatusBadge status={ticket.status} t={t} />
          <span>
            {t.tickets.protocol} <strong>{ticket.protocol}</strong>
          </span>
          {ticket.trackerKey ? (
            <span>
              {t.tickets.jiraKey} <strong>{ticket.trackerKey}</strong>
            </span>
          ) : (
            <span className="ticket__queued">
              <Icon name="clock" size={16} /> {t.tickets.queued}
            </span>
          )}
        </p>
        {/* The facts beside the conversation, in one line where they fall below it (narrow screens). */}
        <p className="ticket__summary">
          <span>{t.tickets.categories[ticket.category]}</span>
          <span>{`${t.tickets.priority}: ${t.tickets.priorities[ticket.priority]}`}</span>
          <span>{t.tickets.openedByAt(ticket.reporterName, format.dateTime(ticket.createdAt))}</span>
        </p>
      </header>
      <ActionResult result={actionData && !replyErrors.body ? actionData : undefined} />

      <div className="ticket__layout">
        <div className="ticket__main">
          <h2 id="conversa">{t.tickets.conversation}</h2>
          <ol className="conversation">
            {[opening, ...ticket.messages].map((message) => {
              const support = message.author === "support";
              return (
                <li key={message.id} className={`message message--${message.author}`}>
                  <article aria-labelledby={`mensagem-${message.id}`}>
                    <header className="message__header">
                      <span className="message__avatar" aria-hidden="true">
                        {support ? (
                          <Icon name="headset" size={20} />
                        ) : (
                          (message.authorName.trim()[0] ?? "?").toUpperCase()
                        )}
                      </span>
                      <p id={`mensagem-${message.id}`} className="message__author">
                        <strong>{message.authorName}</strong>
                        {support && <span className="tag tag--support">{t.tickets.support}</span>}
                      </p>
                      <p className="message__time">
                        <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
                      </p>
                    </header>
                    <div className="message__body">{message.body}</div>
                    <AttachmentList
                      ticketId={ticket.id}
                      files={message.attachments}
                      t={t}
                      size={format.size}
                    />
                    {message.pending && (
                      <p className="message__pending">
                        <Icon name="clock" size={16} /> {t.tickets.pending}
                      </p>
                    )}
                  </article>
                </li>
              );
            })}
          </ol>

          {!resolved ? (
            <section className="ticket-reply" aria-labelledby="responder">
              <h2 id="responder">{t.tickets.replyTitle}</h2>
              <Form
                ref={replyForm}
                method="post"
                encType="multipart/form-data"
                className="portal-form ticket-form"
              >
                <input type="hidden" name="intent" value="reply" />
                <div className={`field${replyErrors.body ? " field--invalid" : ""}`}>
                  <label htmlFor="resposta" className="field__label">
                    {t.tickets.replyLabel}
                  </label>
                  <p id="resposta-dica" className="field__hint">
                    {t.tickets.replyHint}
                  </p>
                  <textarea
                    id="resposta"
                    name="body"
                    rows={5}
                    required
                    maxLength={TICKET_LIMITS.reply}
                    aria-invalid={replyErrors.body ? true : undefined}
                    aria-describedby={describedBy("resposta-dica", replyErrors.body && "resposta-erro")}
                  />
                  {replyErrors.body && (
                    <p id="resposta-erro" className="field__error" role="alert">
                      {replyErrors.body}
                    </p>
                  )}
                </div>
                <AttachmentField
                  id="anexos-resposta"
                  t={t}
                  error={replyErrors.attachments}
                  filesAgain={actionData?.intent === "reply" && actionData.filesAgain}
                />
                <div className="ticket-form__actions">
                  <button type="submit" className="button button--primary" disabled={busy}>
                    {sendingIntent === "reply" ? t.tickets.sending : t.tickets.sendReply}
                  </button>
                </div>
              </Form>
            </section>
          ) : ticket.canReopen ? (
            <div className="ticket-closure banner banner--info">
              <p>{t.tickets.reopenText(reopenUntil)}</p>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="reopen"
                  className="button button--outline"
                  disabled={busy}
                >
                  {sendingIntent === "reopen" ? t.tickets.sending : t.tickets.reopen}
                </button>
              </Form>
            </div>
          ) : (
            <div className="ticket-closure banner banner--info">
              <p>{t.tickets.closedText}</p>
              <p>{t.tickets.closedHint(ticket.protocol)}</p>
              <p>
                <Link to="/user/suporte/novo" className="button button--primary">
                  {t.tickets.openNew}
                </Link>
              </p>
            </div>
          )}
        </div>

        <aside className="ticket__aside" aria-labelledby="detalhes">
          <h2 id="detalhes">{t.tickets.details}</h2>
          <dl className="ticket-facts">
            <div>
              <dt>{t.tickets.status}</dt>
              <dd>
                <StatusBadge status={ticket.status} t={t} />
              </dd>
            </div>
            <div>
              <dt>{t.tickets.protocol}</dt>
              <dd>{ticket.protocol}</dd>
            </div>
            <div>
              <dt>{t.tickets.jiraKey}</dt>
              <dd>
                {ticket.trackerKey ?? (
                  <span className="ticket-facts__queued">
                    {t.tickets.queued}
                    <span className="ticket-facts__note">{t.tickets.queuedHint}</span>
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt>{t.tickets.category}</dt>
              <dd>{t.tickets.categories[ticket.category]}</dd>
            </div>
            <div>
              <dt>{t.tickets.priority}</dt>
              <dd className={`ticket-priority ticket-priority--${ticket.priority}`}>
                {t.tickets.priorities[ticket.priority]}
              </dd>
            </div>
            <div>
              <dt>{t.tickets.openedBy}</dt>
              <dd>{ticket.mine ? `${ticket.reporterName} (${t.tickets.you})` : ticket.reporterName}</dd>
            </div>
            <div>
              <dt>{t.tickets.openedAt}</dt>
              <dd>
                <time dateTime={ticket.createdAt}>{format.dateTime(ticket.createdAt)}</time>
              </dd>
            </div>
            {ticket.resolvedAt && (
              <div>
                <dt>{t.tickets.resolvedAt}</dt>
                <dd>
                  <time dateTime={ticket.resolvedAt}>{format.dateTime(ticket.resolvedAt)}</time>
                </dd>
              </div>
            )}
            <div>
              <dt>{t.tickets.lastActivity}</dt>
              <dd>
                <time dateTime={ticket.activityAt}>{format.dateTime(ticket.activityAt)}</time>
              </dd>
            </div>
          </dl>
          {ticket.canResolve && (
            <div className="ticket-resolve">
              <h3>{t.tickets.resolveTitle}</h3>
              <p>{t.tickets.resolveText}</p>
              <Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm(t.tickets.confirmResolve)) event.preventDefault();
                }}
              >
                <button
                  type="submit"
                  name="intent"
                  value="resolve"
                  className="button button--outline"
                  disabled={busy}
                >
                  {sendingIntent === "resolve" ? t.tickets.sending : t.tickets.resolve}
                </button>
              </Form>
            </div>
          )}
        </aside>
      </div>
    </section>
  );
}

/**
 * "Chamado não encontrado" inside the portal (a 404: another person's ticket is not found either);
 * a post the browser could not have sent (400) says so; anything else goes to the root's page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/user/layout");
  const t = portalTexts(layout?.language ?? "pt");
  if (!isRouteErrorResponse(error)) throw error;
  const missing = error.status === 404;
  return (
    <section className="portal" aria-labelledby="nao-encontrado">
      <h1 id="nao-encontrado">{missing ? t.tickets.notFoundTitle : t.tickets.invalid}</h1>
      {missing && <p>{t.tickets.notFoundText}</p>}
      <p>
        <Link to="/user/suporte" className="button button--primary">
          {t.tickets.back}
        </Link>
      </p>
    </section>
  );
}
