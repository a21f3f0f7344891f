import { z } from "@domain/zod.ts";
import type { AuditLog } from "../admin/audit.ts";
import type { Cache } from "../cache/cache.ts";
import type { Database } from "../db/client.ts";
import { readVersionedSetting, type Versioned, writeVersionedSetting } from "../leads/lead-settings.ts";

/**
 * The privacy settings staff keep in the admin (decision 111): how many months a lead
 * keeps its personal data before the nightly job anonymises it. One versioned document in
 * lead_settings ('privacy'), like the routing and the outcomes: a save names the version it was
 * made from. The privacy policy page states the period from here, so a save renders the cached
 * pages again (the content cache's change, heard by every instance).
 */

export const RETENTION_MONTHS = { min: 6, max: 120, default: 24 } as const;

export const privacyMessages = {
  months: `Prazo de retenção de leads: informe um número inteiro de meses entre ${RETENTION_MONTHS.min} e ${RETENTION_MONTHS.max}.`,
} as const;

export const privacySettingsSchema = z.strictObject({
  leadRetentionMonths: z.coerce
    .number({ error: privacyMessages.months })
    .int({ error: privacyMessages.months })
    .min(RETENTION_MONTHS.min, { error: privacyMessages.months })
    .max(RETENTION_MONTHS.max, { error: privacyMessages.months }),
});

export type PrivacyConfig = z.output<typeof privacySettingsSchema>;

export const DEFAULT_PRIVACY: PrivacyConfig = { leadRetentionMonths: RETENTION_MONTHS.default };

/** The content cache's key of the setting: its name part ('lead-privacy') is what a save drops. */
const CACHE_NAME = "lead-privacy";
const CACHE_KEY = `setting:${CACHE_NAME}:value`;

export class PrivacySettings {
  constructor(
    private readonly db: Database,
    private readonly cache: Cache | null,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The stored document with its version (the admin's form); the default when never saved. */
  read(): Promise<Versioned<PrivacyConfig>> {
    // A stored document that no longer parses keeps the default rather than break the job or the page.
    return readVersionedSetting(
      this.db,
      "privacy",
      (value) => privacySettingsSchema.safeParse(value).data ?? DEFAULT_PRIVACY,
      DEFAULT_PRIVACY,
    );
  }

  /** The retention period in months, through the content cache (public pages read it on every render). */
  async retentionMonths(): Promise<number> {
    if (!this.cache) return (await this.read()).value.leadRetentionMonths;
    return this.cache.getOrLoad(CACHE_KEY, async () => (await this.read()).value.leadRetentionMonths, 3600);
  }

  /**
   * Saves the settings made from `version` (0: never saved); a save in between is a conflict.
   * Recorded as privacy.save, `by` its actor.
   */
  async save(input: unknown, version: number, by: string): Promise<number> {
    const value = privacySettingsSchema.parse(input);
    const saved = await writeVersionedSetting(this.db, "privacy", value, version, by, this.now());
    // Every instance drops its copy and its cached pages (the privacy policy states the period).
    await this.cache?.deleteWhere({ name: CACHE_NAME });
    await this.audit.record({
      actor: by,
      action: "privacy.save",
      target: "lead-retention",
      detail: { months: value.leadRetentionMonths },
    });
    return saved;
  }
}
