import { formatBoletoLine, normaliseBoletoLine } from "@domain/billing/boleto.ts";
import { isPayable } from "@domain/billing/invoice-list.ts";
import { formatCentavos } from "@domain/billing/money.ts";
import { formatCompetence, formatDay } from "@domain/format.ts";
import { invoiceTexts } from "@domain/portal/invoice-texts.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { data, Link } from "react-router";
import { Icon } from "~/components/Icon.tsx";
import { QrCode } from "~/components/qr-code.tsx";
import type { Route } from "./+types/invoice";
import { notFoundPage } from "./invoice-download.server.ts";
import { CopyField, InvoiceErrorBoundary, InvoiceStatusBadge, invoicePath } from "./invoice-ui.tsx";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  const invoice = await context.services.customerInvoices
    .get(actor, params.number)
    .catch(notFoundPage(context.request.uiLanguage));
  return data(
    { language: context.request.uiLanguage, invoice },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = invoiceTexts(loaded?.language ?? "pt");
  const title = loaded?.invoice ? t.detail.title(loaded.invoice.number) : t.detail.notFoundTitle;
  return [{ title: `${title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/**
 * One invoice (decision 097): its facts and lines, how to pay it while it is to pay (Pix copia
 * e cola with its QR code, the boleto's digitable line, each with a copy button), its PDF and NFS-e,
 * and a support ticket of category Financeiro already filled in with it.
 */
export default function Invoice({ loaderData }: Route.ComponentProps) {
  const { language, invoice } = loaderData;
  const t = invoiceTexts(language);
  const d = t.detail;
  const day = (value: string) => formatDay(value, language);
  const money = (centavos: number) => formatCentavos(centavos, language);
  const competence = formatCompetence(invoice.competence, language);
  const toPay = isPayable(invoice.status);
  const question = new URLSearchParams({
    categoria: "financeiro",
    assunto: d.ticketSubject(invoice.number),
    descricao: d.ticketDescription(
      invoice.number,
      competence,
      money(invoice.amountCentavos),
      day(invoice.dueOn),
    ),
  });
  return (
    <section className="portal invoice" aria-labelledby="fatura-titulo">
      <p className="portal__back">
        <Link to="/user/faturas">← {d.back}</Link>
      </p>
      <header className="invoice__header">
        <h1 id="fatura-titulo">{d.title(invoice.number)}</h1>
        <InvoiceStatusBadge status={invoice.status} t={t} />
      </header>
      {invoice.status === "vencida" && (
        <p className="banner banner--warning invoice__notice">{d.overdue(day(invoice.dueOn))}</p>
      )}
      {invoice.status === "paga" && (
        <p className="banner banner--success invoice__notice">
          {invoice.paidOn ? d.paid(day(invoice.paidOn)) : d.paidNoDay}
        </p>
      )}
      {invoice.status === "cancelada" && (
        <p className="banner banner--info invoice__notice">{d.cancelledText}</p>
      )}

      <h2 className="visually-hidden">{d.facts}</h2>
      <dl className="invoice-facts">
        <div>
          <dt>{d.total}</dt>
          <dd className="invoice-facts__total">{money(invoice.amountCentavos)}</dd>
        </div>
        <div>
          <dt>{d.dueOn}</dt>
          <dd>{day(invoice.dueOn)}</dd>
        </div>
        <div>
          <dt>{d.competence}</dt>
          <dd>{competence}</dd>
        </div>
        <div>
          <dt>{d.issuedOn}</dt>
          <dd>{day(invoice.issuedOn)}</dd>
        </div>
        {invoice.paidOn && (
          <div>
            <dt>{d.paidOn}</dt>
            <dd>{day(invoice.paidOn)}</dd>
          </div>
        )}
      </dl>

      <div className="invoice__layout">
        <div className="invoice__main">
          {toPay && (
            <section className="invoice-pay" aria-labelledby="como-pagar">
              <h2 id="como-pagar">{d.payTitle}</h2>
              {invoice.pix && (
                <section className="invoice-pay__method" aria-labelledby="pix-titulo">
                  <h3 id="pix-titulo">{d.pixTitle}</h3>
                  <div className="invoice-pix">
                    <QrCode
                      id="pix-qr-titulo"
                      size={invoice.pix.qr.size}
                      path={invoice.pix.qr.path}
                      title={d.qr(invoice.number)}
                    />
                    <div className="invoice-pix__code">
                      <p className="invoice-pay__how">{d.pixHow}</p>
                      <CopyField
                        id="pix-codigo"
                        label={d.pixCode}
                        value={invoice.pix.code}
                        rows={6}
                        copyLabel={d.pixCopy}
                        copiedText={d.pixCopied}
                        failedText={d.copyFailed}
                      />
                    </div>
                  </div>
                </section>
              )}
              {invoice.boletoLine && (
                <section className="invoice-pay__method" aria-labelledby="boleto-titulo">
                  <h3 id="boleto-titulo">{d.boletoTitle}</h3>
                  <p className="invoice-pay__how">{d.boletoHow}</p>
                  <CopyField
                    id="boleto-linha"
                    label={d.boletoLine}
                    value={formatBoletoLine(invoice.boletoLine)}
                    rows={2}
                    copyText={normaliseBoletoLine(invoice.boletoLine)}
                    copyLabel={d.boletoCopy}
                    copiedText={d.boletoCopied}
                    failedText={d.copyFailed}
                  />
                </section>
              )}
              {!invoice.pix && !invoice.boletoLine && <p className="portal__empty">{d.noPayment}</p>}
            </section>
          )}

          <section className="invoice-lines" aria-labelledby="itens">
            <h2 id="itens">{d.lines}</h2>
            <table className="invoice-table">
              <thead>
                <tr>
                  <th scope="col">{d.description}</th>
                  <th scope="col" className="invoice-table__value">
                    {d.value}
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((line, i) => (
                  // Lines have no identity of their own: their place is theirs (they never move).
                  <tr key={i}>
                    <td>{line.description}</td>
                    <td className="invoice-table__value">{money(line.amountCentavos)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{d.total}</th>
                  <td className="invoice-table__value">{money(invoice.amountCentavos)}</td>
                </tr>
              </tfoot>
            </table>
          </section>
        </div>

        <aside className="invoice__aside">
          <section aria-labelledby="documentos">
            <h2 id="documentos">{d.documents}</h2>
            <ul className="invoice-files">
              <li>
                <a href={invoicePath(invoice.number, "/pdf")} download>
                  <Icon name="file-text" size={20} /> {d.pdf}
                </a>
              </li>
            </ul>
            <h3 className="invoice-files__title">{d.nfseTitle}</h3>
            {invoice.nfse ? (
              <>
                <p className="invoice-files__facts">
                  {d.nfseFacts(invoice.nfse.number, invoice.nfse.verificationCode)}
                </p>
                <ul className="invoice-files">
                  {invoice.nfse.pdf && (
                    <li>
                      <a href={invoicePath(invoice.number, "/nfse/pdf")} download>
                        <Icon name="file-text" size={20} /> {d.nfsePdf}
                      </a>
                    </li>
                  )}
                  {invoice.nfse.xml && (
                    <li>
                      <a href={invoicePath(invoice.number, "/nfse/xml")} download>
                        <Icon name="file-text" size={20} /> {d.nfseXml}
                      </a>
                    </li>
                  )}
                </ul>
              </>
            ) : (
              <p className="portal__meta">{d.nfseNone}</p>
            )}
          </section>
          <section className="invoice-help" aria-labelledby="duvida">
            <h2 id="duvida">{d.helpTitle}</h2>
            <p>{d.helpText}</p>
            <Link to={`/user/suporte/novo?${question}`} className="button button--outline">
              <Icon name="headset" size={20} /> {d.help}
            </Link>
          </section>
        </aside>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <InvoiceErrorBoundary kind="invoice" />;
}
