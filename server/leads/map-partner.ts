import { type LeadPartner, leadPartner } from "@domain/partners.ts";
import type { ContentQuery, ContentService } from "../content/service.ts";
import type { Logger } from "../logger.ts";

/**
 * The partner a chat lead names (decision 129), from the map's content of the visitor's site and
 * language: the name, city and number the server has, not what the browser says. A partner gone
 * from the map, or content that cannot be read, leaves its id alone: the lead is kept either way.
 */
export async function mapPartner(
  content: Pick<ContentService, "get">,
  logger: Pick<Logger, "warn">,
  id: number,
  query: ContentQuery,
): Promise<LeadPartner> {
  try {
    return leadPartner(id, (await content.get("partners-data", query))?.data.partners ?? []);
  } catch (error) {
    logger.warn({ err: error, partnerId: id }, "partner map content unreadable for a chat lead");
    return { id };
  }
}
