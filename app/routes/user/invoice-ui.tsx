import type { InvoiceStatus } from "@domain/billing/invoice-status.ts";
import { type InvoiceTexts, invoiceTexts } from "@domain/portal/invoice-texts.ts";
import { useEffect, useRef, useState } from "react";
import { Form, isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "./layout.tsx";

/** An invoice's status as a badge whose words carry the meaning (the colour only repeats them). */
export function InvoiceStatusBadge({ status, t }: { status: InvoiceStatus; t: InvoiceTexts }) {
  return <span className={`invoice-status invoice-status--${status}`}>{t.statuses[status]}</span>;
}

/** The path of an invoice's page (numbers are letters, digits, '.', '_', '-'; encoded all the same). */
export function invoicePath(number: string, rest = ""): string {
  return `/user/faturas/${encodeURIComponent(number)}${rest}`;
}

/**
 * The year filter of the invoices and NFS-e lists: a GET form (works without JavaScript), the years
 * the company has invoices in, and the one asked for even when it has none.
 */
export function YearFilter({
  action,
  years,
  year,
  t,
}: {
  action: string;
  years: number[];
  year: number | null;
  t: InvoiceTexts;
}) {
  const options = year !== null && !years.includes(year) ? [...years, year].sort((a, b) => b - a) : years;
  return (
    <Form method="get" action={action} className="invoice-filters" aria-label={t.list.filters}>
      <div className="field">
        <label htmlFor="ano" className="field__label">
          {t.list.year}
        </label>
        <select id="ano" name="ano" defaultValue={year === null ? "" : String(year)}>
          <option value="">{t.list.allYears}</option>
          {options.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--outline">
        {t.list.apply}
      </button>
    </Form>
  );
}

/**
 * A value to copy (Pix copia e cola, the boleto's line): selectable text that works without
 * JavaScript, and a copy button once the page runs it. The result is announced politely.
 */
export function CopyField({
  id,
  label,
  value,
  copyText,
  shown,
  rows,
  copyLabel,
  copiedText,
  failedText,
}: {
  /** The field's id (letters first: React's generated ids are not valid HTML ids). */
  id: string;
  label: string;
  /** What is shown in the field. */
  value: string;
  /** What the button copies (the boleto's digits without its dots and spaces), when not `value`. */
  copyText?: string;
  shown?: string;
  /** A text area of this many rows (a long code wraps; a one-line field would hide most of it). */
  rows?: number;
  copyLabel: string;
  copiedText: string;
  failedText: string;
}) {
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const [scripted, setScripted] = useState(false);
  const [result, setResult] = useState<"" | "copied" | "failed">("");
  useEffect(() => setScripted(true), []);
  const copy = async () => {
    const text = copyText ?? value;
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setResult("copied");
    } catch {
      // Without the Clipboard API (an http address other than localhost): the text is selected.
      field.current?.focus();
      field.current?.select();
      setResult("failed");
    }
  };
  return (
    <div className="field copy-field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="copy-field__row">
        {rows ? (
          <textarea
            id={id}
            ref={field}
            readOnly
            rows={rows}
            value={shown ?? value}
            spellCheck={false}
            className="copy-field__value copy-field__value--code"
            onFocus={(event) => event.currentTarget.select()}
          />
        ) : (
          <input
            id={id}
            ref={field}
            type="text"
            readOnly
            value={shown ?? value}
            spellCheck={false}
            className="copy-field__value"
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
        {scripted && (
          <button type="button" className="button button--primary copy-field__button" onClick={copy}>
            {copyLabel}
          </button>
        )}
      </div>
      <p className="copy-field__result" aria-live="polite">
        {result === "copied" ? copiedText : result === "failed" ? failedText : ""}
      </p>
    </div>
  );
}

/**
 * The invoices' 404 inside the portal: an invoice that does not exist or is another company's, and
 * every billing page for a role without access (plain members), say the same thing.
 */
export function InvoiceErrorBoundary({ kind }: { kind: "page" | "invoice" }) {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/user/layout");
  const t = invoiceTexts(layout?.language ?? "pt");
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="portal" aria-labelledby="nao-encontrado">
      <h1 id="nao-encontrado">{kind === "invoice" ? t.detail.notFoundTitle : t.unavailableTitle}</h1>
      <p>{kind === "invoice" ? t.detail.notFoundText : t.unavailableText}</p>
      <p>
        <Link
          to={kind === "invoice" ? "/user/faturas" : "/user/dashboard"}
          className="button button--primary"
        >
          {kind === "invoice" ? t.detail.back : t.dashboard}
        </Link>
      </p>
    </section>
  );
}
