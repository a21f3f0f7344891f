/**
 * The campaign report and the leads list's campaign filter (decision 131) on the embedded database
 * and PostgreSQL: leads sent through the service with their first and last touches, a hot lead
 * held by the honeypot counted as held (never left out), the period's days in São Paulo's time.
 */

import { campaignPeriod } from "@domain/attribution/campaigns.ts";
import { campaignReport } from "@server/admin/campaign-report.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { hotDemoAnswers, leadStack, testClock } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

const SAFRA = { utm_source: "google", utm_medium: "cpc", utm_campaign: "safra-2026" };
const NEWS = { utm_source: "newsletter", utm_medium: "email", utm_campaign: "novembro" };

describe.each(databaseTargets())("the campaign report on $name (decision 131)", (target) => {
  let handle: DatabaseHandle;
  let stack: Awaited<ReturnType<typeof leadStack>>;
  const clock = testClock();

  beforeEach(async () => {
    handle = await target.open();
    stack = await leadStack(handle, null, clock);
  });
  afterEach(async () => {
    await stack.worker.stop();
    await handle.close();
  });

  const contact = { nome: "Ana Souza", email: "ana@example.com", mensagem: "Quero conhecer o ERP." };
  const send = (
    answers: Record<string, unknown>,
    formKey: "demo" | "contato",
    utm: Record<string, string>,
    firstTouch?: Record<string, string>,
    honeypot?: string,
  ) =>
    stack.leads.submit(
      stack.submission({
        formKey,
        answers,
        honeypot,
        tracking: {
          page: "http://localhost/demonstracao",
          utm,
          ...(firstTouch ? { firstTouch: { tags: firstTouch, at: "2026-10-01T12:00:00.000Z" } } : {}),
        },
      }),
    );

  it("counts each lead under its first and its last touch, hot ones apart, held ones as held", async () => {
    // A hot demo that came first from the harvest campaign and sent from the newsletter.
    await send(hotDemoAnswers, "demo", NEWS, SAFRA);
    // A hot demo straight from the harvest campaign (first touch is this visit).
    await send({ ...hotDemoAnswers, emailContato: "joao@agrosul.com.br" }, "demo", SAFRA);
    // A cold contact from the newsletter.
    await send(contact, "contato", NEWS);
    // A hot demo held by the honeypot: counted as held under its campaign.
    await send(
      { ...hotDemoAnswers, emailContato: "robo@agrosul.com.br" },
      "demo",
      SAFRA,
      undefined,
      "http://spam",
    );

    const period = campaignPeriod(new URLSearchParams("periodo=30"), "2026-11-22");
    const report = await campaignReport(handle.db, period, "firstHot");
    expect(report).toMatchObject({ leads: 3, held: 1 });
    const row = (campaign: string) => report.rows.find((r) => r.campaign === campaign)!;
    expect(row("safra-2026")).toMatchObject({
      source: "google",
      medium: "cpc",
      firstLeads: 2,
      firstHot: 2,
      lastLeads: 1,
      lastHot: 1,
      held: 1,
      heldHot: 1,
    });
    expect(row("novembro")).toMatchObject({ firstLeads: 1, firstHot: 0, lastLeads: 2, lastHot: 1 });
    expect(report.rows.map((r) => r.campaign)).toEqual(["safra-2026", "novembro"]);
    expect((await campaignReport(handle.db, period, "lastLeads")).rows.map((r) => r.campaign)).toEqual([
      "novembro",
      "safra-2026",
    ]);

    // A period that ends before these leads has none.
    const before = campaignPeriod(new URLSearchParams("de=2026-11-01&ate=2026-11-21"), "2026-11-22");
    expect(await campaignReport(handle.db, before, "firstHot")).toEqual({ rows: [], leads: 0, held: 0 });

    // The leads list finds a campaign's leads by either touch.
    const listed = await stack.inbox.list({ campaign: "safra-2026" });
    expect(listed.total).toBe(3);
    expect((await stack.inbox.list({ campaign: "novembro" })).total).toBe(2);
    expect((await stack.inbox.list({ campaign: "nao-existe" })).total).toBe(0);
  });
});
