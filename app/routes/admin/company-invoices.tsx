import { formatBoletoLine } from "@domain/billing/boleto.ts";
import { addDays, saoPauloDay } from "@domain/billing/dates.ts";
import { type InvoiceInput, parseReais } from "@domain/billing/invoice-input.ts";
import { INVOICE_STATUS_LABELS, invoiceStatus } from "@domain/billing/invoice-status.ts";
import { formatCentavos, formatCnpjForDisplay, formatCompetence, formatDay } from "@domain/format.ts";
import { refusalText } from "@domain/refusals.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { invoiceAdminTexts as t } from "~/admin/billing-texts.ts";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/company-invoices";

/** The API's field names as staff read them in a refusal. */
const FIELD_LABELS: Record<string, string> = {
  number: t.number,
  competence: t.competence,
  issuedOn: t.issuedOn,
  dueOn: t.dueOn,
  amountCentavos: t.amount,
  lines: t.lines,
  boletoLine: t.boletoLine,
  paidOn: t.paidOn,
  status: t.status,
};

function refusalMessage(error: DomainError): string {
  const fields = error.details?.fieldErrors as Record<string, string> | undefined;
  if (!fields) return refusalText(error, "pt");
  return Object.entries(fields)
    .map(([field, message]) => {
      const [head, ...rest] = field.split(".");
      const label = FIELD_LABELS[head ?? ""] ?? field;
      return `${rest.length ? `${label} (${rest.join(".")})` : label}: ${message}`;
    })
    .join(" ");
}

