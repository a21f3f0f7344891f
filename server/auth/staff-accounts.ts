import { randomBytes } from "node:crypto";
import { USER_ROLES } from "@domain/user-roles.ts";
import { z } from "@domain/zod.ts";
import type { AuditActor } from "../admin/audit.ts";
import type { Logger } from "../logger.ts";
import type { CompanyService } from "../portal/companies.ts";
import { createCustomer } from "../portal/customers.ts";
import type { PasswordResetService } from "./password-reset.ts";
import type { AccountService, PublicUser } from "./users.ts";

/** The admin's users screen's form (decision 135): who, in which role, and how the first access is given. */
const staffCreationSchema = z.object({
  email: z.email().max(200),
  name: z.string().trim().max(100).optional(),
  role: z.enum(USER_ROLES),
  access: z.enum(["password", "invite"]).default("password"),
  // A customer's company, found by CNPJ or created with this legal name (decision 091).
  cnpj: z.string().trim().max(30).optional(),
  companyName: z.string().trim().max(200).optional(),
});

/**
 * What creating an account gave: a refusal the screen words (the form's first wrong field; no
 * invitations without e-mail; a customer without a CNPJ), or the account with its one-time
 * password, or invited (the invitation sent or not). Refusals of the domain (an e-mail taken, a
 * CNPJ not valid) are DomainErrors, as everywhere.
 */
export type StaffAccountOutcome =
  | { ok: false; refusal: "invalid"; field: string; issue: string }
  | { ok: false; refusal: "inviteUnavailable" | "customerNeedsCompany" }
  | { ok: true; user: PublicUser; access: "password"; password: string }
  | { ok: true; user: PublicUser; access: "invite"; sent: boolean };

/**
 * Accounts staff create in the admin (decisions 072, 074, 091, 135): a staff member, or a customer in
 * the company of the CNPJ given (created when new), with a one-time password shown once or an
 * invitation by e-mail, recorded as user.create. The account is hashed and checked by AccountService
 * as every other one.
 */
export class StaffAccountService {
  constructor(
    private readonly options: {
      accounts: AccountService;
      companies: CompanyService;
      passwordReset: PasswordResetService;
      logger: Logger;
    },
  ) {}

  /** `form` is the screen's fields as posted; `staff` is who creates, and who the invitation names. */
  async create(
    staff: AuditActor & { name: string },
    form: Record<string, unknown>,
  ): Promise<StaffAccountOutcome> {
    const { accounts, companies, passwordReset, logger } = this.options;
    const input = staffCreationSchema.safeParse(form);
    if (!input.success) {
      const first = input.error.issues[0]!;
      return { ok: false, refusal: "invalid", field: first.path.join("."), issue: first.message };
    }
    const { access, cnpj, companyName, ...fields } = input.data;
    if (access === "invite" && !passwordReset.available) return { ok: false, refusal: "inviteUnavailable" };
    if (fields.role === "customer" && !cnpj) return { ok: false, refusal: "customerNeedsCompany" };
    // An invited account's first password is never shown to anyone: the invitation sets it.
    const password = randomBytes(access === "invite" ? 32 : 9).toString("base64url");
    const user =
      fields.role === "customer"
        ? (
            await createCustomer(
              accounts,
              companies,
              { ...fields, password, cnpj: cnpj!, companyName },
              { staff, access },
            )
          ).user
        : await accounts.createAsStaff(staff, { ...fields, password }, { access, cnpj });
    if (access === "password") return { ok: true, user, access, password };
    const sent = await passwordReset.invite(user, staff.name || staff.email).then(
      () => true,
      (error: unknown) => {
        logger.error({ err: error }, "invitation e-mail not sent");
        return false;
      },
    );
    return { ok: true, user, access, sent };
  }
}
