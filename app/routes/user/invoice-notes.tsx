import { parseYear } from "@domain/billing/invoice-list.ts";
import { formatCompetence, formatDay } from "@domain/format.ts";
import { invoiceTexts } from "@domain/portal/invoice-texts.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { data, Link } from "react-router";
import { Icon } from "~/components/Icon.tsx";
import type { Route } from "./+types/invoice-notes";
import { notFoundPage } from "./invoice-download.server.ts";
import { InvoiceErrorBoundary, invoicePath, YearFilter } from "./invoice-ui.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, company } = await requirePortalMember(request, context);
  const year = parseYear(new URL(request.url).searchParams.get("ano"));
  const notes = await context.services.customerInvoices
    .notes(actor, { year })
    .catch(notFoundPage(context.request.uiLanguage));
  return data(
    { language: context.request.uiLanguage, companyName: company.tradeName || company.legalName, ...notes },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = invoiceTexts(loaded?.language ?? "pt");
  return [{ title: `${t.notes.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** The NFS-e files of the company's invoices (decision 097): PDF and XML of each, by year. */
export default function InvoiceNotes({ loaderData }: Route.ComponentProps) {
  const { language, companyName, items, years, year } = loaderData;
  const t = invoiceTexts(language);
  const n = t.notes;
  return (
    <section className="portal invoice-notes" aria-labelledby="notas-titulo">
      <p className="portal__back">
        <Link to="/user/faturas">← {n.back}</Link>
      </p>
      <header className="portal__header">
        <div>
          <h1 id="notas-titulo">{n.title}</h1>
          <p>{n.intro(companyName)}</p>
        </div>
      </header>

      {items.length === 0 && year === null ? (
        <div className="ticket-empty">
          <Icon name="file-text" size={40} className="ticket-empty__icon" />
          <h2>{n.emptyTitle}</h2>
          <p>{n.emptyText}</p>
        </div>
      ) : (
        <>
          <div className="invoice-tools">
            <YearFilter action="/user/faturas/notas" years={years} year={year} t={t} />
            {year !== null && items.length > 0 && (
              <a href={`/user/faturas/arquivo/${year}`} className="button button--primary" download>
                {t.list.archive(year)}
              </a>
            )}
          </div>
          <p className="portal__meta" role="status">
            {year !== null && items.length === 0 ? n.emptyYear(year) : n.count(items.length)}
          </p>
          {items.length > 0 && (
            <ul className="invoice-list">
              {items.map((note) => (
                <li key={note.invoiceNumber} className="invoice-row nfse-row">
                  <div className="invoice-row__main">
                    <p className="invoice-row__number">{n.note(note.nfseNumber)}</p>
                    <p className="invoice-row__meta">
                      <span>
                        <Link to={invoicePath(note.invoiceNumber)}>{n.ofInvoice(note.invoiceNumber)}</Link>
                      </span>
                      <span>{formatCompetence(note.competence, language)}</span>
                      <span>{formatDay(note.issuedOn, language)}</span>
                      {note.verificationCode && <span>{n.code(note.verificationCode)}</span>}
                    </p>
                  </div>
                  <div className="nfse-row__files">
                    {note.pdf && (
                      <a
                        href={invoicePath(note.invoiceNumber, "/nfse/pdf")}
                        className="button button--outline"
                        download
                        aria-label={n.pdfOf(note.invoiceNumber)}
                      >
                        {n.pdf}
                      </a>
                    )}
                    {note.xml && (
                      <a
                        href={invoicePath(note.invoiceNumber, "/nfse/xml")}
                        className="button button--outline"
                        download
                        aria-label={n.xmlOf(note.invoiceNumber)}
                      >
                        {n.xml}
                      </a>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <InvoiceErrorBoundary kind="page" />;
}
