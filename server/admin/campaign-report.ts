import {
  aggregateCampaigns,
  type CampaignPeriod,
  type CampaignRow,
  type CampaignSort,
  sortCampaigns,
} from "@domain/attribution/campaigns.ts";
import { and, gte, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { leads } from "../db/schema.ts";
import { saoPauloDayStart } from "../funnel/service.ts";
import { firstTouchOf, lastTouchOf, touchColumns } from "../leads/inbox.ts";

/**
 * Which campaign brought the leads of a period (decision 131): every lead of its São Paulo days,
 * each under its first and its last touch, the held ones apart, sorted as asked. The touches are
 * read as the leads' CSV and page read them (touchColumns of firstTouchOf / lastTouchOf).
 */
export async function campaignReport(
  db: Database,
  period: CampaignPeriod,
  sort: CampaignSort,
): Promise<{ rows: CampaignRow[]; leads: number; held: number }> {
  const end = new Date(saoPauloDayStart(period.to).getTime() + 24 * 3600_000);
  const found = await db
    .select({
      level: leads.level,
      stage: leads.stage,
      spamReason: leads.spamReason,
      tracking: leads.tracking,
    })
    .from(leads)
    .where(and(gte(leads.createdAt, saoPauloDayStart(period.from)), lt(leads.createdAt, end)));
  const items = found.map((row) => {
    return {
      first: touchColumns(firstTouchOf(row.tracking)),
      last: touchColumns(lastTouchOf(row.tracking)),
      hot: row.level === "hot",
      completed: row.stage === "completed",
      held: row.spamReason !== null,
    };
  });
  const held = items.filter((item) => item.held).length;
  return { rows: sortCampaigns(aggregateCampaigns(items), sort), leads: items.length - held, held };
}
