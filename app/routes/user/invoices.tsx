import { isPayable, parseYear } from "@domain/billing/invoice-list.ts";
import { formatCentavos } from "@domain/billing/money.ts";
import { formatCompetence, formatDay } from "@domain/format.ts";
import { type InvoiceTexts, invoiceTexts } from "@domain/portal/invoice-texts.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { data, Link } from "react-router";
import { Icon } from "~/components/Icon.tsx";
import type { Route } from "./+types/invoices";
import { notFoundPage } from "./invoice-download.server.ts";
import { InvoiceErrorBoundary, InvoiceStatusBadge, invoicePath, YearFilter } from "./invoice-ui.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, company } = await requirePortalMember(request, context);
  const year = parseYear(new URL(request.url).searchParams.get("ano"));
  const list = await context.services.customerInvoices
    .list(actor, { year })
    .catch(notFoundPage(context.request.uiLanguage));
  return data(
    { language: context.request.uiLanguage, companyName: company.tradeName || company.legalName, ...list },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = invoiceTexts(loaded?.language ?? "pt");
  return [{ title: `${t.list.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

function InvoiceRow({ invoice, t, language }: { invoice: Item; t: InvoiceTexts; language: "pt" | "en" }) {
  const day = (value: string) => formatDay(value, language);
  const when =
    invoice.status === "paga"
      ? invoice.paidOn
        ? t.list.paidOn(day(invoice.paidOn))
        : t.statuses.paga
      : invoice.status === "cancelada"
        ? t.list.cancelled
        : invoice.status === "vencida"
          ? t.list.overdueSince(day(invoice.dueOn))
          : t.list.dueOn(day(invoice.dueOn));
  return (
    <li className={`invoice-row invoice-row--${invoice.status}`}>
      <div className="invoice-row__main">
        <p className="invoice-row__number">
          <Link to={invoicePath(invoice.number)}>{t.list.invoice(invoice.number)}</Link>
        </p>
        <p className="invoice-row__meta">
          <span>
            <span className="visually-hidden">{t.list.competence}: </span>
            {formatCompetence(invoice.competence, language)}
          </span>
          <span className={invoice.status === "vencida" ? "invoice-row__late" : undefined}>{when}</span>
          {invoice.hasNfse && <span>{t.list.nfse}</span>}
        </p>
      </div>
      <div className="invoice-row__side">
        <p className="invoice-row__amount">
          <span className="visually-hidden">{t.list.amount}: </span>
          {formatCentavos(invoice.amountCentavos, language)}
        </p>
        <InvoiceStatusBadge status={invoice.status} t={t} />
      </div>
    </li>
  );
}

/**
 * The company's invoices (decision 097), for owners, admins and finance: what is to pay first,
 * then the history; a competence year filter and that year's ZIP for the accountant.
 */
export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { language, companyName, items, years, year } = loaderData;
  const t = invoiceTexts(language);
  const toPay = items.filter((invoice) => isPayable(invoice.status));
  const history = items.filter((invoice) => !isPayable(invoice.status));
  const none = items.length === 0 && year === null;
  return (
    <section className="portal invoices" aria-labelledby="faturas-titulo">
      <header className="portal__header">
        <div>
          <h1 id="faturas-titulo">{t.list.title}</h1>
          <p>{t.list.intro(companyName)}</p>
        </div>
        <Link to="/user/faturas/notas" className="button button--outline">
          <Icon name="file-text" size={20} /> {t.list.notesLink}
        </Link>
      </header>

      {none ? (
        <div className="ticket-empty">
          <Icon name="receipt" size={40} className="ticket-empty__icon" />
          <h2>{t.list.emptyTitle}</h2>
          <p>{t.list.emptyText(companyName)}</p>
        </div>
      ) : (
        <>
          <div className="invoice-tools">
            <YearFilter action="/user/faturas" years={years} year={year} t={t} />
            {year !== null && items.length > 0 ? (
              <div className="invoice-archive">
                <h2 className="invoice-archive__title">{t.list.archiveTitle(year)}</h2>
                <p>{t.list.archiveText(year)}</p>
                <a href={`/user/faturas/arquivo/${year}`} className="button button--primary" download>
                  {t.list.archive(year)}
                </a>
              </div>
            ) : (
              <p className="portal__meta invoice-tools__hint">{t.list.archiveHint}</p>
            )}
          </div>

          <p className="portal__meta" role="status">
            {year !== null && items.length === 0 ? t.list.emptyYear(year) : t.list.count(items.length)}
          </p>

          {items.length > 0 && (
            <>
              <section aria-labelledby="a-pagar" className="invoice-group">
                <h2 id="a-pagar">{t.list.toPay}</h2>
                {toPay.length === 0 ? (
                  <p className="portal__empty">{t.list.nothingToPay}</p>
                ) : (
                  <>
                    <p className="portal__meta">{t.list.toPayHint}</p>
                    <ul className="invoice-list">
                      {toPay.map((invoice) => (
                        <InvoiceRow key={invoice.number} invoice={invoice} t={t} language={language} />
                      ))}
                    </ul>
                  </>
                )}
              </section>
              {history.length > 0 && (
                <section aria-labelledby="historico" className="invoice-group">
                  <h2 id="historico">{t.list.history}</h2>
                  <ul className="invoice-list">
                    {history.map((invoice) => (
                      <InvoiceRow key={invoice.number} invoice={invoice} t={t} language={language} />
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <InvoiceErrorBoundary kind="page" />;
}
