/**
 * Lead operations (decision 105) through the composition root, against each database and the fake
 * Jira at its REST protocol: the response deadline as the issue's due date, the owner chosen by
 * routing rules (round robin, fallback when Jira refuses an inactive account), the hot-lead
 * message naming both, sales outcomes brought back by the reconciliation and remapped by staff,
 * contacts and companies linked in Jira, and the first touch stored beside the last.
 */

import { addBusinessHours } from "@domain/leads/business-hours.ts";
import type { RoutingConfig } from "@domain/leads/routing.ts";
import { dashboardFigures } from "@server/admin/dashboard.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { leads } from "@server/db/schema.ts";
import { isBrazilianNationalHoliday } from "@server/leads/holidays.ts";
import { LeadRouting } from "@server/leads/routing.ts";
import { jiraDueDate } from "@server/tracker/ticket.ts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, INACTIVE_USER, SALES_ANA, SALES_BRUNO, startFakeJira } from "../fakes/jira.ts";
import { startFakeWebhooks } from "../fakes/webhooks.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { hotDemoAnswers, leadStack, testClock } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

/** Friday 27 November 2026, 17:00 in São Paulo (UTC−3): one business hour left that day. */
const FRIDAY_5PM = Date.parse("2026-11-27T20:00:00Z");

const TEAM: RoutingConfig = {
  owners: [
    { id: "ana", name: "Ana Souza", accountId: SALES_ANA.accountId },
    { id: "bruno", name: "Bruno Lima", accountId: SALES_BRUNO.accountId },
    { id: "carlos", name: "Carlos Antigo", accountId: INACTIVE_USER.accountId },
  ],
  rules: [
    // Hot demo requests from Goiás (area code 62) go to Ana and Bruno in turn.
    {
      id: "go-quentes",
      name: "Demos quentes de Goiás",
      forms: ["demo"],
      segments: [],
      temperatures: ["hot"],
      states: ["GO"],
      owners: ["ana", "bruno"],
    },
    // Contact messages go to Carlos, who has left (his Jira account is inactive).
    {
      id: "contato",
      name: "Contato",
      forms: ["contato"],
      segments: [],
      temperatures: [],
      states: [],
      owners: ["carlos"],
    },
  ],
  fallbackOwner: "bruno",
};

const contactAnswers = (email: string) => ({
  nome: "Paula Reis",
  email,
  telefone: "(11) 3333-4444",
  assunto: "comercial",
  mensagem: "Quero saber mais sobre o ERP.",
});

