/**
 * A plan change's whole life (decision 095) through the composition root, the fake Jira and the fake
 * SMTP server, on the embedded database and PostgreSQL: an owner's request stored 'Solicitado' with
 * its price and pro-rata, delivered once to sales (FDVW, label mudanca-plano) even when Jira's answer
 * is lost, refused to a member, to a second open request and to the same plan; staff apply it (the
 * company's plan changes from the day asked, the owners get an e-mail in their language, the audit
 * log has it) or refuse it with a note; and requests kept while Jira was not configured.
 */
import { randomUUID } from "node:crypto";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { auditLog, companies, deliveryJobs, planChangeRequests, users } from "@server/db/schema.ts";
import { DomainError } from "@server/domain-errors.ts";
import type { PortalActor } from "@server/portal/members.ts";
import { requeueSimulatedPlanRequests } from "@server/portal/plan-request-delivery.ts";
import { adfToText } from "@server/tracker/adf.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { leadStack, testClock } from "../support/lead-stack.ts";
import { testHasher } from "../support/passwords.ts";
import { tempDataDir } from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

const PASSWORD_HASH = testHasher.hash("senha-forte-1");
const STAFF = { email: "comercial@vertice.local" };

/** The refusal a promise ends with: its kind and message. */
async function refusalOf(promise: Promise<unknown>): Promise<{ kind: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(DomainError.is(error), `a DomainError, not ${String(error)}`).toBe(true);
  return { kind: (error as DomainError).kind, message: (error as DomainError).message };
}