async function companyOf(request: Request, id: string, context: Route.LoaderArgs["context"]) {
  const admin = await requireAdminScreen(request, context, "companyInvoices");
  const company = await context.services.companies.get(id);
  if (!company) throw data({ message: t.notFound }, { status: 404 });
  return { admin, company };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { company } = await companyOf(request, params.id, context);
  const invoices = await context.services.invoices.listForCompany(company.id);
  const now = new Date();
  const today = saoPauloDay(now);
  return data(
    {
      company: { id: company.id, cnpj: company.cnpj, legalName: company.legalName },
      invoices: invoices.map((invoice) => ({
        ...invoice,
        shownStatus: invoiceStatus(invoice, now),
      })),
      today,
      defaults: { competence: today.slice(0, 7), issuedOn: today, dueOn: addDays(today, 10) },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * The form's lines, "description; amount in reais" one a line (a discount may be negative), as
 * invoice lines in centavos; a line that is not one names its position.
 */
function parseLines(
  text: string,
): { lines: { description: string; amountCentavos: number }[] } | { bad: number } {
  const lines: { description: string; amountCentavos: number }[] = [];
  const rows = text.split(/\r?\n/).filter((row) => row.trim());
  for (const [index, row] of rows.entries()) {
    const cut = row.lastIndexOf(";");
    const description = row.slice(0, cut).trim();
    const amount = row.slice(cut + 1).trim();
    const negative = amount.startsWith("-");
    const centavos = cut > 0 ? parseReais(negative ? amount.slice(1) : amount) : null;
    if (!description || centavos === null) return { bad: index + 1 };
    lines.push({ description, amountCentavos: negative ? -centavos : centavos });
  }
  return { lines };
}

/** Staff create an invoice of this company, or mark one of its open invoices paid or cancelled. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin, company } = await companyOf(request, params.id, context);
  const form = Object.fromEntries(await request.formData());
  const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const { invoices } = context.services;
  try {
    if (field("intent") === "create") {
      const parsed = parseLines(field("lines"));
      if ("bad" in parsed) return { ok: false, message: t.lineInvalid(parsed.bad) };
      const input: InvoiceInput = {
        number: field("number"),
        cnpj: company.cnpj,
        competence: field("competence"),
        issuedOn: field("issuedOn"),
        dueOn: field("dueOn"),
        amountCentavos: parsed.lines.reduce((sum, line) => sum + line.amountCentavos, 0),
        lines: parsed.lines,
        boletoLine: field("boletoLine") || null,
      };
      const { invoice, created } = await invoices.createAsStaff(admin, input);
      if (!created)
        return {
          ok: false,
          message:
            invoice.cnpj === company.cnpj ? t.existed(invoice.number) : t.existedElsewhere(invoice.number),
        };
      return { ok: true, message: t.created(invoice.number), created: invoice.number };
    }
    const intent = field("intent");
    if (intent !== "paid" && intent !== "cancel") return { ok: false, message: t.unknownIntent };
    // Only this company's invoices are changed from its page.
    const target = await invoices.find(field("invoice"));
    if (!target || target.cnpj !== company.cnpj) throw data({ message: t.notFound }, { status: 404 });
    const { invoice } = await invoices.setStatusAsStaff(
      admin,
      target.number,
      intent === "paid" ? { status: "paid", paidOn: field("paidOn") } : { status: "cancelled" },
    );
    return { ok: true, message: intent === "paid" ? t.paid(invoice.number) : t.cancelled(invoice.number) };
  } catch (error) {
    if (DomainError.is(error)) return { ok: false, message: refusalMessage(error) };
    throw error;
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `${loaded ? t.title(loaded.company.legalName) : t.link} | Vértice` },
    { name: "robots", content: "noindex" },
  ];
}

/** A company's invoices: what billing sent and staff created, with the actions on open ones. */
export default function CompanyInvoices({ loaderData, actionData }: Route.ComponentProps) {
  const { company, invoices, today, defaults } = loaderData;
  const busy = useNavigation().state === "submitting";
  const labels = INVOICE_STATUS_LABELS.pt;
  const createdNumber = actionData && "created" in actionData ? actionData.created : undefined;
  return (
    <section aria-labelledby="faturas-titulo">
      <p>
        <Link to={`/admin/empresas/${company.id}`}>← {t.back}</Link>
      </p>
      <h1 id="faturas-titulo">{t.title(company.legalName)}</h1>
      <p>
        CNPJ {formatCnpjForDisplay(company.cnpj)}. {t.intro}
      </p>
      <ActionResult result={actionData} />

      {invoices.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="faturas-titulo">
            <thead>
              <tr>
                <th scope="col">{t.number}</th>
                <th scope="col">{t.competence}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.dueOn}</th>
                <th scope="col">{t.status}</th>
                <th scope="col" className="nowrap">
                  {t.nfse}
                </th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.number}>
                  <td>
                    {invoice.number}
                    <span className="admin-table__sub">
                      {t.source}: {invoice.source}
                    </span>
                    {invoice.boletoLine && (
                      <span className="admin-table__sub">
                        {t.boleto}: {formatBoletoLine(invoice.boletoLine)}
                      </span>
                    )}
                  </td>
                  <td>{formatCompetence(invoice.competence)}</td>
                  <td className="nowrap">{formatCentavos(invoice.amountCentavos)}</td>
                  <td className="nowrap">{formatDay(invoice.dueOn)}</td>
                  <td>
                    {labels[invoice.shownStatus]}
                    {invoice.paidOn && <span className="admin-table__sub">{formatDay(invoice.paidOn)}</span>}
                  </td>
                  <td>{invoice.nfse ? invoice.nfse.number : t.noNfse}</td>
                  <td className="invoice-actions">
                    {invoice.status === "open" && (
                      <>
                        <Form method="post" className="invoice-actions__paid">
                          <input type="hidden" name="invoice" value={invoice.number} />
                          <label className="visually-hidden" htmlFor={`pago-${invoice.number}`}>
                            {t.paidOn}
                          </label>
                          <input
                            id={`pago-${invoice.number}`}
                            type="date"
                            name="paidOn"
                            required
                            max={today}
                            defaultValue={today}
                          />
                          <button
                            type="submit"
                            name="intent"
                            value="paid"
                            className="button button--outline"
                            disabled={busy}
                          >
                            {t.markPaid}
                          </button>
                        </Form>
                        <details className="confirm-action">
                          <summary className="button button--outline">{t.cancel}</summary>
                          <Form method="post">
                            <input type="hidden" name="invoice" value={invoice.number} />
                            <p>{t.cancelConfirm(invoice.number)}</p>
                            <button
                              type="submit"
                              name="intent"
                              value="cancel"
                              className="button button--primary"
                              disabled={busy}
                            >
                              {t.cancelNow}
                            </button>
                          </Form>
                        </details>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="criar-fatura">{t.create}</h2>
      <p id="linhas-dica">{t.createHint}</p>
      <Form
        method="post"
        className="inbox-filters invoice-form"
        aria-labelledby="criar-fatura"
        // A new, empty form after each invoice created; kept as typed after a refusal.
        key={createdNumber ?? "nova"}
      >
        <label className="field">
          <span className="field__label">{t.number}</span>
          <input type="text" name="number" required maxLength={60} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field__label">{t.competence}</span>
          <input type="month" name="competence" required defaultValue={defaults.competence} />
        </label>
        <label className="field">
          <span className="field__label">{t.issuedOn}</span>
          <input type="date" name="issuedOn" required defaultValue={defaults.issuedOn} />
        </label>
        <label className="field">
          <span className="field__label">{t.dueOn}</span>
          <input type="date" name="dueOn" required defaultValue={defaults.dueOn} />
        </label>
        <label className="field">
          <span className="field__label">{t.lines}</span>
          <textarea name="lines" required rows={3} maxLength={20000} aria-describedby="linhas-dica" />
        </label>
        <label className="field">
          <span className="field__label">{t.boletoLine}</span>
          <input type="text" name="boletoLine" maxLength={80} inputMode="numeric" autoComplete="off" />
        </label>
        <button type="submit" name="intent" value="create" className="button button--primary" disabled={busy}>
          {t.create}
        </button>
      </Form>
    </section>
  );
}
