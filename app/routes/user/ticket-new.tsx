import { portalTexts } from "@domain/portal/texts.ts";
import { TICKET_CATEGORIES, TICKET_LIMITS, TICKET_PRIORITIES } from "@domain/portal/tickets.ts";
import { refusalText } from "@domain/refusals.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import { ticketInputSchema } from "@server/portal/tickets.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Icon } from "~/components/Icon.tsx";
import type { Route } from "./+types/ticket-new";
import {
  type FieldErrors,
  fieldErrorsOf,
  hadFiles,
  readForm,
  sentFiles,
  textField,
} from "./ticket-form.server.ts";
import { AttachmentField, describedBy, ErrorSummary } from "./ticket-ui.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePortalMember(request, context);
  // Defaults another page may fill in (an invoice's 'Dúvida sobre esta fatura', decision 097): only
  // starting values of the form, checked like anything typed when it is sent.
  const query = new URL(request.url).searchParams;
  const category = query.get("categoria") ?? "";
  const defaults = {
    category: (TICKET_CATEGORIES as readonly string[]).includes(category) ? category : "",
    priority: "",
    subject: (query.get("assunto") ?? "").slice(0, TICKET_LIMITS.subject),
    description: (query.get("descricao") ?? "").slice(0, TICKET_LIMITS.description),
  };
  return data(
    { language: context.request.uiLanguage, defaults },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Opens a ticket from the multipart form: the fields are checked first (each message beside its
 * field), then TicketService checks the files by their content and stores everything at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const t = portalTexts(language);
  const form = await readForm(request, t);
  const values = {
    category: textField(form, "category") ?? "",
    priority: textField(form, "priority") ?? "",
    subject: textField(form, "subject") ?? "",
    description: textField(form, "description") ?? "",
  };
  const input = ticketInputSchema.safeParse({
    category: textField(form, "category"),
    priority: textField(form, "priority"),
    subject: textField(form, "subject"),
    description: textField(form, "description"),
  });
  if (!input.success) {
    const errors = fieldErrorsOf(input.error, t);
    return data({ errors, message: undefined, values, filesAgain: hadFiles(form) }, { status: 400 });
  }
  try {
    const ticket = await context.services.tickets.open(actor, input.data, await sentFiles(form));
    return redirect(`/user/suporte/${ticket.id}?aberto=1`);
  } catch (error) {
    if (!DomainError.is(error)) throw error;
    // What TicketService refuses once the fields passed is a file (said at the top and by the
    // field), or too many tickets at once (at the top).
    const errors: FieldErrors =
      error.kind === "rate-limited" ? {} : { attachments: refusalText(error, language) };
    return refusalAnswer(error, language, { errors, values, filesAgain: hadFiles(form) });
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = portalTexts(loaded?.language ?? "pt");
  return [{ title: `${t.tickets.newTitle} | Vértice` }, { name: "robots", content: "noindex" }];
}

const IDS = {
  category: "categoria",
  priority: "prioridade",
  subject: "assunto",
  description: "descricao",
  attachments: "anexos",
} as const;

/** A new support ticket (decision 094): category, priority, subject, description and files. */
export default function TicketNew({ loaderData, actionData }: Route.ComponentProps) {
  const t = portalTexts(loaderData.language);
  const busy = useNavigation().state === "submitting";
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? loaderData.defaults;
  const labels = {
    category: { id: `${IDS.category}-${TICKET_CATEGORIES[0]}`, label: t.tickets.category },
    priority: { id: `${IDS.priority}-media`, label: t.tickets.priority },
    subject: { id: IDS.subject, label: t.tickets.subject },
    description: { id: IDS.description, label: t.tickets.description },
    attachments: { id: IDS.attachments, label: t.tickets.attachments },
  };
  // A file refusal is the message at the top; the field repeats it, the summary does not.
  const summaryFields = actionData?.message ? { ...errors, attachments: undefined } : errors;
  return (
    <section className="portal ticket-new" aria-labelledby="novo-chamado-titulo">
      <p className="portal__back">
        <Link to="/user/suporte">← {t.tickets.back}</Link>
      </p>
      <h1 id="novo-chamado-titulo">{t.tickets.newTitle}</h1>
      <p>{t.tickets.newIntro}</p>
      <p className="banner banner--info ticket-hours">
        <Icon name="clock" size={20} /> <span>{t.tickets.hoursLong}</span>
      </p>
      <ErrorSummary
        message={actionData?.message}
        fields={summaryFields}
        labels={labels}
        title={t.tickets.fixFields}
      />
      <Form method="post" encType="multipart/form-data" className="portal-form ticket-form">
        <fieldset
          className={`field ticket-choice${errors.category ? " field--invalid" : ""}`}
          aria-describedby={errors.category ? `${IDS.category}-erro` : undefined}
        >
          <legend className="field__label">{t.tickets.category}</legend>
          {errors.category && (
            <p id={`${IDS.category}-erro`} className="field__error">
              {errors.category}
            </p>
          )}
          <div className="ticket-choice__options">
            {TICKET_CATEGORIES.map((category) => (
              <label key={category} className="ticket-choice__option">
                <input
                  id={`${IDS.category}-${category}`}
                  type="radio"
                  name="category"
                  value={category}
                  required
                  defaultChecked={values?.category === category}
                />
                <span>
                  <strong>{t.tickets.categories[category]}</strong>
                  <span className="ticket-choice__hint">{t.tickets.categoryHints[category]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset
          className={`field ticket-choice${errors.priority ? " field--invalid" : ""}`}
          aria-describedby={errors.priority ? `${IDS.priority}-erro` : undefined}
        >
          <legend className="field__label">{t.tickets.priority}</legend>
          {errors.priority && (
            <p id={`${IDS.priority}-erro`} className="field__error">
              {errors.priority}
            </p>
          )}
          <div className="ticket-choice__options ticket-choice__options--priority">
            {TICKET_PRIORITIES.map((priority) => (
              <label key={priority} className={`ticket-choice__option ticket-choice__option--${priority}`}>
                <input
                  id={`${IDS.priority}-${priority}`}
                  type="radio"
                  name="priority"
                  value={priority}
                  defaultChecked={(values?.priority || "media") === priority}
                />
                <span>
                  <strong>{t.tickets.priorities[priority]}</strong>
                  <span className="ticket-choice__hint">{t.tickets.priorityHints[priority]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className={`field${errors.subject ? " field--invalid" : ""}`}>
          <label htmlFor={IDS.subject} className="field__label">
            {t.tickets.subject}
          </label>
          <p id={`${IDS.subject}-dica`} className="field__hint">
            {t.tickets.subjectHint}
          </p>
          <input
            id={IDS.subject}
            type="text"
            name="subject"
            required
            minLength={5}
            maxLength={TICKET_LIMITS.subject}
            defaultValue={values?.subject}
            autoComplete="off"
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={describedBy(`${IDS.subject}-dica`, errors.subject && `${IDS.subject}-erro`)}
          />
          {errors.subject && (
            <p id={`${IDS.subject}-erro`} className="field__error">
              {errors.subject}
            </p>
          )}
        </div>

        <div className={`field${errors.description ? " field--invalid" : ""}`}>
          <label htmlFor={IDS.description} className="field__label">
            {t.tickets.description}
          </label>
          <p id={`${IDS.description}-dica`} className="field__hint">
            {t.tickets.descriptionHint}
          </p>
          <textarea
            id={IDS.description}
            name="description"
            rows={8}
            required
            minLength={10}
            maxLength={TICKET_LIMITS.description}
            defaultValue={values?.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy(
              `${IDS.description}-dica`,
              errors.description && `${IDS.description}-erro`,
            )}
          />
          {errors.description && (
            <p id={`${IDS.description}-erro`} className="field__error">
              {errors.description}
            </p>
          )}
        </div>

        <AttachmentField
          id={IDS.attachments}
          t={t}
          error={errors.attachments}
          filesAgain={actionData?.filesAgain}
        />

        <div className="ticket-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t.tickets.sending : t.tickets.submit}
          </button>
          <Link to="/user/suporte" className="button button--outline">
            {t.tickets.cancel}
          </Link>
        </div>
      </Form>
    </section>
  );
}
