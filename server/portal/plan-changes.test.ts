import { randomUUID } from "node:crypto";
import type { Plan } from "@domain/plans.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshPglite } from "../../tests/support/databases.ts";
import { AuditLog } from "../admin/audit.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { CompanyService } from "./companies.ts";
import type { PortalActor } from "./members.ts";
import { PlanChangeService } from "./plan-changes.ts";

function plan(id: string, monthly: number, annual: number): Plan {
  return {
    id,
    name: id,
    description: "",
    popular: false,
    monthly_price: monthly,
    annual_price: annual,
    limits: {},
    features: { basic: [] },
  };
}

const PLANS = [plan("essencial", 99, 990), plan("empresarial", 299, 2990), plan("corporativo", 599, 5990)];

describe("a company's plan change requests on PGlite (decision 095)", () => {
  let handle: DatabaseHandle;
  let planChanges: PlanChangeService;
  let owner: PortalActor;
  // 2026-11-22 in São Paulo; each request a minute after the one before.
  let now = new Date("2026-11-22T13:00:00Z").getTime();
  const clock = () => {
    now += 60_000;
    return new Date(now);
  };

  beforeAll(async () => {
    handle = await openFreshPglite();
    const audit = new AuditLog(handle.db, clock);
    const companies = new CompanyService({
      db: handle.db,
      plans: { plans: async () => PLANS },
      now: clock,
      audit,
    });
    const company = await companies.create({
      cnpj: "12.ABC.345/01DE-35",
      legalName: "Agro Sul Comércio de Grãos Ltda",
      planId: "essencial",
      cycleStartedOn: "2026-11-07",
    });
    const [user] = await handle.db
      .insert(users)
      .values({
        id: randomUUID(),
        email: "dona@agrosul.com.br",
        username: "dona",
        name: "Dona",
        role: "customer",
        companyId: company.id,
        companyRole: "owner",
        passwordHash: "scrypt$x",
        preferences: { language: "pt" },
      })
      .returning();
    owner = { id: user!.id, name: user!.name, email: user!.email, companyId: company.id, role: "owner" };
    planChanges = new PlanChangeService({
      db: handle.db,
      audit,
      companies,
      publicBaseUrl: "http://x",
      now: clock,
    });
    // Opening an embedded database beside the other test files takes longer than a hook's default.
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("lists a withdrawn request once, with the quote it was asked with, and counts requests, not jobs", async () => {
    const withdrawn = await planChanges.request(owner, "empresarial", "monthly");
    // The withdrawal queues a second job of the request (the word to sales on its Jira issue).
    await planChanges.withdraw(owner, withdrawn.id);
    const open = await planChanges.request(owner, "corporativo", "monthly");

    const listed = await planChanges.requests(owner.companyId);
    expect(listed.map((r) => [r.id, r.status, r.basis])).toEqual([
      [open.id, "requested", "same-cycle"],
      [withdrawn.id, "cancelled", "same-cycle"],
    ]);
    // The limit is a number of requests: the withdrawn one's second job does not push it out.
    expect((await planChanges.requests(owner.companyId, "pt", 2)).map((r) => r.id)).toEqual([
      open.id,
      withdrawn.id,
    ]);
  });
});
