/**
 * LGPD rights and retention (decision 111) through the composition root, against each database,
 * the fake Jira and the fake SMTP server at their protocols, with a hand-moved clock: leads past the
 * retention period anonymised by the nightly job with their Jira issues redacted (a Jira failure
 * tried again next hour), the period from the staff's setting, a visitor's copy of their leads
 * by a confirmed link (nothing for an address we never heard of), and a company's data as a ZIP for
 * its owner only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "@server/db/client.ts";
import { auditLog, invoices, leads, planChangeRequests } from "@server/db/schema.ts";
import type { PortalActor } from "@server/portal/members.ts";
import { RETENTION_ISSUE_TEXTS } from "@server/privacy/retention.ts";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { hotDemoAnswers, leadStack, testClock } from "../support/lead-stack.ts";
import { seedPortal } from "../support/portal-seed.ts";

afterAll(dropCreatedDatabases);

/** 1 October 2024, 12:00 in São Paulo. */
const LONG_AGO = Date.parse("2024-10-01T15:00:00Z");
/** 26 November 2026, 09:00 in São Paulo: past that night's 03:00. */
const TODAY = Date.parse("2026-11-26T12:00:00Z");

const contact = (email: string) => ({
  nome: "Paula Reis",
  email,
  telefone: "(11) 3333-4444",
  assunto: "comercial",
  mensagem: "Quero saber mais sobre o ERP.",
});

