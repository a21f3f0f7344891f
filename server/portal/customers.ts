import { formatCnpjForDisplay } from "@domain/cnpj.ts";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import type { AuditActor } from "../admin/audit.ts";
import type { AccountService, PublicUser, StaffCreation } from "../auth/users.ts";
import type { CompanyRow, CompanyService } from "./companies.ts";

export interface NewCustomer {
  email: string;
  password: string;
  name?: string;
  username?: string;
  /** The company's CNPJ, any punctuation; the company is created when it does not exist. */
  cnpj: string;
  /** The legal name of a company created now (default: 'Empresa' and its CNPJ). */
  companyName?: string;
  /** Default: owner for a company's first member, member after that. */
  companyRole?: CompanyRole;
}

/**
 * A customer account in its company, in one transaction (`npm run user:create --company`, the
 * admin's users screen, the demo seed): the company is found by CNPJ or created, and its first member is
 * its owner. Made by staff in Settings (`byStaff`), it is recorded as user.create in the same
 * transaction.
 */
export async function createCustomer(
  accounts: AccountService,
  companies: CompanyService,
  input: NewCustomer,
  byStaff?: { staff: AuditActor; access: StaffCreation["access"] },
): Promise<{ user: PublicUser; company: CompanyRow; createdCompany: boolean }> {
  return companies.db.transaction(async (tx) => {
    const existing = await companies.findByCnpj(input.cnpj, tx);
    const company =
      existing ??
      (await companies.create(
        {
          cnpj: input.cnpj,
          legalName: input.companyName?.trim() || `Empresa ${formatCnpjForDisplay(input.cnpj)}`,
        },
        tx,
      ));
    const role =
      input.companyRole ?? ((await companies.memberCount(company.id, tx)) === 0 ? "owner" : "member");
    const account = {
      email: input.email,
      password: input.password,
      role: "customer" as const,
      name: input.name,
      username: input.username,
      company: { id: company.id, role },
    };
    const user = byStaff
      ? await accounts.createAsStaff(byStaff.staff, account, { access: byStaff.access, cnpj: input.cnpj }, tx)
      : await accounts.createUser(account, tx);
    return { user, company, createdCompany: !existing };
  });
}
