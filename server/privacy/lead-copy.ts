import { VISITOR_ID } from "@domain/consent/choice.ts";
import { formatDayAtTime } from "@domain/format.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { OFFERED_LANGUAGES } from "@domain/languages.ts";
import { z } from "@domain/zod.ts";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { consentRecords, deliveryJobs, leads } from "../db/schema.ts";
import { leadsOfAddress } from "../leads/erasure.ts";
import { simulatedKey } from "../leads/protocol.ts";
import type { MailMessage } from "../platform/mail/message.ts";
import { MAX_JOB_ATTEMPTS } from "../platform/outbox/retry-policy.ts";
import type { JobRow } from "../platform/outbox/worker.ts";
import type { Signer } from "../secrets.ts";
import { leadCopyMailTexts } from "./lead-copy-texts.ts";

/**
 * A visitor's copy of their leads (LGPD art. 18 II and V; decision 111). Anyone may ask
 * by the e-mail they used; the answer is the same whether or not that address sent us anything.
 * The copy goes only to the address itself, after a signed, expiring confirmation link sent there:
 * both e-mails are outbox 'mail' jobs composed when they run (the confirmation link is made then,
 * so no token is ever stored), and the data never appears in the browser.
 */

/** How long a confirmation link works. */
export const CONFIRMATION_HOURS = 24;
/** One confirmation (and one copy) per address in this window: the form cannot flood an inbox. */
export const REPEAT_WINDOW_MS = 10 * 60_000;
const PURPOSE = "lead-copy";

export const LEAD_COPY_CONFIRM_PATH = "/meus-dados/confirmar";

/** The address a visitor types: one e-mail, lower-cased, as the erasure reads it. */
export const leadCopyEmailSchema = z
  .string({ error: "E-mail: informe o seu endereço de e-mail." })
  .trim()
  .min(1, { error: "E-mail: informe o seu endereço de e-mail." })
  .max(200, { error: "E-mail: use no máximo 200 caracteres." })
  .pipe(z.email({ error: "E-mail: informe um endereço de e-mail válido, como nome@empresa.com.br." }))
  .transform((value) => value.toLowerCase());

// Tokens ------------------------------------------------------------------------------------------

/** `{address in base64url}.{language}.{expiry in base 36 seconds}.{HMAC}`, checked in that order. */
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{4,300}\.(pt|en)\.[0-9a-z]{1,9}\.[\w-]{43}$/);

export function leadCopyToken(signer: Signer, email: string, language: OfferedLanguage, now: Date): string {
  const address = Buffer.from(email, "utf8").toString("base64url");
  const expiry = Math.floor(now.getTime() / 1000 + CONFIRMATION_HOURS * 3600).toString(36);
  const value = `${address}.${language}.${expiry}`;
  return `${value}.${signer.sign(PURPOSE, value)}`;
}

export type LeadCopyTokenReading =
  | { ok: true; email: string; language: OfferedLanguage }
  | { ok: false; reason: "invalid" | "expired" };

