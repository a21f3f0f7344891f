import {
  OUTCOMES,
  type OutcomeMapping,
  outcomeOf,
  type StatusCategory,
  statusKey,
} from "@domain/leads/outcomes.ts";
import { EMPTY_ROUTING, type RoutingConfig, routingConfigSchema } from "@domain/leads/routing.ts";
import { z } from "@domain/zod.ts";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import type { LeadSettingValues } from "../db/json-types.ts";
import { leadSettings, leads } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";

/**
 * Lead operations settings staff edit in the admin (decision 105): the routing of leads to sales
 * owners, and what each Jira status means as a sales outcome. Each is one versioned document: a
 * save names the version it was made from, and a save in between is a conflict, never lost.
 */

export const outcomeMappingSchema = z
  .record(z.string().trim().min(1).max(200), z.enum(OUTCOMES))
  .refine((value) => Object.keys(value).length <= 200, "No máximo 200 status.");

export interface Versioned<T> {
  value: T;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

type Key = (typeof leadSettings.$inferSelect)["key"];

/** A versioned document of lead_settings, `empty` at version 0 when never saved. */
export async function readVersionedSetting<T>(
  db: Database,
  key: Key,
  parse: (value: unknown) => T,
  empty: T,
): Promise<Versioned<T>> {
  const [row] = await db.select().from(leadSettings).where(eq(leadSettings.key, key));
  if (!row) return { value: empty, version: 0, updatedAt: null, updatedBy: null };
  return {
    value: parse(row.value),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** Saves `value` made from `version` (0: never saved); a save in between answers a conflict. */
export async function writeVersionedSetting<K extends Key>(
  db: Database,
  key: K,
  value: LeadSettingValues[K],
  version: number,
  by: string,
  at: Date,
): Promise<number> {
  if (version === 0) {
    const inserted = await db
      .insert(leadSettings)
      .values({ key, value, version: 1, updatedAt: at, updatedBy: by })
      .onConflictDoNothing()
      .returning({ version: leadSettings.version });
    if (inserted.length) return 1;
  } else {
    const updated = await db
      .update(leadSettings)
      .set({ value, version: sql`${leadSettings.version} + 1`, updatedAt: at, updatedBy: by })
      .where(and(eq(leadSettings.key, key), eq(leadSettings.version, version)))
      .returning({ version: leadSettings.version });
    if (updated.length) return updated[0]!.version;
  }
  throw new DomainError("conflict", "leads.settingsConflict");
}

export class LeadSettings {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private read<T>(key: Key, parse: (value: unknown) => T, empty: T, db: Database = this.db) {
    return readVersionedSetting(db, key, parse, empty);
  }

  private write<K extends Key>(
    key: K,
    value: LeadSettingValues[K],
    version: number,
    by: string,
    db: Database = this.db,
  ) {
    return writeVersionedSetting(db, key, value, version, by, this.now());
  }

  routing(db?: Database): Promise<Versioned<RoutingConfig>> {
    // Stored documents were valid when saved; one that no longer parses (an older shape) routes nothing.
    return this.read(
      "routing",
      (value) => routingConfigSchema.safeParse(value).data ?? EMPTY_ROUTING,
      EMPTY_ROUTING,
      db,
    );
  }

  /** Saves the routing; recorded as leads.routing.save, `by` its actor (decision 072). */
  async saveRouting(config: RoutingConfig, version: number, by: string): Promise<number> {
    const routing = routingConfigSchema.parse(config);
    const saved = await this.write("routing", routing, version, by);
    await this.audit.record({
      actor: by,
      action: "leads.routing.save",
      target: "distribuição de leads",
      detail: { version: saved, rules: routing.rules.length, owners: routing.owners.length },
    });
    return saved;
  }

  outcomes(db?: Database): Promise<Versioned<OutcomeMapping>> {
    return this.read("outcomes", (value) => outcomeMappingSchema.safeParse(value).data ?? {}, {}, db);
  }

  /**
   * Saves the mapping (status names as compared: no case, no accents) and gives every lead the
   * outcome its status now means, in one transaction with its audit entry (leads.outcomes.save, `by`
   * its actor). A remapping announces nothing: outgoing webhooks tell what sales did, not how staff
   * renamed it (decision 105).
   */
  saveOutcomes(mapping: OutcomeMapping, version: number, by: string): Promise<number> {
    const keyed = outcomeMappingSchema.parse(
      Object.fromEntries(Object.entries(mapping).map(([name, outcome]) => [statusKey(name), outcome])),
    );
    return this.db.transaction(async (tx) => {
      const saved = await this.write("outcomes", keyed, version, by, tx);
      const statuses = await tx
        .selectDistinct({ name: leads.trackerStatus, category: leads.trackerStatusCategory })
        .from(leads)
        .where(and(isNotNull(leads.trackerStatusCategory), ne(leads.trackerStatusCategory, "deleted")));
      for (const { name, category } of statuses) {
        const outcome = outcomeOf(name, category as StatusCategory, keyed);
        await tx
          .update(leads)
          .set({ outcome, outcomeAt: this.now() })
          .where(
            and(
              name === null ? sql`${leads.trackerStatus} is null` : eq(leads.trackerStatus, name),
              eq(leads.trackerStatusCategory, category!),
              sql`${leads.outcome} is distinct from ${outcome}`,
            ),
          );
      }
      await this.audit.record(
        {
          actor: by,
          action: "leads.outcomes.save",
          target: "resultados de vendas",
          detail: { version: saved, statuses: Object.keys(mapping).length },
        },
        tx,
      );
      return saved;
    });
  }
}
