import { formatCentavos, formatDay } from "@domain/format.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { landingTexts } from "@domain/portal/landing-texts.ts";
import type { CompanyLanding } from "@server/portal/landing.ts";
import { Link } from "react-router";

/**
 * A customer's company on their landing after signing in (/dashboard, decision 116): what waits for
 * them (tickets, the next invoice) and the way into each part of the portal their role may open.
 */
export function CompanyLandingCard({
  company,
  language,
}: {
  company: CompanyLanding;
  language: OfferedLanguage;
}) {
  const t = landingTexts(language);
  const { invoice } = company;
  return (
    <section className="card company-landing" aria-labelledby="empresa-titulo">
      <header className="company-landing__header">
        <div>
          <h2 id="empresa-titulo">{t.title}</h2>
          <p className="company-landing__name">
            <strong>{company.name}</strong>
            {company.plan && <> · {t.plan(company.plan)}</>}
          </p>
        </div>
        <Link to="/user/dashboard" className="button button--primary">
          {t.openPortal}
        </Link>
      </header>
      <div className="company-landing__parts">
        <article aria-labelledby="empresa-suporte">
          <h3 id="empresa-suporte">{t.tickets}</h3>
          <p>
            {t.ticketsOpen(company.tickets.open)}
            {company.tickets.unread > 0 && <> {t.ticketsUnread(company.tickets.unread)}</>}
          </p>
          <p className="company-landing__links">
            <Link to="/user/suporte">{t.seeTickets}</Link>
            <Link to="/user/suporte/novo">{t.newTicket}</Link>
          </p>
        </article>
        {company.may.billing && (
          <article aria-labelledby="empresa-faturas">
            <h3 id="empresa-faturas">{t.invoices}</h3>
            <p>
              {invoice
                ? (invoice.overdue ? t.overdueInvoice : t.nextInvoice)(
                    formatCentavos(invoice.amountCentavos),
                    formatDay(invoice.dueOn, language),
                  )
                : t.noInvoice}
            </p>
            <p className="company-landing__links">
              {invoice && (
                <Link to={`/user/faturas/${encodeURIComponent(invoice.number)}`}>{t.payInvoice}</Link>
              )}
              <Link to="/user/faturas">{t.seeInvoices}</Link>
            </p>
          </article>
        )}
        <article aria-labelledby="empresa-mais">
          <h3 id="empresa-mais">{t.more}</h3>
          <p className="company-landing__links">
            <Link to="/user/plano">{t.planDetails}</Link>
            {company.may.people && <Link to="/user/usuarios">{t.people}</Link>}
            {company.may.integrations && <Link to="/user/integracoes">{t.integrations}</Link>}
          </p>
        </article>
      </div>
    </section>
  );
}