describe.each(databaseTargets())("LGPD rights and retention on $name", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;
  let smtp: FakeSmtp;
  let dataDir: string;

  beforeEach(async () => {
    [handle, jira, smtp] = await Promise.all([target.open(), startFakeJira(), startFakeSmtp()]);
    dataDir = mkdtempSync(path.join(tmpdir(), "lgpd-"));
  });
  afterEach(async () => {
    await Promise.all([jira.close(), smtp.close()]);
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stackAt = (start: number) =>
    leadStack(handle, jira, testClock(start), { env: { SMTP_URL: smtp.url, DATA_DIR: dataDir } });

  it("anonymises only leads past the period, redacts their Jira issues, and tries a Jira failure again next hour", async () => {
    const stack = await stackAt(LONG_AGO);
    const old = await stack.leads.submit(stack.submission({ formKey: "demo", answers: hotDemoAnswers }));
    await stack.worker.kick();
    stack.clock.advance(TODAY - LONG_AGO);
    const recent = await stack.leads.submit(
      stack.submission({ formKey: "contato", answers: contact("paula@example.com") }),
    );
    await stack.worker.kick();
    expect(old.trackerKey).toBeTruthy();
    expect(recent.trackerKey).toBeTruthy();
    const recentIssue = structuredClone(jira.issues.find((i) => i.key === recent.trackerKey)!.summary);

    // Jira refuses the first edit: the lead's data is gone here at once, the run is not a success.
    jira.failNext(1, 400, { errorMessages: ["indisponível"] });
    await expect(stack.services.leadRetention.run()).rejects.toThrow(/not redacted/);
    const [pending] = await handle.db.select().from(leads).where(eq(leads.id, old.leadId));
    expect(pending!.answers).toEqual({});
    expect(pending!.anonymizedAt).toBeNull();

    // The next hourly look runs the night's pass again: the issue is redacted, the lead anonymised.
    stack.clock.advance(3600_000);
    const report = await stack.services.leadRetention.run();
    expect(report).toMatchObject({ due: true, leads: 1, anonymized: 1, issues: 1, issueFailures: [] });
    const [done] = await handle.db.select().from(leads).where(eq(leads.id, old.leadId));
    expect(done).toMatchObject({ answers: {}, tracking: {}, clientHash: null, contactKey: null });
    expect(done!.anonymizedAt?.toISOString()).toBe(new Date(TODAY + 3600_000).toISOString());
    expect(done!.protocol).toBeTruthy();
    expect(done!.consentPurpose).toBeTruthy();
    const issue = jira.issues.find((i) => i.key === old.trackerKey)!;
    expect(issue.edits.at(-1)).toMatchObject({ summary: RETENTION_ISSUE_TEXTS.summary });
    expect(JSON.stringify(issue.edits.at(-1))).not.toContain("Maria");
    expect(JSON.stringify(issue.comments)).toContain("LGPD, art. 16");

    // The recent lead and its issue are untouched.
    const [kept] = await handle.db.select().from(leads).where(eq(leads.id, recent.leadId));
    expect(kept!.answers).toMatchObject({ nome: "Paula Reis" });
    expect(kept!.anonymizedAt).toBeNull();
    expect(jira.issues.find((i) => i.key === recent.trackerKey)!.summary).toBe(recentIssue);

    // Once a night: the next look finds the day's run done.
    stack.clock.advance(3600_000);
    expect(await stack.services.leadRetention.run()).toMatchObject({ due: false, leads: 0 });

    // The audit log has each pass that removed data (the failed one saying an issue was pending), never the person.
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.action, "lead.retention"));
    expect(audit.map((entry) => entry.detail)).toMatchObject([
      { leads: 1, anonymized: 0, issuesPending: 1 },
      { leads: 1, anonymized: 1, issuesPending: 0 },
    ]);
    expect(JSON.stringify(audit)).not.toContain("agrosul");
  });

  it("takes the period from the staff's setting (versioned, 6 to 120 months)", async () => {
    const stack = await stackAt(LONG_AGO);
    const old = await stack.leads.submit(stack.submission({ formKey: "demo", answers: hotDemoAnswers }));
    await stack.worker.kick();
    stack.clock.advance(TODAY - LONG_AGO);
    const { privacySettings } = stack.services;
    expect(await privacySettings.retentionMonths()).toBe(24);
    const version = await privacySettings.save({ leadRetentionMonths: 36 }, 0, "admin@vertice.example");
    expect(version).toBe(1);
    expect(await privacySettings.retentionMonths()).toBe(36);
    await expect(
      privacySettings.save({ leadRetentionMonths: 12 }, 0, "outra@vertice.example"),
    ).rejects.toMatchObject({
      kind: "conflict",
    });
    await expect(
      privacySettings.save({ leadRetentionMonths: 5 }, 1, "admin@vertice.example"),
    ).rejects.toThrow(/entre 6 e 120/);
    // 26 months old, kept 36: nothing to do.
    expect(await stack.services.leadRetention.run()).toMatchObject({ due: true, leads: 0 });
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, old.leadId));
    expect(row!.anonymizedAt).toBeNull();
  });

  it("sends a visitor's copy only to their address, after the confirmation; an unknown address gets nothing", async () => {
    const stack = await stackAt(TODAY);
    const lead = await stack.leads.submit(stack.submission({ formKey: "demo", answers: hotDemoAnswers }));
    await stack.worker.kick();
    const { leadCopy } = stack.services;
    const copyMails = (to: string) =>
      smtp.messages.filter(
        (m) => m.to.includes(to) && /dados/i.test(m.subject) && !/Recebemos/.test(m.subject),
      );

    await leadCopy.request("maria@agrosul.com.br", "pt");
    await leadCopy.request("ninguem@example.com", "pt");
    // Asked again at once: no second confirmation.
    await leadCopy.request("maria@agrosul.com.br", "pt");
    await stack.worker.kick();
    await expect.poll(() => copyMails("maria@agrosul.com.br").length).toBe(1);
    const confirmation = copyMails("maria@agrosul.com.br")[0]!;
    expect(confirmation.subject).toMatch(/Confirme/);
    expect(confirmation.text).not.toContain(hotDemoAnswers.telefoneContato);
    const token = /\/meus-dados\/confirmar\?token=([^\s]+)/.exec(confirmation.text)?.[1];
    expect(token).toBeTruthy();
    expect(copyMails("ninguem@example.com")).toHaveLength(0);

    // The confirmation queues the copy, composed when its job runs.
    expect(await leadCopy.confirm(decodeURIComponent(token!))).toMatchObject({ ok: true });
    await stack.worker.kick();
    await expect.poll(() => copyMails("maria@agrosul.com.br").length).toBe(2);
    const copy = copyMails("maria@agrosul.com.br")[1]!;
    expect(copy.subject).toMatch(/Cópia dos seus dados/);
    expect(copy.text).toContain(`Protocolo: ${lead.trackerKey}`);
    expect(copy.text).toContain(hotDemoAnswers.telefoneContato);
    expect(copy.text).toContain("Consentimento:");
    expect(copy.text).not.toContain(token!);

    // A day later the link has expired.
    stack.clock.advance(24 * 3600_000);
    expect(leadCopy.inspect(decodeURIComponent(token!))).toEqual({ ok: false, reason: "expired" });
    expect(copyMails("ninguem@example.com")).toHaveLength(0);
  });

  it("gives a company's owner its data as a ZIP (no password hash or secret), and nobody else", async () => {
    const stack = await stackAt(TODAY);
    const ids = await seedPortal(handle.db, {
      companies: {
        agro: { cnpj: "12.ABC.345/01DE-35", legalName: "Agro Sul Ltda", planId: "profissional" },
        other: { cnpj: "11.222.333/0001-81", legalName: "Outra Ltda" },
      },
      people: [
        { email: "dona@agrosul.example", role: "owner", company: "agro", name: "Dona" },
        { email: "financeiro@agrosul.example", role: "finance", company: "agro" },
        { email: "dono@outra.example", role: "owner", company: "other" },
      ],
      password: "uma-senha-bem-forte-1",
    });
    const people = await stack.services.companies.members(ids.agro);
    const actor = (email: string, companyId = ids.agro): PortalActor => {
      const person = people.find((p) => p.email === email)!;
      return { id: person.id, name: person.name, email, companyId, role: person.role };
    };
    const owner = actor("dona@agrosul.example");
    const ticket = await stack.services.tickets.open(
      owner,
      { category: "duvida", priority: "media", subject: "Boletos em lote", description: "Como emitir 40?" },
      [{ filename: "tela.png", bytes: ONE_PIXEL_PNG }],
    );
    const nfse = "nfse-teste.pdf";
    await stack.services.files.nfse.put(nfse, new TextEncoder().encode("%PDF-1.4\n%%EOF\n"));
    await handle.db.insert(invoices).values({
      id: crypto.randomUUID(),
      companyId: ids.agro,
      number: "FAT-0001",
      competence: "2026-11",
      issuedOn: "2026-11-01",
      dueOn: "2026-11-30",
      amountCentavos: 19990,
      lines: [{ description: "Plano Profissional", amountCentavos: 19990 }],
      nfseNumber: "981",
      nfsePdf: nfse,
      source: "teste",
      createdAt: new Date(TODAY),
      updatedAt: new Date(TODAY),
    });
    await handle.db.insert(planChangeRequests).values({
      id: crypto.randomUUID(),
      companyId: ids.agro,
      requesterName: "Dona",
      requesterEmail: "dona@agrosul.example",
      fromCycle: "monthly",
      toPlanId: "empresarial",
      toCycle: "monthly",
      priceCentavos: 49990,
      prorataCentavos: 1000,
      createdAt: new Date(TODAY),
    });
    await stack.services.audit.record({
      actor: "dona@agrosul.example",
      action: "ticket.open",
      target: ticket.protocol,
      detail: { company: ids.agro },
    });

    const file = await stack.services.companyExport.export(owner);
    expect(file.mimeType).toBe("application/zip");
    expect(file.filename).toMatch(/^dados-12ABC34501DE35-2026-11-26\.zip$/);
    const zip = unzipSync(file.bytes);
    const text = (name: string) => new TextDecoder().decode(zip[name]);
    const json = (name: string) => JSON.parse(text(name));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining([
        "README.txt",
        "company.json",
        "users.json",
        "tickets.json",
        "invoices.json",
        "requests.json",
        "audit.json",
        "invoices/FAT-0001/nfse.pdf",
      ]),
    );
    expect(text("README.txt")).toContain(
      "Senhas, segredos de verificação em duas etapas e sessões nunca são",
    );
    expect(json("company.json")).toMatchObject({ legalName: "Agro Sul Ltda" });
    const users = json("users.json");
    expect(users.users.map((u: { email: string }) => u.email).sort()).toEqual([
      "dona@agrosul.example",
      "financeiro@agrosul.example",
    ]);
    for (const name of Object.keys(zip)) expect(text(name)).not.toMatch(/scrypt\$|passwordHash|totpSecret/);
    const tickets = json("tickets.json").tickets;
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ subject: "Boletos em lote", description: "Como emitir 40?" });
    const attachment = tickets[0].attachments[0];
    expect(attachment.filename).toBe("tela.png");
    expect(Buffer.from(zip[attachment.path]!)).toEqual(ONE_PIXEL_PNG);
    expect(json("invoices.json").invoices[0]).toMatchObject({ number: "FAT-0001", amountCentavos: 19990 });
    expect(json("requests.json").planChanges[0]).toMatchObject({ to: { planId: "empresarial" } });
    expect(json("audit.json").entries.map((e: { action: string }) => e.action)).toContain("ticket.open");
    expect(text("audit.json")).not.toContain("dono@outra.example");

    // The export itself is in the audit log.
    const recorded = await handle.db.select().from(auditLog).where(eq(auditLog.action, "company.export"));
    expect(recorded).toMatchObject([{ actor: "dona@agrosul.example", target: "12.ABC.345/01DE-35" }]);

    // Finance of the same company: the same 404 as for a page that is not there.
    await expect(
      stack.services.companyExport.export(actor("financeiro@agrosul.example")),
    ).rejects.toMatchObject({
      kind: "not-found",
    });
    // The other company's owner gets their own company, nothing of this one.
    const others = await stack.services.companies.members(ids.other);
    const theirs = unzipSync(
      (
        await stack.services.companyExport.export({
          id: others[0]!.id,
          name: others[0]!.name,
          email: "dono@outra.example",
          companyId: ids.other,
          role: "owner",
        })
      ).bytes,
    );
    expect(new TextDecoder().decode(theirs["company.json"])).toContain("Outra Ltda");
    expect(JSON.parse(new TextDecoder().decode(theirs["tickets.json"])).tickets).toEqual([]);
    expect(Object.keys(theirs).join()).not.toContain("FAT-0001");
  });
});
