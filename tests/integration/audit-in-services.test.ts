import { AuditLog } from "@server/admin/audit.ts";
import { Cache } from "@server/cache/cache.ts";
import { ContentAdmin } from "@server/content/admin.ts";
import { EditorialWorkflow } from "@server/content/workflow.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { auditLog, users } from "@server/db/schema.ts";
import { MemberService, type PortalActor } from "@server/portal/members.ts";
import { MemoryWindowCounter } from "@server/rate/window-counter.ts";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { leadStack } from "../support/lead-stack.ts";
import { seedPortal } from "../support/portal-seed.ts";

afterAll(dropCreatedDatabases);

/**
 * The services write the audit log themselves (decision 072): an operation records its entry with
 * the person who acted, a refused one records nothing, and where the operation is a transaction its
 * entry is in it: without the entry, the change is not kept either.
 */

const STAFF = { email: "equipe@vertice.com.br" };
const DEFAULT_LEVEL = { segment: "", lang: "" };

/** An audit log that cannot be written (its table locked, say). */
class UnwritableAuditLog extends AuditLog {
  override async record(): Promise<void> {
    throw new Error("audit log unavailable");
  }
}

describe.each(databaseTargets())("the audit log written by the services on $name", (target) => {
  let handle: DatabaseHandle;
  let stack: Awaited<ReturnType<typeof leadStack>>;

  beforeEach(async () => {
    handle = await target.open();
    stack = await leadStack(handle, null);
  });
  afterEach(async () => {
    await handle.close();
  });

  const entries = () => handle.db.select().from(auditLog).orderBy(asc(auditLog.id));

  it("admin: a company and its invoice, recorded with the staff member; a refusal records nothing", async () => {
    const { companies, invoices } = stack.services;
    const company = await companies.createAsStaff(STAFF, {
      cnpj: "11.222.333/0001-81",
      legalName: "Agro Sul Ltda",
    });
    await expect(
      companies.createAsStaff(STAFF, { cnpj: "11222333000181", legalName: "Outra Ltda" }),
    ).rejects.toMatchObject({ kind: "conflict" });
    await companies.update(STAFF, company.id, { status: "suspended" });
    const { invoice } = await invoices.createAsStaff(STAFF, {
      number: "2026-0001",
      cnpj: company.cnpj,
      competence: "2026-11",
      issuedOn: "2026-11-01",
      dueOn: "2026-11-10",
      amountCentavos: 129990,
      lines: [{ description: "Plano Empresarial — novembro", amountCentavos: 129990 }],
    });
    await invoices.setStatusAsStaff(STAFF, invoice.number, { status: "cancelled" });
    await expect(
      invoices.setStatusAsStaff(STAFF, invoice.number, { status: "paid", paidOn: "2026-11-20" }),
    ).rejects.toMatchObject({ kind: "conflict" });

    expect(await entries()).toMatchObject([
      {
        actor: STAFF.email,
        action: "company.create",
        target: company.cnpj,
        detail: { legalName: "Agro Sul Ltda", planId: null },
      },
      {
        actor: STAFF.email,
        action: "company.suspend",
        target: company.cnpj,
        detail: { status: { de: "active", para: "suspended" } },
      },
      {
        actor: STAFF.email,
        action: "invoice.create",
        target: "2026-0001",
        detail: { cnpj: company.cnpj, amountCentavos: 129990, dueOn: "2026-11-10" },
      },
      { actor: STAFF.email, action: "invoice.cancel", target: "2026-0001", detail: null },
    ]);
  });

  it("portal: a member's changes, recorded with the member and the company; refusals record nothing", async () => {
    const ids = await seedPortal(handle.db, {
      companies: { agro: { cnpj: "12.ABC.345/01DE-35", legalName: "Agro Sul Ltda" } },
      people: [
        { email: "dona@agrosul.example", role: "owner", company: "agro", name: "Dona" },
        { email: "ana@agrosul.example", role: "member", company: "agro", name: "Ana" },
        { email: "bruno@agrosul.example", role: "finance", company: "agro", name: "Bruno" },
      ],
      password: "uma-senha-bem-forte-1",
    });
    const people = await stack.services.companies.members(ids.agro);
    const actor = (email: string): PortalActor => {
      const person = people.find((p) => p.email === email)!;
      return { id: person.id, name: person.name, email, companyId: ids.agro, role: person.role };
    };
    const [owner, ana, bruno] = [
      actor("dona@agrosul.example"),
      actor("ana@agrosul.example"),
      actor("bruno@agrosul.example"),
    ];
    const { members } = stack.services;

    await members.changeRole(owner, ana.id, "admin");
    await expect(members.remove(owner, owner.id)).rejects.toMatchObject({ kind: "invalid" });
    await expect(
      members.invite(bruno, { email: "novo@agrosul.example", role: "member" }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    await members.remove(owner, ana.id);
    expect(await entries()).toMatchObject([
      {
        actor: owner.email,
        action: "member.role",
        target: ana.id,
        detail: { company: ids.agro, role: "admin" },
      },
      { actor: owner.email, action: "member.remove", target: ana.email, detail: { company: ids.agro } },
    ]);

    // The role change and its entry are one transaction: without the entry, no change.
    const unrecorded = new MemberService({
      db: handle.db,
      accounts: stack.services.accounts,
      companies: stack.services.companies,
      mailer: { available: false, send: async () => {} },
      publicBaseUrl: "http://localhost",
      invitationCounter: new MemoryWindowCounter(),
      audit: new UnwritableAuditLog(handle.db),
    });
    await expect(unrecorded.changeRole(owner, bruno.id, "member")).rejects.toThrow("audit log unavailable");
    const [row] = await handle.db.select().from(users).where(eq(users.id, bruno.id));
    expect(row!.companyRole).toBe("finance");
    expect(await entries()).toHaveLength(2);
  });

  it("content: a publication, recorded with its author in its transaction; a stale one records nothing", async () => {
    const { workflow, contentAdmin } = stack.services;
    const name = "testimonials-data";
    const draftTitled = async (title: string) => {
      const current = await contentAdmin.read(name, DEFAULT_LEVEL);
      await workflow.saveDraft({
        name,
        level: DEFAULT_LEVEL,
        data: { ...(current.data as object), title },
        author: STAFF.email,
      });
      return current;
    };

    const before = await draftTitled("Quem já usa");
    await expect(
      workflow.publish({ name, level: DEFAULT_LEVEL, author: STAFF.email, ifMatch: '"v-0-stale"' }),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(await entries()).toEqual([]);
    const published = await workflow.publish({
      name,
      level: DEFAULT_LEVEL,
      author: STAFF.email,
      ifMatch: before.etag,
    });
    expect(await entries()).toMatchObject([
      {
        actor: STAFF.email,
        action: "content.publish",
        target: "testimonials-data.json",
        detail: { segment: "", lang: "", version: published.version },
      },
    ]);

    // Without its entry the publication is not kept: the version stays, and so does the draft.
    await draftTitled("Clientes");
    const unwritable = new UnwritableAuditLog(handle.db);
    const unrecorded = new EditorialWorkflow({
      db: handle.db,
      admin: new ContentAdmin(handle.db, new Cache({ remote: null }), undefined, unwritable),
      logger: { info: () => {}, warn: () => {} },
      audit: unwritable,
    });
    await expect(unrecorded.publish({ name, level: DEFAULT_LEVEL, author: STAFF.email })).rejects.toThrow(
      "audit log unavailable",
    );
    expect((await contentAdmin.read(name, DEFAULT_LEVEL)).version).toBe(published.version);
    expect((await workflow.draft(name, DEFAULT_LEVEL))?.data).toMatchObject({ title: "Clientes" });
    expect(await entries()).toHaveLength(1);
  });
});
