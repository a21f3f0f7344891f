import { addDays, daysBetween, saoPauloDay } from "@domain/billing/dates.ts";
import { formatCentavos } from "@domain/billing/money.ts";
import { formatDay } from "@domain/format.ts";
import { and, between, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { ReminderKind } from "../db/enums.ts";
import { companies, deliveryJobs, invoiceReminders, invoices, users } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { PeriodicJob } from "../platform/jobs/periodic-job.ts";
import { MAX_JOB_ATTEMPTS } from "../platform/outbox/retry-policy.ts";
import { languageOf } from "../portal/ticket-mail.ts";

export const REMINDER_TASK = "invoice-reminders";
/** How often the reminders are looked for: each due day is seen many times, each reminder queued once. */
export const REMINDER_INTERVAL_MS = 3600_000;
/** A run holds its lease this long at most (a stalled instance's lease runs out, another takes over). */
export const REMINDER_LEASE_MS = 10 * 60_000;
/** The reminder before the due date is sent this many days before it. */
export const BEFORE_DUE_DAYS = 3;
/**
 * Days missed (every instance stopped) are caught up: a reminder before the due date until the day
 * before it, an overdue one up to this many days after the due date, and none for older invoices
 * (the first start with reminders does not mail every invoice ever left open).
 */
export const OVERDUE_CATCH_UP_DAYS = 7;

export type { ReminderKind };

/**
 * Which reminder an open invoice due on `dueOn` is owed on São Paulo's day `today`: 'before-due'
 * from 3 days before the due date, 'overdue' from the day after it; null on the due date itself and
 * outside the catch-up windows. Each kind is queued once (invoice_reminders), so a later day of the
 * same window sends nothing more.
 */
export function reminderDue(dueOn: string, today: string): ReminderKind | null {
  const daysLeft = daysBetween(today, dueOn);
  if (daysLeft >= 1 && daysLeft <= BEFORE_DUE_DAYS) return "before-due";
  if (daysLeft <= -1 && daysLeft >= -OVERDUE_CATCH_UP_DAYS) return "overdue";
  return null;
}

type Language = "pt" | "en";

interface ReminderFacts {
  number: string;
  company: string;
  amountCentavos: number;
  dueOn: string;
  daysLeft: number;
  link: string;
}

const words = {
  pt: {
    beforeSubject: (f: ReminderFacts) => `Fatura ${f.number} vence em ${formatDay(f.dueOn, "pt")}`,
    beforeText: (name: string, f: ReminderFacts) =>
      `Olá, ${name}.\n\nA fatura ${f.number} de ${f.company}, no valor de ${formatCentavos(f.amountCentavos, "pt")}, vence em ${formatDay(f.dueOn, "pt")} (${f.daysLeft === 1 ? "amanhã" : `em ${f.daysLeft} dias`}).\n\nVeja a fatura, pague por Pix ou boleto e baixe a nota fiscal no Portal do Cliente:\n${f.link}\n\nSe já pagou, desconsidere este aviso.`,
    overdueSubject: (f: ReminderFacts) => `Fatura ${f.number} venceu em ${formatDay(f.dueOn, "pt")}`,
    overdueText: (name: string, f: ReminderFacts) =>
      `Olá, ${name}.\n\nA fatura ${f.number} de ${f.company}, no valor de ${formatCentavos(f.amountCentavos, "pt")}, venceu em ${formatDay(f.dueOn, "pt")} e ainda consta em aberto.\n\nPague por Pix ou boleto no Portal do Cliente:\n${f.link}\n\nSe já pagou, desconsidere este aviso. Dúvidas sobre a fatura: abra um chamado no portal.`,
    footer:
      "\n\nVocê recebe este aviso como contato financeiro da empresa no Portal do Cliente. Este é um e-mail automático: para responder, use o portal.\n\nVértice",
  },
  en: {
    beforeSubject: (f: ReminderFacts) => `Invoice ${f.number} is due ${formatDay(f.dueOn, "en")}`,
    beforeText: (name: string, f: ReminderFacts) =>
      `Hello, ${name}.\n\nInvoice ${f.number} of ${f.company}, amounting to ${formatCentavos(f.amountCentavos, "en")}, is due ${formatDay(f.dueOn, "en")} (${f.daysLeft === 1 ? "tomorrow" : `in ${f.daysLeft} days`}).\n\nSee the invoice, pay by Pix or boleto and download the tax document in the Customer Portal:\n${f.link}\n\nIf you have already paid, please ignore this notice.`,
    overdueSubject: (f: ReminderFacts) => `Invoice ${f.number} was due ${formatDay(f.dueOn, "en")}`,
    overdueText: (name: string, f: ReminderFacts) =>
      `Hello, ${name}.\n\nInvoice ${f.number} of ${f.company}, amounting to ${formatCentavos(f.amountCentavos, "en")}, was due ${formatDay(f.dueOn, "en")} and is still open.\n\nPay by Pix or boleto in the Customer Portal:\n${f.link}\n\nIf you have already paid, please ignore this notice. Questions about the invoice: open a ticket in the portal.`,
    footer:
      "\n\nYou get this notice as your company's finance contact in the Customer Portal. This is an automatic e-mail: to reply, use the portal.\n\nVértice",
  },
} as const;

/** The e-mail of one reminder to one person, in their language: a link to the invoice, never the Pix code. */
export function reminderMail(
  kind: ReminderKind,
  person: { name: string; email: string; language: Language },
  facts: ReminderFacts,
): { to: string; subject: string; text: string } {
  const w = words[person.language];
  return kind === "before-due"
    ? { to: person.email, subject: w.beforeSubject(facts), text: w.beforeText(person.name, facts) + w.footer }
    : {
        to: person.email,
        subject: w.overdueSubject(facts),
        text: w.overdueText(person.name, facts) + w.footer,
      };
}

export interface InvoiceRemindersOptions {
  db: Database;
  logger: Logger;
  publicBaseUrl: string;
  intervalMs?: number;
  /** Wakes the delivery worker after reminders were queued. */
  kick?: () => void;
  now?: () => Date;
}

/**
 * Invoice reminders by e-mail (decision 097): 3 days before the due date and the day after it passes
 * (São Paulo's days), to the company's finance contacts: its active members with the finance role,
 * or its owners when it has none. Every hour, on one instance at a time (a lease in
 * scheduled_tasks); each reminder is written to invoice_reminders with its e-mails (jobs of the
 * outbox) in one transaction, and a reminder already written is never queued again: exactly once,
 * even if two instances ran at the same moment.
 */
export class InvoiceReminders {
  private readonly job: PeriodicJob<{ queued: number }>;

  constructor(private readonly options: InvoiceRemindersOptions) {
    this.job = new PeriodicJob({
      db: options.db,
      name: REMINDER_TASK,
      leaseMs: REMINDER_LEASE_MS,
      intervalMs: options.intervalMs ?? REMINDER_INTERVAL_MS,
      logger: options.logger,
      failureMessage: "invoice reminders failed; tried again next time",
      ...(options.now ? { now: options.now } : {}),
      work: async (startedAt) => {
        const queued = await this.queueDue(startedAt);
        if (queued > 0) {
          this.options.logger.info({ reminders: queued }, "invoice reminders queued");
          this.options.kick?.();
        }
        return { queued };
      },
    });
  }

  get schedule() {
    return this.job.schedule;
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One run, unless another instance (or this one) holds the lease: then null. */
  run(): Promise<{ queued: number } | null> {
    return this.job.run();
  }

  /** Queues every reminder owed today that was not queued yet; answers how many. */
  private async queueDue(now: Date): Promise<number> {
    const { db } = this.options;
    const today = saoPauloDay(now);
    const candidates = await db
      .select({
        id: invoices.id,
        number: invoices.number,
        companyId: invoices.companyId,
        dueOn: invoices.dueOn,
        amountCentavos: invoices.amountCentavos,
        legalName: companies.legalName,
        tradeName: companies.tradeName,
      })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(
        and(
          eq(invoices.status, "open"),
          between(invoices.dueOn, addDays(today, -OVERDUE_CATCH_UP_DAYS), addDays(today, BEFORE_DUE_DAYS)),
        ),
      )
      .orderBy(invoices.dueOn);
    let queued = 0;
    for (const invoice of candidates) {
      const kind = reminderDue(invoice.dueOn, today);
      if (!kind) continue;
      const sent = await db.transaction(async (tx) => {
        // The reminder's row first: another instance that wrote it already wins, and nothing is queued twice.
        const written = await tx
          .insert(invoiceReminders)
          .values({ invoiceId: invoice.id, kind, queuedAt: now })
          .onConflictDoNothing()
          .returning({ invoiceId: invoiceReminders.invoiceId });
        if (written.length === 0) return false;
        const people = await financeContacts(tx, invoice.companyId);
        const facts: ReminderFacts = {
          number: invoice.number,
          company: invoice.tradeName || invoice.legalName,
          amountCentavos: invoice.amountCentavos,
          dueOn: invoice.dueOn,
          daysLeft: daysBetween(today, invoice.dueOn),
          link: `${this.options.publicBaseUrl.replace(/\/+$/, "")}/user/faturas/${encodeURIComponent(invoice.number)}`,
        };
        if (people.length > 0)
          await tx.insert(deliveryJobs).values(
            people.map((person) => ({
              kind: "mail" as const,
              payload: reminderMail(kind, person, facts),
              maxAttempts: MAX_JOB_ATTEMPTS.mail,
              runAt: now,
            })),
          );
        else
          this.options.logger.warn(
            { invoice: invoice.number, kind },
            "invoice reminder without anyone to tell: the company has no active finance member or owner",
          );
        return true;
      });
      if (sent) queued++;
    }
    return queued;
  }
}

/**
 * Whom a company's invoice reminders go to: its active members with the finance role; when it has
 * none, its active owners (who see the invoices too). Admins are not mailed: they may not be the
 * ones who pay.
 */
export async function financeContacts(
  db: Database,
  companyId: string,
): Promise<{ name: string; email: string; language: Language }[]> {
  const rows = await db
    .select({ name: users.name, email: users.email, role: users.companyRole, preferences: users.preferences })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(users.companyRole, ["finance", "owner"]),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(users.email);
  const finance = rows.filter((row) => row.role === "finance");
  return (finance.length > 0 ? finance : rows.filter((row) => row.role === "owner")).map((row) => ({
    name: row.name,
    email: row.email,
    language: languageOf(row.preferences),
  }));
}
