import { randomUUID } from "node:crypto";
import { CHOICE_METHODS, LIST_VERSION } from "@domain/consent/choice.ts";
import { toSaoPauloTime } from "@domain/content/schedule-time.ts";
import { z } from "@domain/zod.ts";
import { stringify } from "csv-stringify/sync";
import { and, asc, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { consentRecords } from "../db/schema.ts";
import { spreadsheetSafe } from "../leads/spreadsheet.ts";

/**
 * The record of every cookie choice (decision 123): what POST /api/consent takes, the admin's
 * choices per day and CSV export, a visitor's LGPD copy, and the retention job's deletion.
 */

export const consentMessages = {
  invalid: "Registro de consentimento inválido: envie id, version, measurement, marketing, method e page.",
} as const;

export const consentChoiceSchema = z.strictObject({
  id: z.uuid({ error: consentMessages.invalid }),
  version: z
    .string({ error: consentMessages.invalid })
    .regex(/^[0-9a-zA-Z:+]{1,80}$/, { error: consentMessages.invalid }),
  measurement: z.boolean({ error: consentMessages.invalid }),
  marketing: z.boolean({ error: consentMessages.invalid }),
  method: z.enum(CHOICE_METHODS, { error: consentMessages.invalid }),
  page: z
    .string({ error: consentMessages.invalid })
    .max(500, { error: consentMessages.invalid })
    .startsWith("/", {
      error: consentMessages.invalid,
    }),
});

export type ConsentChoiceInput = z.output<typeof consentChoiceSchema>;

export interface ConsentRecord {
  visitorId: string;
  listVersion: string;
  measurement: boolean;
  marketing: boolean;
  method: string;
  page: string;
  segment: string;
  decidedAt: string;
}

export interface ConsentDay {
  /** São Paulo calendar day, YYYY-MM-DD. */
  day: string;
  total: number;
  acceptAll: number;
  rejectAll: number;
  custom: number;
  browserSignal: number;
  measurement: number;
  marketing: number;
}

export class ConsentRecords {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Records one choice, stamped with the server's time (the browser's clock proves nothing). */
  async record(choice: ConsentChoiceInput, where: { segment: string | null }): Promise<void> {
    await this.db.insert(consentRecords).values({
      id: randomUUID(),
      visitorId: choice.id,
      listVersion: choice.version,
      measurement: choice.measurement,
      marketing: choice.marketing,
      method: choice.method,
      page: choice.page,
      segment: where.segment ?? "",
      decidedAt: this.now(),
    });
  }

  /** The choices of [from, to), oldest first (the export). */
  async between(from: Date, to: Date): Promise<ConsentRecord[]> {
    const rows = await this.db
      .select()
      .from(consentRecords)
      .where(and(gte(consentRecords.decidedAt, from), lt(consentRecords.decidedAt, to)))
      .orderBy(asc(consentRecords.decidedAt));
    return rows.map(view);
  }

  /** The choices per São Paulo day of [from, to), newest day first. */
  async perDay(from: Date, to: Date): Promise<ConsentDay[]> {
    const days = new Map<string, ConsentDay>();
    for (const row of await this.between(from, to)) {
      const day = toSaoPauloTime(new Date(row.decidedAt)).slice(0, 10);
      let entry = days.get(day);
      if (!entry) {
        entry = {
          day,
          total: 0,
          acceptAll: 0,
          rejectAll: 0,
          custom: 0,
          browserSignal: 0,
          measurement: 0,
          marketing: 0,
        };
        days.set(day, entry);
      }
      entry.total++;
      if (row.method === "accept_all") entry.acceptAll++;
      else if (row.method === "reject_all") entry.rejectAll++;
      else if (row.method === "custom") entry.custom++;
      else entry.browserSignal++;
      if (row.measurement) entry.measurement++;
      if (row.marketing) entry.marketing++;
    }
    return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
  }

  /** Every choice made under these anonymous ids (a visitor's LGPD copy), oldest first. */
  async ofVisitors(ids: readonly string[]): Promise<ConsentRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(consentRecords)
      .where(inArray(consentRecords.visitorId, [...new Set(ids)]))
      .orderBy(asc(consentRecords.decidedAt));
    return rows.map(view);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(consentRecords);
    return row?.n ?? 0;
  }
}

function view(row: typeof consentRecords.$inferSelect): ConsentRecord {
  return {
    visitorId: row.visitorId,
    listVersion: row.listVersion,
    measurement: row.measurement,
    marketing: row.marketing,
    method: row.method,
    page: row.page,
    segment: row.segment,
    decidedAt: row.decidedAt.toISOString(),
  };
}

/** The export's CSV rows with a header line (csv-stringify quotes; the page is a visitor's text). */
export function consentCsv(records: readonly ConsentRecord[]): string {
  return stringify(
    records.map((r) => [
      r.decidedAt,
      r.visitorId,
      r.listVersion,
      r.measurement ? "sim" : "não",
      r.marketing ? "sim" : "não",
      r.method,
      spreadsheetSafe(r.page),
      r.segment,
    ]),
    {
      header: true,
      columns: [
        "decidido_em",
        "visitante",
        "versao_da_lista",
        "medicao",
        "marketing",
        "forma",
        "pagina",
        "segmento",
      ],
    },
  );
}
