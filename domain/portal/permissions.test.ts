import { describe, expect, it } from "vitest";
import {
  assignableRoles,
  COMPANY_ROLES,
  type CompanyRole,
  can,
  canManageMember,
  type PortalPermission,
} from "./permissions.ts";

/** The whole table, written out: a change to a role's rights must change this test. */
const TABLE: Record<PortalPermission, Record<CompanyRole, boolean>> = {
  "members.view": { owner: true, admin: true, finance: true, member: true },
  "members.manage": { owner: true, admin: true, finance: false, member: false },
  "tickets.create": { owner: true, admin: true, finance: true, member: true },
  "tickets.viewCompany": { owner: true, admin: true, finance: false, member: false },
  "plan.view": { owner: true, admin: true, finance: true, member: true },
  "plan.request": { owner: true, admin: true, finance: false, member: false },
  "billing.view": { owner: true, admin: true, finance: true, member: false },
  "integrations.view": { owner: true, admin: true, finance: false, member: true },
  "integrations.manage": { owner: true, admin: true, finance: false, member: false },
  // Decision 111: the company's whole data as a ZIP, for its owners only.
  "company.export": { owner: true, admin: false, finance: false, member: false },
};

describe("what each company role may do (decision 091)", () => {
  for (const [permission, roles] of Object.entries(TABLE) as [
    PortalPermission,
    Record<CompanyRole, boolean>,
  ][]) {
    for (const role of COMPANY_ROLES) {
      it(`${role} ${roles[role] ? "may" : "may not"} ${permission}`, () => {
        expect(can(role, permission)).toBe(roles[role]);
      });
    }
  }

  it("lets owners give any role, admins any but owner, and nobody else any", () => {
    expect(assignableRoles("owner")).toEqual(["owner", "admin", "finance", "member"]);
    expect(assignableRoles("admin")).toEqual(["admin", "finance", "member"]);
    expect(assignableRoles("finance")).toEqual([]);
    expect(assignableRoles("member")).toEqual([]);
  });

  it("lets owners manage anyone, admins anyone but owners, and nobody else anyone", () => {
    const expected: Record<CompanyRole, Record<CompanyRole, boolean>> = {
      owner: { owner: true, admin: true, finance: true, member: true },
      admin: { owner: false, admin: true, finance: true, member: true },
      finance: { owner: false, admin: false, finance: false, member: false },
      member: { owner: false, admin: false, finance: false, member: false },
    };
    for (const actor of COMPANY_ROLES) {
      for (const target of COMPANY_ROLES) {
        expect(canManageMember(actor, target), `${actor} → ${target}`).toBe(expected[actor][target]);
      }
    }
  });
});