describe.each(databaseTargets())("lead operations on $name", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;
  let hooks: Awaited<ReturnType<typeof startFakeWebhooks>>;

  beforeEach(async () => {
    [handle, jira, hooks] = await Promise.all([target.open(), startFakeJira(), startFakeWebhooks()]);
  });
  afterEach(async () => {
    await Promise.all([jira.close(), hooks.close()]);
    await handle.close();
  });

  const stackAt = async (start = FRIDAY_5PM) => {
    const stack = await leadStack(handle, jira, testClock(start), { slackUrl: `${hooks.url}/slack` });
    await stack.services.leadSettings.saveRouting(TEAM, 0, "staff@vertice.com");
    return stack;
  };
  const row = async (id: string) => (await handle.db.select().from(leads).where(eq(leads.id, id)))[0]!;

  it("a hot demo lead on Friday at 17h is due Monday at 11h, assigned in turn, and the Slack message names owner and deadline", async () => {
    const stack = await stackAt();
    const first = await stack.leads.submit(stack.submission({ formKey: "demo", answers: hotDemoAnswers }));
    expect(first.temperature.level).toBe("hot");
    await stack.worker.kick();
    const issue = jira.issues[0]!;
    // 4 business hours from Friday 17h: one on Friday, three on Monday → Monday 30 November, 11h.
    expect(issue.duedate).toBe("2026-11-30");
    expect(issue.assignee?.accountId).toBe(SALES_ANA.accountId);
    expect(JSON.stringify(issue.description)).toContain("30/11/2026 às 11:00");
    expect(JSON.stringify(issue.description)).toContain("Ana Souza");
    const stored = await row(first.leadId);
    expect(stored.respondBy?.toISOString()).toBe("2026-11-30T14:00:00.000Z");
    expect(stored).toMatchObject({ ownerName: "Ana Souza", routingRule: "Demos quentes de Goiás" });
    const slack = JSON.parse(hooks.received.find((h) => h.path === "/slack")!.body).text as string;
    expect(slack).toContain("Responsável: Ana Souza");
    expect(slack).toContain("Responder até 30/11/2026 às 11:00 (horário de Brasília)");

    // The next ones of the same rule go to Bruno, then Ana again.
    const owners: string[] = [];
    for (const email of ["b@agro.com.br", "c@agro.com.br"]) {
      const lead = await stack.leads.submit(
        stack.submission({ formKey: "demo", answers: { ...hotDemoAnswers, emailContato: email } }),
      );
      await stack.worker.kick();
      owners.push((await row(lead.leadId)).ownerName!);
    }
    expect(owners).toEqual(["Bruno Lima", "Ana Souza"]);
    expect(jira.issues.map((i) => i.assignee?.displayName)).toEqual(["Ana Souza", "Bruno Lima", "Ana Souza"]);
  });

  it("a lead no rule takes goes to the fallback owner; Jira refusing an inactive owner falls back and still delivers", async () => {
    const stack = await stackAt();
    // A cold newsletter lead: no rule matches → the fallback owner.
    const newsletter = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "leitora@example.com" } }),
    );
    // A contact message: its rule names Carlos, whose account Jira refuses.
    const contact = await stack.leads.submit(
      stack.submission({ formKey: "contato", answers: contactAnswers("paula@loja.com.br") }),
    );
    await stack.worker.kick();
    expect((await row(newsletter.leadId)).ownerName).toBe("Bruno Lima");
    const delivered = await row(contact.leadId);
    expect(delivered.deliveryStatus).toBe("delivered");
    expect(delivered).toMatchObject({ ownerName: "Bruno Lima", ownerAccountId: SALES_BRUNO.accountId });
    const issue = jira.issues.find((i) => i.key === delivered.trackerKey)!;
    expect(issue.assignee?.accountId).toBe(SALES_BRUNO.accountId);
    // Due in the contact form's hours for its temperature (B §9.2), counted in business hours.
    expect(delivered.respondBy).toEqual(
      addBusinessHours(delivered.createdAt, delivered.responseHours, isBrazilianNationalHoliday),
    );
    expect(issue.duedate).toBe(jiraDueDate(delivered.respondBy!));

    // Without a fallback either, the issue is created unassigned: the lead is never lost.
    const routing = await stack.services.leadSettings.routing();
    await stack.services.leadSettings.saveRouting({ ...TEAM, fallbackOwner: null }, routing.version, "staff");
    const orphan = await stack.leads.submit(
      stack.submission({ formKey: "contato", answers: contactAnswers("outra@loja.com.br") }),
    );
    await stack.worker.kick();
    const unassigned = await row(orphan.leadId);
    expect(unassigned.deliveryStatus).toBe("delivered");
    expect(unassigned.ownerAccountId).toBeNull();
    expect(jira.issues.find((i) => i.key === unassigned.trackerKey)!.assignee).toBeNull();
    // The admin dashboard says so (decision 117): one lead of the last 30 days has no owner.
    expect((await dashboardFigures(handle.db, unassigned.createdAt)).unassigned).toBe(1);
  });

  it("round robin stays fair when two instances choose owners at once", async () => {
    const stack = await stackAt();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      // Stored without delivery: the two routers below choose, as two instances' workers would.
      const lead = await stack.leads.submit(
        stack.submission({
          formKey: "demo",
          answers: { ...hotDemoAnswers, emailContato: `p${i}@agro.com.br` },
        }),
      );
      ids.push(lead.leadId);
    }
    await stack.worker.stop();
    await handle.db.update(leads).set({ ownerAccountId: null, ownerName: null });
    const a = new LeadRouting(handle.db, stack.services.leadSettings);
    const b = new LeadRouting(handle.db, stack.services.leadSettings);
    const chosen = await Promise.all(
      ids.map((id, i) => (i % 2 ? a : b).ownerOf({ id, ownerAccountId: null, ownerName: null })),
    );
    const count = (name: string) => chosen.filter((owner) => owner?.name === name).length;
    expect(count("Ana Souza")).toBe(4);
    expect(count("Bruno Lima")).toBe(4);
    // Chosen once: asking again answers the same owner without taking a turn.
    const again = await a.ownerOf(await row(ids[0]!));
    expect(again?.accountId).toBe(chosen[0]?.accountId);
  });

  it("outcomes come back from Jira: 'Won' is Ganho, staff remap a status, overdue leads are found", async () => {
    const stack = await stackAt();
    // A CRM that follows outcomes through a signed webhook (decision 103).
    const crm = await stack.services.webhooks.create(
      { url: `${hooks.url}/crm`, description: "CRM", events: ["lead.outcome_changed"], enabled: true },
      "staff@vertice.com",
    );
    hooks.expectSigned("/crm", crm.secret!);
    const lead = await stack.leads.submit(stack.submission({ formKey: "demo", answers: hotDemoAnswers }));
    const other = await stack.leads.submit(
      stack.submission({ formKey: "contato", answers: contactAnswers("paula@loja.com.br") }),
    );
    await stack.worker.kick();
    const key = (await row(lead.leadId)).trackerKey!;
    const otherKey = (await row(other.leadId)).trackerKey!;
    // Sales answers the contact message in Jira and wins the demo.
    jira.transitionAsSupport(otherKey, "Em andamento");
    jira.transitionAsSupport(key, "Win");
    const reconciliation = stack.services.reconciliation!;
    await reconciliation.run();
    expect((await row(lead.leadId)).outcome).toBe("won");
    expect((await row(other.leadId)).outcome).toBe("working");
    const won = await stack.inbox.list({ outcome: "won" });
    expect(won.rows.map((r) => r.id)).toEqual([lead.leadId]);
    // Each change of outcome is announced once, signed.
    await stack.worker.kick();
    const announced = hooks
      .at("/crm")
      .map((hook) => hook.verified as { type: string; data: Record<string, unknown> });
    expect(announced.map((p) => [p.type, (p.data.outcome as { value: string }).value]).sort()).toEqual([
      ["lead.outcome_changed", "won"],
      ["lead.outcome_changed", "working"],
    ]);

    // Staff decide that "In Progress" means qualified: the stored outcome follows at once.
    await stack.services.leadSettings.saveOutcomes({ "in progress": "qualified" }, 0, "staff");
    expect((await row(other.leadId)).outcome).toBe("qualified");
    // A second save from the same version is a conflict, never a lost change.
    await expect(stack.services.leadSettings.saveOutcomes({}, 0, "staff")).rejects.toMatchObject({
      kind: "conflict",
    });

    // A lead nobody answered is overdue once its deadline passes; a won one never is.
    const waiting = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "espera@example.com" } }),
    );
    await stack.worker.kick();
    expect((await stack.inbox.list({ overdue: true })).rows).toHaveLength(0);
    expect((await stack.inbox.detail(waiting.leadId!)).overdue).toBe(false);
    stack.clock.advance(10 * 24 * 3600_000);
    const overdue = await stack.inbox.list({ overdue: true });
    expect(overdue.rows.map((r) => r.id)).toEqual([waiting.leadId]);
    expect(overdue.rows[0]!.overdue).toBe(true);
    // The lead's own page judges it on the same clock as the list.
    expect((await stack.inbox.detail(waiting.leadId!)).overdue).toBe(true);
  });

  it("a second request from the same e-mail or company is linked to the latest earlier issue and labelled recurring; the timeline shows them all", async () => {
    const stack = await stackAt();
    const first = await stack.leads.submit(stack.submission({ formKey: "demo", answers: hotDemoAnswers }));
    await stack.worker.kick();
    stack.clock.advance(60_000);
    // The same person through the contact form (e-mail in another case).
    const second = await stack.leads.submit(
      stack.submission({ formKey: "contato", answers: contactAnswers("  Maria@AgroSul.com.br ") }),
    );
    await stack.worker.kick();
    stack.clock.advance(60_000);
    // Someone else from the same company (another branch of the CNPJ root 12345678).
    const third = await stack.leads.submit(
      stack.submission({
        formKey: "trial",
        answers: {
          nomeResponsavel: "Jonas Prado",
          emailContato: "jonas@agrosul.com.br",
          telefoneContato: "(62) 98888-7777",
          nomeEmpresa: "Agro Sul Filial",
          cnpjEmpresa: "12.345.678/0002-76",
          segmento: "agronegocio",
          modulosInteresse: ["financeiro"],
        },
      }),
    );
    await stack.worker.kick();
    const [a, b, c] = await Promise.all([row(first.leadId), row(second.leadId), row(third.leadId)]);
    expect(b.contactKey).toBe("maria@agrosul.com.br");
    expect(c.companyRoot).toBe("12345678");
    const issue = (key: string | null) => jira.issues.find((i) => i.key === key)!;
    expect(issue(a.trackerKey).labels).not.toContain("lead-recorrente");
    expect(issue(b.trackerKey).labels).toContain("lead-recorrente");
    expect(issue(c.trackerKey).labels).toContain("lead-recorrente");
    expect(issue(b.trackerKey).links.map((l) => [l.type.name, l.inwardKey, l.outwardKey])).toEqual([
      ["Relates", b.trackerKey, a.trackerKey],
    ]);
    // The contact message carried no CNPJ: the company's latest earlier issue is the first one.
    expect(issue(c.trackerKey).links.find((l) => l.inwardKey === c.trackerKey)?.outwardKey).toBe(
      a.trackerKey,
    );
    expect(b).toMatchObject({ relatedLeadId: a.id, trackerLinked: true });

    // The first lead's person and company: the same e-mail (second) and the same CNPJ root (third).
    const timeline = await stack.inbox.timeline(first.leadId);
    expect(timeline.leads.map((l) => l.id)).toEqual([third.leadId, second.leadId, first.leadId]);

    // LGPD erasure of the person's e-mail leaves no contact behind.
    await stack.erasure.erase({ email: "staff@vertice.com" }, "maria@agrosul.com.br");
    const erased = await handle.db.select().from(leads).where(eq(leads.contactKey, "maria@agrosul.com.br"));
    expect(erased).toHaveLength(0);
  });

  it("the first touch from the cookie is stored beside the visit's own tags and written into the issue", async () => {
    const stack = await stackAt();
    const lead = await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        answers: hotDemoAnswers,
        tracking: {
          page: "http://localhost/demonstracao",
          referrer: "https://www.bing.com/",
          utm: { utm_source: "newsletter", utm_medium: "email", gclid: "gclid-da-visita" },
          firstTouch: {
            tags: { utm_source: "google", utm_medium: "cpc", utm_campaign: "safra-2026", gclid: "Cj0KCQ" },
            referrer: "https://www.google.com/",
            landing: "/?utm_source=google&utm_medium=cpc&utm_campaign=safra-2026&gclid=Cj0KCQ",
            at: "2026-10-01T12:00:00.000Z",
          },
        },
      }),
    );
    await stack.worker.kick();
    const stored = await row(lead.leadId);
    expect(stored.tracking).toMatchObject({
      utm: { utm_source: "newsletter", utm_medium: "email" },
      clickIds: { gclid: "gclid-da-visita" },
      firstTouch: { tags: { utm_campaign: "safra-2026" } },
    });
    const description = JSON.stringify(jira.issues[0]!.description);
    expect(description).toContain("google / cpc / safra-2026");
    expect(description).toContain("gclid=gclid-da-visita");
    const [inboxRow] = (await stack.inbox.list({})).rows;
    expect(inboxRow!.firstTouch).toContain("google / cpc / safra-2026");
    expect(inboxRow!.lastTouch).toContain("newsletter / email");
  });
});
