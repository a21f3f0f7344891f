import {
  type MarketingTags,
  TAG_PROVIDER_IDS,
  TAG_PROVIDERS,
  type TagProviderId,
} from "@domain/consent/providers.ts";
import { z } from "@domain/zod.ts";
import type { AuditLog } from "../admin/audit.ts";
import type { Cache } from "../cache/cache.ts";
import type { Database } from "../db/client.ts";
import { readVersionedSetting, type Versioned, writeVersionedSetting } from "../leads/lead-settings.ts";

/**
 * The marketing tags staff turn on in the admin (decision 123): one ID per provider, checked for its
 * format, in one versioned document of lead_settings ('marketing-tags') saved with its audit entry.
 * Every public page carries the configured tags (its consent block and its CSP are made from them),
 * so a save renders the cached pages again and purges the shared caches (the content cache's change
 * of 'marketing-tags', heard by every instance).
 */

export const marketingTagMessages = Object.fromEntries(
  TAG_PROVIDER_IDS.map((id) => [
    id,
    `${TAG_PROVIDERS[id].label}: informe um ID no formato ${TAG_PROVIDERS[id].example}, ou deixe o campo vazio.`,
  ]),
) as Record<TagProviderId, string>;

const tagField = (id: TagProviderId) =>
  z
    .string()
    .trim()
    .max(40, { error: marketingTagMessages[id] })
    .transform((value) => (id === "gtm" || id === "ga4" ? value.toUpperCase() : value))
    .refine((value) => value === "" || TAG_PROVIDERS[id].pattern.test(value), {
      error: marketingTagMessages[id],
    })
    .transform((value) => value || undefined)
    .optional();

export const marketingTagsSchema = z.strictObject(
  Object.fromEntries(TAG_PROVIDER_IDS.map((id) => [id, tagField(id)])) as Record<
    TagProviderId,
    ReturnType<typeof tagField>
  >,
);

const CACHE_NAME = "marketing-tags";
const CACHE_KEY = `setting:${CACHE_NAME}:value`;

/** Only the configured IDs, each of the right form (a stored document is read as input). */
function cleaned(value: unknown): MarketingTags {
  const parsed = marketingTagsSchema.safeParse(value ?? {});
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data).filter(([, tag]) => tag)) as MarketingTags;
}

export class MarketingTagsSettings {
  constructor(
    private readonly db: Database,
    private readonly cache: Cache | null,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  read(): Promise<Versioned<MarketingTags>> {
    return readVersionedSetting(this.db, "marketing-tags", cleaned, {});
  }

  /** The configured tags, through the content cache: every public page reads them as it renders. */
  async current(): Promise<MarketingTags> {
    if (!this.cache) return (await this.read()).value;
    return this.cache.getOrLoad(CACHE_KEY, async () => (await this.read()).value, 3600);
  }

  /** Saves the tags made from `version` (0: never saved); recorded as marketing-tags.save. */
  async save(input: unknown, version: number, by: string): Promise<{ version: number; tags: MarketingTags }> {
    const tags = cleaned(marketingTagsSchema.parse(input));
    const saved = await writeVersionedSetting(this.db, "marketing-tags", tags, version, by, this.now());
    await this.cache?.deleteWhere({ name: CACHE_NAME });
    await this.audit.record({
      actor: by,
      action: "marketing-tags.save",
      target: "tags de marketing",
      detail: tags,
    });
    return { version: saved, tags };
  }
}