describe.each(databaseTargets())("plan changes on $name (decision 095)", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;
  let smtp: FakeSmtp;
  let stack: Awaited<ReturnType<typeof leadStack>>;
  let companyId: string;
  let owner: PortalActor;
  let englishOwner: PortalActor;
  let member: PortalActor;
  let finance: PortalActor;
  let stranger: PortalActor;

  async function person(
    email: string,
    role: CompanyRole,
    company = companyId,
    language: "pt" | "en" = "pt",
  ): Promise<PortalActor> {
    const [user] = await handle.db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        username: email.replace(/[^a-z0-9]/g, ""),
        name: email.split("@")[0]!,
        role: "customer",
        companyId: company,
        companyRole: role,
        passwordHash: await PASSWORD_HASH,
        preferences: { language },
      })
      .returning();
    return { id: user!.id, name: user!.name, email: user!.email, companyId: company, role };
  }

  async function deliver() {
    while ((await stack.worker.kick()) > 0) {}
  }

  const company = async () =>
    (await handle.db.select().from(companies).where(eq(companies.id, companyId)))[0]!;

  beforeEach(async () => {
    [handle, jira, smtp] = await Promise.all([target.open(), startFakeJira(), startFakeSmtp()]);
    // 2026-11-22 in São Paulo.
    const clock = testClock();
    stack = await leadStack(handle, jira, clock, { env: { SMTP_URL: smtp.url, DATA_DIR: tempDataDir() } });
    jira.setNow(clock.now);
    const created = await stack.services.companies.create({
      cnpj: "12.ABC.345/01DE-35",
      legalName: "Agro Sul Comércio de Grãos Ltda",
      tradeName: "Agro Sul",
      planId: "profissional",
      billingCycle: "monthly",
      // The cycle runs 7 Nov – 7 Dec (30 days): on the 22nd, 15 days are left.
      cycleStartedOn: "2026-11-07",
    });
    companyId = created.id;
    owner = await person("dona@agrosul.com.br", "owner");
    englishOwner = await person("owner@agrosul.com.br", "owner", companyId, "en");
    member = await person("ana@agrosul.com.br", "member");
    finance = await person("fin@agrosul.com.br", "finance");
    const other = await stack.services.companies.create({
      cnpj: "11.222.333/0001-81",
      legalName: "Outra Empresa Ltda",
      planId: "essencial",
    });
    stranger = await person("dono@outra.com.br", "owner", other.id);
  });
  afterEach(async () => {
    await stack.worker.stop();
    await Promise.all([jira.close(), smtp.close()]);
    await handle.close();
  });

  it("shows the plan: price, cycle, renewal and users against members; 'Ilimitado' as A §9 reads it", async () => {
    const view = await stack.services.planChanges.view(await company(), "pt");
    expect(view).toMatchObject({
      plan: { id: "profissional", name: "Profissional" },
      cycle: "monthly",
      priceCentavos: 29_990,
      monthlyCentavos: 29_990,
      cycleStartedOn: "2026-11-07",
      renewsOn: "2026-12-07",
      open: null,
      last: null,
    });
    expect(view.limits.find((row) => row.key === "usuarios")).toMatchObject({
      limit: 10,
      used: 4,
      percent: 40,
    });
    expect(view.limits.find((row) => row.key === "notas_fiscais_mes")).toMatchObject({
      limit: 500,
      used: null,
    });
    // A company registered on a plan without a start begins its cycle that day.
    const other = (await handle.db.select().from(companies).where(eq(companies.id, stranger.companyId)))[0]!;
    expect(other.cycleStartedOn).toBe("2026-11-22");

    await handle.db
      .update(companies)
      .set({ planId: "corporativo", billingCycle: "annual", cycleStartedOn: "2026-01-10" })
      .where(eq(companies.id, companyId));
    const corporate = await stack.services.planChanges.view(await company(), "en");
    expect(corporate).toMatchObject({
      plan: { name: "Corporate" },
      priceCentavos: 1_249_900,
      monthlyCentavos: 104_158,
      renewsOn: "2027-01-10",
    });
    expect(corporate.limits.find((row) => row.key === "usuarios")).toMatchObject({
      kind: "unlimited",
      label: "users",
      used: 4,
    });
    expect(corporate.limits.find((row) => row.key === "suporte")).toMatchObject({
      kind: "text",
      text: "dedicated account manager",
    });
  });

  it("an owner's request: 'Solicitado', to FDVW once (a lost answer too), refused to others; staff apply it", async () => {
    const quote = await stack.services.planChanges.quote(await company(), "empresarial", "monthly");
    expect(quote).toMatchObject({ basis: "same-cycle", priceCentavos: 59_990, prorataCentavos: 15_000 });

    const request = await stack.services.planChanges.request(owner, "empresarial", "monthly");
    expect(request).toMatchObject({
      status: "requested",
      fromPlanId: "profissional",
      toPlanId: "empresarial",
      priceCentavos: 59_990,
      prorataCentavos: 15_000,
      requestedOn: "2026-11-22",
    });
    const view = await stack.services.planChanges.view(await company(), "pt");
    expect(view.open).toMatchObject({ id: request.id, status: "requested", toPlanName: "Empresarial" });

    // Only owners and admins ask; one open request at a time; never the plan one is on.
    for (const who of [member, finance])
      expect(await refusalOf(stack.services.planChanges.request(who, "essencial", "monthly"))).toMatchObject({
        kind: "forbidden",
        message: "Somente proprietários e administradores da empresa podem pedir a mudança de plano.",
      });
    expect(
      await refusalOf(stack.services.planChanges.request(englishOwner, "corporativo", "annual")),
    ).toEqual({
      kind: "conflict",
      message:
        "Já existe um pedido de mudança de plano em aberto. Aguarde a resposta da nossa equipe antes de fazer outro.",
    });
    expect(
      (await refusalOf(stack.services.planChanges.quote(await company(), "profissional", "monthly"))).kind,
    ).toBe("invalid");
    expect(
      (await refusalOf(stack.services.planChanges.request(stranger, "nao-existe", "monthly"))).kind,
    ).toBe("invalid");

    // Delivered to sales once, although Jira's answer to the create is lost.
    jira.loseResponseOfNextCreate();
    await deliver();
    stack.clock.advance(5 * 60_000);
    await deliver();
    expect(jira.issues).toHaveLength(1);
    const issue = jira.issues[0]!;
    expect(issue.projectKey).toBe("FDVW");
    expect(issue.labels).toEqual(
      expect.arrayContaining(["mudanca-plano", "portal", "empresa-12abc34501de35", `plan-${request.id}`]),
    );
    expect(issue.summary).toBe("Mudança de plano: Agro Sul — Profissional (mensal) → Empresarial (mensal)");
    const description = adfToText(issue.description);
    for (const part of [
      "Agro Sul Comércio de Grãos Ltda",
      "12.ABC.345/01DE-35",
      "Pedido por: dona <dona@agrosul.com.br> (Proprietário)",
      "R$ 599,90/mês",
      "R$ 150,00 a cobrar (15 de 30 dias restantes do ciclo)",
      "22/11/2026",
      `/admin/empresas/${companyId}`,
    ])
      expect(description).toContain(part);
    const [stored] = await handle.db
      .select()
      .from(planChangeRequests)
      .where(eq(planChangeRequests.id, request.id));
    expect(stored).toMatchObject({ trackerKey: "FDVW-1", trackerUrl: `${jira.url}/browse/FDVW-1` });

    // Staff of another company's page find nothing; staff apply it from the company's page.
    expect(
      (await refusalOf(stack.services.planChanges.decide(STAFF, stranger.companyId, request.id, "apply")))
        .kind,
    ).toBe("not-found");
    stack.clock.advance(3 * 24 * 3600_000);
    const applied = await stack.services.planChanges.decide(STAFF, companyId, request.id, "apply");
    expect(applied).toMatchObject({ status: "applied", effectiveOn: "2026-11-22", decidedBy: STAFF.email });
    // Within the cycle: the plan changes, the renewal stays.
    expect(await company()).toMatchObject({
      planId: "empresarial",
      billingCycle: "monthly",
      cycleStartedOn: "2026-11-07",
    });
    expect(
      (await refusalOf(stack.services.planChanges.decide(STAFF, companyId, request.id, "refuse", "tarde")))
        .kind,
    ).toBe("conflict");

    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "plan.apply"));
    expect(audit).toMatchObject({ actor: STAFF.email, target: "12ABC34501DE35" });
    expect(audit!.detail).toMatchObject({
      request: request.id,
      de: { plano: "profissional", ciclo: "monthly" },
      para: { plano: "empresarial", ciclo: "monthly" },
      prorataCentavos: 15_000,
      vigencia: "2026-11-22",
    });

    // Every owner hears of it, in their language; nobody else does.
    await deliver();
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual([
      "dona@agrosul.com.br",
      "owner@agrosul.com.br",
    ]);
    const pt = smtp.messages.find((m) => m.to.includes("dona@agrosul.com.br"))!;
    expect(pt.subject).toBe("Seu plano foi alterado para Empresarial (mensal)");
    expect(pt.text).toContain(
      "desde 22/11/2026, o plano é Empresarial, com cobrança mensal, por R$ 599,90/mês",
    );
    expect(pt.text).toContain("http://localhost/user/plano");
    const en = smtp.messages.find((m) => m.to.includes("owner@agrosul.com.br"))!;
    expect(en.subject).toBe("Your plan was changed to Business (monthly)");

    const after = await stack.services.planChanges.view(await company(), "pt");
    expect(after).toMatchObject({ plan: { id: "empresarial" }, open: null, last: { status: "applied" } });
    // The Jira issue is not created again by anything that followed.
    expect(jira.issues).toHaveLength(1);
  });

  it("a cycle change credits the unused days; refused with a note, nothing changes; applied, a new cycle starts the day asked", async () => {
    const request = await stack.services.planChanges.request(englishOwner, "profissional", "annual");
    // 299,900 − 29,990 × 15 / 30 = 284,905
    expect(request).toMatchObject({
      priceCentavos: 299_900,
      prorataCentavos: 284_905,
      basis: "cycle-change",
    });
    expect(
      (await refusalOf(stack.services.planChanges.decide(STAFF, companyId, request.id, "refuse", " "))).kind,
    ).toBe("invalid");
    const refused = await stack.services.planChanges.decide(
      STAFF,
      companyId,
      request.id,
      "refuse",
      "O plano anual começa no próximo ciclo.",
    );
    expect(refused).toMatchObject({ status: "refused", effectiveOn: null });
    expect(await company()).toMatchObject({
      planId: "profissional",
      billingCycle: "monthly",
      cycleStartedOn: "2026-11-07",
    });
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.action, "plan.refuse"))).toHaveLength(1);
    await deliver();
    const mail = smtp.messages.find((m) => m.to.includes("dona@agrosul.com.br"))!;
    expect(mail.subject).toBe("Seu pedido de mudança de plano não foi aplicado");
    // The note stays behind the sign-in; the plan page shows it.
    expect(mail.text).not.toContain("próximo ciclo");
    const view = await stack.services.planChanges.view(await company(), "en");
    expect(view).toMatchObject({
      open: null,
      last: { status: "refused", decisionNote: "O plano anual começa no próximo ciclo." },
    });

    // A new request is possible once the last one was answered; applied, the year starts the day asked.
    const again = await stack.services.planChanges.request(owner, "profissional", "annual");
    stack.clock.advance(2 * 24 * 3600_000);
    await stack.services.planChanges.decide(STAFF, companyId, again.id, "apply");
    expect(await company()).toMatchObject({ billingCycle: "annual", cycleStartedOn: "2026-11-22" });
    const annual = await stack.services.planChanges.view(await company(), "pt");
    expect(annual).toMatchObject({ priceCentavos: 299_900, monthlyCentavos: 24_992, renewsOn: "2027-11-22" });
  });

  it("an open request withdrawn by the company: 'Cancelado', Jira told on its issue, a new one may follow", async () => {
    const request = await stack.services.planChanges.request(owner, "empresarial", "monthly");
    await deliver();
    expect(jira.issues).toHaveLength(1);
    // A member cannot withdraw, nor another company's owner.
    expect((await refusalOf(stack.services.planChanges.withdraw(member, request.id))).kind).toBe("forbidden");
    expect((await refusalOf(stack.services.planChanges.withdraw(stranger, request.id))).kind).toBe(
      "not-found",
    );

    const withdrawn = await stack.services.planChanges.withdraw(englishOwner, request.id);
    expect(withdrawn).toMatchObject({ id: request.id, status: "cancelled" });
    expect((await stack.services.planChanges.view(await company(), "pt")).open).toBeNull();
    expect((await company()).planId).toBe("profissional");
    await deliver();
    expect(jira.issues).toHaveLength(1);
    expect(jira.issues[0]!.comments.map((c) => adfToText(c))).toEqual([
      "Pedido retirado pela empresa. owner@agrosul.com.br retirou o pedido em 22/11/2026: nada a aplicar.",
    ]);
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "plan.withdraw"));
    expect(audit).toMatchObject({ actor: "owner@agrosul.com.br", target: "empresarial" });

    // Withdrawn once; staff can no longer apply it; a new request is allowed.
    expect(await refusalOf(stack.services.planChanges.withdraw(owner, request.id))).toEqual({
      kind: "conflict",
      message: "Este pedido já foi respondido pela nossa equipe e não pode mais ser retirado.",
    });
    expect(
      (await refusalOf(stack.services.planChanges.decide(STAFF, companyId, request.id, "apply"))).kind,
    ).toBe("conflict");
    const next = await stack.services.planChanges.request(owner, "essencial", "monthly");
    expect(next.status).toBe("requested");
  });

  it("a request withdrawn before it reached Jira never becomes an issue", async () => {
    // Jira is down meanwhile, so the request cannot reach it before it is withdrawn (the request's
    // own write wakes the worker at once); back up, the jobs run again.
    jira.setDown(true);
    const request = await stack.services.planChanges.request(owner, "empresarial", "monthly");
    await stack.services.planChanges.withdraw(owner, request.id);
    await deliver();
    jira.setDown(false);
    for (let round = 0; round < 6; round++) {
      await deliver();
      stack.clock.advance(15 * 60_000);
    }
    expect(jira.issues).toHaveLength(0);
    const jobs = await handle.db
      .select({ status: deliveryJobs.status })
      .from(deliveryJobs)
      .where(and(eq(deliveryJobs.kind, "plan_request"), eq(deliveryJobs.planRequestId, request.id)));
    expect(jobs.map((j) => j.status)).toEqual(["done", "done"]);
  });

  it("two requests at the same moment: one is stored, the other refused", async () => {
    const results = await Promise.allSettled([
      stack.services.planChanges.request(owner, "empresarial", "monthly"),
      stack.services.planChanges.request(englishOwner, "essencial", "annual"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(DomainError.is(rejected.reason, "conflict")).toBe(true);
    const rows = await handle.db
      .select()
      .from(planChangeRequests)
      .where(eq(planChangeRequests.companyId, companyId));
    expect(rows).toHaveLength(1);
    const jobs = await handle.db
      .select()
      .from(deliveryJobs)
      .where(and(eq(deliveryJobs.kind, "plan_request"), eq(deliveryJobs.planRequestId, rows[0]!.id)));
    expect(jobs).toHaveLength(1);
  });

  it("requests kept while Jira was not configured reach sales once it is; answered ones do not", async () => {
    const simulated = await leadStack(handle, null, stack.clock, {
      env: { DATA_DIR: stack.services.config.DATA_DIR },
    });
    const open = await simulated.services.planChanges.request(owner, "empresarial", "annual");
    const answered = await simulated.services.planChanges.request(stranger, "profissional", "monthly");
    await simulated.services.planChanges.decide(
      STAFF,
      stranger.companyId,
      answered.id,
      "refuse",
      "Não agora.",
    );
    while ((await simulated.worker.kick()) > 0) {}
    await simulated.worker.stop();
    expect(jira.issues).toHaveLength(0);

    expect(await requeueSimulatedPlanRequests(handle.db, stack.clock.now())).toBe(1);
    await deliver();
    expect(jira.issues).toHaveLength(1);
    expect(jira.issues[0]!.labels).toContain(`plan-${open.id}`);
    expect(await requeueSimulatedPlanRequests(handle.db, stack.clock.now())).toBe(0);
  });
});
