import { randomUUID } from "node:crypto";
import { addDays, isDay, saoPauloDay } from "@domain/billing/dates.ts";
import { type BillingCycle, isBillingCycle } from "@domain/billing/proration.ts";
import { cnpjProblem, normaliseCnpj } from "@domain/cnpj.ts";
import { isUnlimited, type Plan } from "@domain/plans.ts";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import { and, asc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { type AuditActor, AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import { companies, users } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyStatus = CompanyRow["status"];

/** The plans of plans-data (the default level, in Portuguese): what a company may be on. */
export interface PlanCatalogue {
  plans(): Promise<Plan[]>;
}

export interface CompanyInput {
  cnpj: string;
  legalName: string;
  tradeName?: string;
  planId?: string | null;
  /** How the plan is billed (default monthly). */
  billingCycle?: BillingCycle;
  /**
   * The day (YYYY-MM-DD, São Paulo) the current cycle began, or null when not known (an update with
   * null or "" clears it). A company created on a plan without one starts its cycle on the day it
   * is registered.
   */
  cycleStartedOn?: string | null;
}

export interface CompanySummary {
  id: string;
  cnpj: string;
  legalName: string;
  tradeName: string;
  planId: string | null;
  status: CompanyStatus;
  members: number;
  createdAt: string;
}

/** A company's member as the portal and the admin list them: never a password hash. */
export interface Member {
  id: string;
  name: string;
  email: string;
  role: CompanyRole;
  disabled: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

/** The most members a plan allows (`usuarios` in plans-data), or null for no limit or no plan. */
export function memberLimit(plan: Plan | undefined): number | null {
  const value = plan?.limits.usuarios;
  if (typeof value === "number") return value;
  if (typeof value === "string" && !isUnlimited(value) && /^\d+$/.test(value.trim())) return Number(value);
  return null;
}

/** The fields of a company an edit changed, before and after (the audit log's detail). */
function changedFields(before: CompanyRow, after: CompanyRow): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of [
    "cnpj",
    "legalName",
    "tradeName",
    "planId",
    "billingCycle",
    "cycleStartedOn",
    "status",
  ] as const) {
    if (before[key] !== after[key]) changed[key] = { de: before[key], para: after[key] };
  }
  return changed;
}

/**
 * Customer companies (decision 091): created by staff (admin area) or by `npm run user:create --company`,
 * identified by their CNPJ, on a plan of plans-data. What staff do is recorded in the audit log.
 */
export class CompanyService {
  private readonly now: () => Date;
  private readonly audit: AuditLog;

  constructor(
    private readonly options: {
      db: Database;
      plans: PlanCatalogue;
      now?: () => Date;
      /** The platform's audit log (decision 072); by default one over `db`. */
      audit?: AuditLog;
    },
  ) {
    this.now = options.now ?? (() => new Date());
    this.audit = options.audit ?? new AuditLog(options.db, options.now);
  }

  get db(): Database {
    return this.options.db;
  }

  async plans(): Promise<Plan[]> {
    return this.options.plans.plans();
  }

  async plan(planId: string | null): Promise<Plan | undefined> {
    if (!planId) return undefined;
    return (await this.plans()).find((plan) => plan.id === planId);
  }

  async get(id: string, db: Database = this.options.db): Promise<CompanyRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await db.select().from(companies).where(eq(companies.id, id));
    return row ?? null;
  }

  async findByCnpj(cnpj: string, db: Database = this.options.db): Promise<CompanyRow | null> {
    const [row] = await db
      .select()
      .from(companies)
      .where(eq(companies.cnpj, normaliseCnpj(cnpj)));
    return row ?? null;
  }

  /** A company staff register in the admin area: created, and recorded as company.create. */
  async createAsStaff(staff: AuditActor, input: CompanyInput): Promise<CompanyRow> {
    const company = await this.create(input);
    await this.audit.record({
      actor: staff.email,
      action: "company.create",
      target: company.cnpj,
      detail: { legalName: company.legalName, planId: company.planId },
    });
    return company;
  }

  /** A new company (the CLI and the demo seed create theirs here too, unrecorded). */
  async create(input: CompanyInput, db: Database = this.options.db): Promise<CompanyRow> {
    const fields = await this.checked(input);
    const cycle = checkedCycle(input, saoPauloDay(this.now()));
    if (await this.findByCnpj(fields.cnpj, db)) throw new DomainError("conflict", "companies.cnpjTaken");
    const [row] = await db
      .insert(companies)
      .values({
        id: randomUUID(),
        ...fields,
        billingCycle: cycle.billingCycle ?? "monthly",
        cycleStartedOn: cycle.cycleStartedOn ?? (fields.planId ? saoPauloDay(this.now()) : null),
        createdAt: this.now(),
        updatedAt: this.now(),
      })
      .returning();
    return row!;
  }

  /**
   * Staff edit a company's data and plan, or suspend or reactivate it: recorded as company.update,
   * company.suspend or company.reactivate with the fields changed, before and after.
   */
  async update(
    staff: AuditActor,
    id: string,
    input: Partial<CompanyInput> & { status?: CompanyStatus },
  ): Promise<CompanyRow> {
    const current = await this.get(id);
    if (!current) throw new DomainError("not-found", "companies.companyNotFound");
    const cycle = checkedCycle(input, saoPauloDay(this.now()));
    const fields = await this.checked({
      cnpj: input.cnpj ?? current.cnpj,
      legalName: input.legalName ?? current.legalName,
      tradeName: input.tradeName ?? current.tradeName,
      planId: input.planId === undefined ? current.planId : input.planId,
    });
    if (fields.cnpj !== current.cnpj) {
      const other = await this.findByCnpj(fields.cnpj);
      if (other && other.id !== id) throw new DomainError("conflict", "companies.cnpjTaken");
    }
    const [row] = await this.options.db
      .update(companies)
      .set({
        ...fields,
        ...cycle,
        ...(input.status ? { status: input.status } : {}),
        updatedAt: this.now(),
      })
      .where(eq(companies.id, id))
      .returning();
    const statusChange = input.status === "suspended" ? "company.suspend" : "company.reactivate";
    await this.audit.record({
      actor: staff.email,
      action: input.status ? statusChange : "company.update",
      target: row!.cnpj,
      detail: changedFields(current, row!),
    });
    return row!;
  }

  /** Companies for the admin list, by legal or trade name or CNPJ (any punctuation), with member counts. */
  async list(search = ""): Promise<CompanySummary[]> {
    const term = search.trim();
    const cnpjTerm = normaliseCnpj(term);
    const filter = term
      ? or(
          ilike(companies.legalName, `%${escapeLike(term)}%`),
          ilike(companies.tradeName, `%${escapeLike(term)}%`),
          ...(cnpjTerm ? [ilike(companies.cnpj, `%${escapeLike(cnpjTerm)}%`)] : []),
        )
      : undefined;
    const rows = await this.options.db
      .select({
        company: companies,
        // Spelled out: inside a subquery drizzle would leave "id" unqualified, which is users.id there.
        members: sql<number>`(select count(*)::int from users u where u.company_id = companies.id)`,
      })
      .from(companies)
      .where(filter)
      .orderBy(asc(companies.legalName))
      .limit(200);
    return rows.map(({ company, members }) => ({
      id: company.id,
      cnpj: company.cnpj,
      legalName: company.legalName,
      tradeName: company.tradeName,
      planId: company.planId,
      status: company.status,
      members: Number(members),
      createdAt: company.createdAt.toISOString(),
    }));
  }

  async members(companyId: string): Promise<Member[]> {
    const rows = await this.options.db
      .select()
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.companyRole!,
      disabled: row.disabledAt !== null,
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** How many people belong to the company (active or not): what the plan's user limit counts. */
  async memberCount(companyId: string, db: Database = this.options.db): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.companyId, companyId));
    return Number(row?.n ?? 0);
  }

  /** Owners who can still sign in: the last of them can be neither removed nor demoted. */
  async activeOwnerCount(companyId: string, db: Database = this.options.db): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.companyRole, "owner"), isNull(users.disabledAt)));
    return Number(row?.n ?? 0);
  }

  /** The input as stored, or a refusal naming what is wrong. */
  private async checked(
    input: CompanyInput,
  ): Promise<Required<Pick<CompanyInput, "cnpj" | "legalName" | "tradeName">> & { planId: string | null }> {
    const problem = cnpjProblem(input.cnpj);
    if (problem) {
      throw new DomainError(
        "invalid",
        problem === "length" ? "companies.cnpjLength" : "companies.cnpjInvalid",
      );
    }
    const legalName = input.legalName.trim();
    if (legalName.length < 2) throw new DomainError("invalid", "companies.legalNameRequired");
    const planId = input.planId?.trim() || null;
    if (planId && !(await this.plans()).some((plan) => plan.id === planId))
      throw new DomainError("invalid", "companies.unknownPlan", [planId]);
    return {
      cnpj: normaliseCnpj(input.cnpj),
      legalName: legalName.slice(0, 200),
      tradeName: (input.tradeName ?? "").trim().slice(0, 200),
      planId,
    };
  }
}

/** The billing cycle fields of an input, checked; those not given stay undefined (unchanged). */
function checkedCycle(
  input: Partial<CompanyInput>,
  today: string,
): {
  billingCycle?: BillingCycle;
  cycleStartedOn?: string | null;
} {
  const out: { billingCycle?: BillingCycle; cycleStartedOn?: string | null } = {};
  if (input.billingCycle !== undefined) {
    if (!isBillingCycle(input.billingCycle)) throw new DomainError("invalid", "companies.unknownCycle");
    out.billingCycle = input.billingCycle;
  }
  if (input.cycleStartedOn !== undefined) {
    const day = input.cycleStartedOn?.trim() || null;
    // A real day, within a sensible range (a typo of the year is refused, not stored).
    if (day !== null && (!isDay(day) || day < "2000-01-01" || day > addDays(today, 400)))
      throw new DomainError("invalid", "companies.cycleStartInvalid");
    out.cycleStartedOn = day;
  }
  return out;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in addresses are checked before they reach a uuid column (a bad one is a 404, not a 500). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