/** What a token names, or why it is refused: malformed or forged (invalid), or past its expiry. */
export function readLeadCopyToken(signer: Signer, token: unknown, now: Date): LeadCopyTokenReading {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const [address, language, expiry, signature] = parsed.data.split(".") as [string, string, string, string];
  if (!signer.verify(PURPOSE, `${address}.${language}.${expiry}`, signature))
    return { ok: false, reason: "invalid" };
  // Checked after the signature: a forged token never learns whether its date would have passed.
  if (Number.parseInt(expiry, 36) * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  const email = leadCopyEmailSchema.safeParse(Buffer.from(address, "base64url").toString("utf8"));
  if (!email.success) return { ok: false, reason: "invalid" };
  return { ok: true, email: email.data, language: language as OfferedLanguage };
}

// Jobs --------------------------------------------------------------------------------------------

/** The payload of the two e-mails' jobs: what to compose, for whom, in which language. */
export const leadCopyJobSchema = z.strictObject({
  privacy: z.enum(["lead-copy-confirmation", "lead-copy"]),
  to: z.email(),
  language: z.enum(OFFERED_LANGUAGES),
});
export type LeadCopyJob = z.output<typeof leadCopyJobSchema>;

export function isLeadCopyJob(job: Pick<JobRow, "payload" | "leadId">): boolean {
  return !job.leadId && typeof job.payload === "object" && job.payload !== null && "privacy" in job.payload;
}

/** One lead as the copy gives it. */
export interface LeadCopyEntry {
  protocol: string;
  localProtocol: string;
  form: string;
  sentAt: string;
  answers: Record<string, unknown>;
  consent: {
    purpose: string;
    textVersion: string;
    givenAt: string;
    withdrawnAt: string | null;
    withdrawnVia: string | null;
  };
  /** The cookie choices of the browser the lead was sent from (decision 123), oldest first. */
  cookieChoices: {
    decidedAt: string;
    measurement: boolean;
    marketing: boolean;
    method: string;
    listVersion: string;
  }[];
}

export class LeadCopy {
  constructor(
    private readonly options: {
      db: Database;
      signer: Signer;
      publicBaseUrl: string;
      kick?: () => void;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * A visitor's request: queues the confirmation e-mail (composed when its job runs, sent only
   * when the address has leads), unless one was queued for the address in the last minutes. The
   * caller answers the same neutral message whatever happens here.
   */
  async request(email: string, language: OfferedLanguage): Promise<void> {
    await this.enqueue({ privacy: "lead-copy-confirmation", to: email, language });
  }

  /** The page behind the link: whether it can be confirmed (never the data, never the leads' count). */
  inspect(token: unknown): LeadCopyTokenReading {
    return readLeadCopyToken(this.options.signer, token, this.now());
  }

  /** The link's confirmation: queues the copy to the address the token names. */
  async confirm(token: unknown): Promise<LeadCopyTokenReading> {
    const reading = this.inspect(token);
    if (reading.ok)
      await this.enqueue({ privacy: "lead-copy", to: reading.email, language: reading.language });
    return reading;
  }

  private async enqueue(job: LeadCopyJob): Promise<void> {
    const now = this.now();
    const { db } = this.options;
    const [recent] = await db
      .select({ id: deliveryJobs.id })
      .from(deliveryJobs)
      .where(
        and(
          eq(deliveryJobs.kind, "mail"),
          isNull(deliveryJobs.leadId),
          sql`${deliveryJobs.payload}->>'privacy' = ${job.privacy}`,
          sql`${deliveryJobs.payload}->>'to' = ${job.to}`,
          gt(deliveryJobs.createdAt, new Date(now.getTime() - REPEAT_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (recent) return;
    await db.insert(deliveryJobs).values({
      kind: "mail",
      payload: job,
      maxAttempts: MAX_JOB_ATTEMPTS.mail,
      runAt: now,
      createdAt: now,
    });
    this.options.kick?.();
  }

  /** The leads of an address that still hold personal data, oldest first. */
  async leadsOf(email: string): Promise<LeadCopyEntry[]> {
    const rows = await this.options.db
      .select()
      .from(leads)
      .where(and(leadsOfAddress(email), isNull(leads.anonymizedAt)))
      .orderBy(asc(leads.createdAt));
    const kept = rows.filter((row) => Object.keys(row.answers).length > 0);
    const visitorOf = (row: (typeof kept)[number]) => {
      const id = row.tracking?.consent?.id;
      return typeof id === "string" && VISITOR_ID.test(id) ? id : null;
    };
    const visitors = [...new Set(kept.map(visitorOf).filter((id): id is string => id !== null))];
    const choices = visitors.length
      ? await this.options.db
          .select()
          .from(consentRecords)
          .where(inArray(consentRecords.visitorId, visitors))
          .orderBy(asc(consentRecords.decidedAt))
      : [];
    return kept.map((row) => ({
      // The protocol the visitor was shown (decision 102): the Jira key, SIM-… in simulated mode, else the local one.
      protocol:
        row.trackerKey ?? (row.deliveryStatus === "simulated" ? simulatedKey(row.protocol) : row.protocol),
      localProtocol: row.protocol,
      form: row.formId,
      sentAt: row.createdAt.toISOString(),
      answers: row.answers,
      consent: {
        purpose: row.consentPurpose,
        textVersion: row.consentTextVersion,
        givenAt: row.consentAt.toISOString(),
        withdrawnAt: row.consentWithdrawnAt?.toISOString() ?? null,
        withdrawnVia: row.consentWithdrawnVia,
      },
      cookieChoices: choices
        .filter((choice) => choice.visitorId === visitorOf(row))
        .map((choice) => ({
          decidedAt: choice.decidedAt.toISOString(),
          measurement: choice.measurement,
          marketing: choice.marketing,
          method: choice.method,
          listVersion: choice.listVersion,
        })),
    }));
  }

  /**
   * Composes a privacy e-mail job when it runs: the message and what the attempt records (never
   * the address), or why nothing is sent (an address without leads gets no confirmation).
   */
  compose = async (job: JobRow): Promise<{ message: MailMessage; detail: string } | string> => {
    const parsed = leadCopyJobSchema.safeParse(job.payload);
    if (!parsed.success) return "não enviado: pedido de cópia inválido";
    const { privacy, to, language } = parsed.data;
    const t = leadCopyMailTexts(language);
    const found = await this.leadsOf(to);
    if (privacy === "lead-copy-confirmation") {
      if (found.length === 0) return "não enviado: nenhum lead deste endereço";
      const token = leadCopyToken(this.options.signer, to, language, this.now());
      const prefix = language === "en" ? "/en" : "";
      const link = `${this.options.publicBaseUrl.replace(/\/+$/, "")}${prefix}${LEAD_COPY_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
      return {
        message: { to, subject: t.confirmSubject, text: t.confirmText(link, CONFIRMATION_HOURS) },
        detail: "confirmação do pedido de cópia enviada",
      };
    }
    return {
      message: { to, subject: t.copySubject, text: copyText(found, language) },
      detail: `cópia dos dados enviada (${found.length} lead(s))`,
    };
  };
}

/** The copy as readable text, then the same data as JSON. */
export function copyText(entries: LeadCopyEntry[], language: OfferedLanguage): string {
  const t = leadCopyMailTexts(language);
  if (entries.length === 0) return `${t.copyNone}\n\n${t.outro}`;
  const when = (iso: string) =>
    `${formatDayAtTime(iso, language)} (${language === "en" ? "Brasília time" : "horário de Brasília"})`;
  const blocks = entries.map((entry, index) => {
    const lines = [
      `${index + 1}. ${t.protocol}: ${entry.protocol}`,
      `   ${t.form}: ${entry.form}`,
      `   ${t.sentAt}: ${when(entry.sentAt)}`,
      `   ${t.answers}:`,
      ...Object.entries(entry.answers).map(
        ([field, value]) => `     - ${field}: ${Array.isArray(value) ? value.join(", ") : String(value)}`,
      ),
      `   ${t.consent}: ${t.consentLine(entry.consent.purpose, entry.consent.textVersion, when(entry.consent.givenAt))}`,
    ];
    if (entry.consent.withdrawnAt) lines.push(`   ${t.withdrawn(when(entry.consent.withdrawnAt))}`);
    for (const choice of entry.cookieChoices)
      lines.push(`   ${t.cookieChoice(when(choice.decidedAt), choice.measurement, choice.marketing)}`);
    return lines.join("\n");
  });
  return [
    t.copyIntro(entries.length),
    "",
    blocks.join("\n\n"),
    "",
    t.jsonTitle,
    JSON.stringify({ leads: entries }, null, 2),
    "",
    t.outro,
  ].join("\n");
}
