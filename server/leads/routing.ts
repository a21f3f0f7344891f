import { candidates, fallbackOwner, type Level, leadFacts, ownerInTurn } from "@domain/leads/routing.ts";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { leadRoutingTurns, leads } from "../db/schema.ts";
import type { LeadSettings } from "./lead-settings.ts";
import type { LeadRow } from "./repository.ts";

export interface LeadOwner {
  accountId: string;
  name: string;
}

/**
 * Gives each lead its sales owner once (decision 105): the first matching rule's owners in
 * turn, or the fallback owner. The choice is kept on the lead, so the Jira delivery, its retries
 * and the hot-lead notification all name the same person; the turn is counted in the database
 * (one row per rule, incremented in the choosing transaction), so instances share one rotation.
 */
export class LeadRouting {
  constructor(
    private readonly db: Database,
    private readonly settings: LeadSettings,
  ) {}

  /** The lead's owner: the one chosen before, or one chosen now; null when routing names nobody. */
  async ownerOf(lead: Pick<LeadRow, "id" | "ownerAccountId" | "ownerName">): Promise<LeadOwner | null> {
    if (lead.ownerAccountId)
      return { accountId: lead.ownerAccountId, name: lead.ownerName ?? lead.ownerAccountId };
    return this.db.transaction(async (tx) => {
      // Locked: a notification and the delivery choosing at once take one turn between them.
      const [current] = await tx.select().from(leads).where(eq(leads.id, lead.id)).for("update");
      if (!current) return null;
      if (current.ownerAccountId)
        return { accountId: current.ownerAccountId, name: current.ownerName ?? current.ownerAccountId };
      const config = (await this.settings.routing(tx)).value;
      const { rule, owners } = candidates(
        config,
        leadFacts({
          formId: current.formId,
          level: current.level as Level,
          answers: current.answers,
          context: current.context,
        }),
      );
      let turn = 0;
      if (rule && owners.length > 1) {
        const [row] = await tx
          .insert(leadRoutingTurns)
          .values({ ruleId: rule.id, turns: 1 })
          .onConflictDoUpdate({
            target: leadRoutingTurns.ruleId,
            set: { turns: sql`${leadRoutingTurns.turns} + 1` },
          })
          .returning({ turns: leadRoutingTurns.turns });
        turn = row!.turns - 1;
      }
      const owner = ownerInTurn(owners, turn);
      if (!owner) return null;
      await tx
        .update(leads)
        .set({ ownerAccountId: owner.accountId, ownerName: owner.name, routingRule: rule?.name ?? null })
        .where(eq(leads.id, lead.id));
      return { accountId: owner.accountId, name: owner.name };
    });
  }

  /** Records who really got the lead when Jira refused the chosen owner (the fallback, or nobody). */
  async reassign(leadId: string, owner: LeadOwner | null): Promise<void> {
    await this.db
      .update(leads)
      .set(
        owner
          ? { ownerAccountId: owner.accountId, ownerName: owner.name, routingRule: null }
          : { ownerAccountId: null, ownerName: null, routingRule: null },
      )
      .where(eq(leads.id, leadId));
  }

  /** The fallback owner of the current routing, if any. */
  async fallback(): Promise<LeadOwner | null> {
    const owner = fallbackOwner((await this.settings.routing()).value);
    return owner ? { accountId: owner.accountId, name: owner.name } : null;
  }
}
