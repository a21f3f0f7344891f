import type { DomainParts, Platform } from "../wiring.ts";
import { CustomerInvoices } from "./customer-invoices.ts";
import { InvoiceReminders } from "./invoice-reminders.ts";
import { InvoiceService } from "./invoices.ts";

/**
 * Invoices (decisions 096, 097): what the vendor's billing system reports through its API, what the
 * portal shows the customer (PDF, Pix, NFS-e, a year's ZIP), and the reminders before and after due dates.
 */
export function buildBilling({ db, config, logger, worker, files, audit, seams }: Platform) {
  const invoiceReminders = new InvoiceReminders({
    db,
    logger,
    publicBaseUrl: config.publicBaseUrl,
    kick: () => void worker.kick(),
    now: seams.now,
  });
  const pix =
    config.PIX_KEY && config.PIX_MERCHANT_NAME && config.PIX_MERCHANT_CITY
      ? {
          key: config.PIX_KEY,
          merchantName: config.PIX_MERCHANT_NAME,
          merchantCity: config.PIX_MERCHANT_CITY,
        }
      : null;
  return {
    services: {
      /** Invoices from the vendor's billing system (its API) and staff. */
      invoices: new InvoiceService({ db, files: files.nfse, now: seams.now, audit }),
      /** A company's invoices as the portal shows them: list, PDF, Pix, NFS-e, a year's ZIP. */
      customerInvoices: new CustomerInvoices({ db, nfseFiles: files.nfse, pix, now: seams.now }),
      /** E-mails to the finance contacts before and after an invoice's due date, hourly under a lease. */
      invoiceReminders,
    },
    jobs: [invoiceReminders],
  } satisfies DomainParts<object>;
}
