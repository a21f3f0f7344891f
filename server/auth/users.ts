import { randomUUID } from "node:crypto";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import type { UserRole } from "@domain/user-roles.ts";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { type AuditActor, AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { MIN_PASSWORD_LENGTH, type PasswordHasher } from "./passwords.ts";

/** Staff are admin (and, with the editorial workflow, editor); customers belong to a company. */
export type Role = UserRole;

export interface Preferences {
  language: "pt" | "en";
  timezone: string;
}

/** The user as the profile API answers it (A §3): never the password hash. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  username: string;
  role: Role;
  preferences: Preferences;
  /** A customer's company and role in it (decision 091); null for staff and unlinked customers. */
  company: { id: string; role: CompanyRole } | null;
}

export const DEFAULT_PREFERENCES: Preferences = { language: "pt", timezone: "America/Sao_Paulo" };

/** A new account (AccountService.createUser). */
export interface NewAccount {
  email: string;
  password: string;
  role: Role;
  name?: string;
  username?: string;
  company?: { id: string; role: CompanyRole };
}

/** How staff gave an account in Settings, as the audit log's user.create says it. */
export interface StaffCreation {
  access: "password" | "invite";
  /** The CNPJ staff typed (a customer's company). */
  cnpj?: string;
}

export function toPublicUser(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    role: row.role,
    preferences: { ...DEFAULT_PREFERENCES, ...row.preferences },
    company: row.companyId && row.companyRole ? { id: row.companyId, role: row.companyRole } : null,
  };
}

/**
 * User accounts: creation (CLI, demo seed, invitations, staff in Settings), profile and preferences.
 * What staff do to accounts in Settings is recorded in the audit log (decision 072).
 */
export class AccountService {
  private readonly now: () => Date;
  private readonly audit: AuditLog;

  constructor(
    private readonly options: {
      db: Database;
      hasher: PasswordHasher;
      now?: () => Date;
      /** The platform's audit log; by default one over `db`. */
      audit?: AuditLog;
    },
  ) {
    this.now = options.now ?? (() => new Date());
    this.audit = options.audit ?? new AuditLog(options.db, options.now);
  }

  /**
   * A new account. A customer belongs to exactly one company, with a role in it (server/portal
   * creates them: customers.ts); staff belong to none. `db` is the caller's transaction, when the
   * account is one write of several.
   */
  async createUser(input: NewAccount, db: Database = this.options.db): Promise<PublicUser> {
    const email = input.email.trim().toLowerCase();
    if (input.password.length < MIN_PASSWORD_LENGTH)
      throw new DomainError("invalid", "auth.passwordTooShort", [MIN_PASSWORD_LENGTH]);
    if (input.role === "customer" && !input.company)
      throw new DomainError("invalid", "companies.customerNeedsCompany");
    if (input.role !== "customer" && input.company)
      throw new DomainError("invalid", "companies.staffHasNoCompany");
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) throw new DomainError("conflict", "auth.emailTaken");
    const username = await this.freeUsername(input.username ?? email.split("@")[0]!, db);
    const [row] = await db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        username,
        name: input.name?.trim() || username,
        role: input.role,
        companyId: input.company?.id ?? null,
        companyRole: input.company?.role ?? null,
        passwordHash: await this.options.hasher.hash(input.password),
        preferences: DEFAULT_PREFERENCES,
        createdAt: this.now(),
        updatedAt: this.now(),
      })
      .returning();
    return toPublicUser(row!);
  }

  /**
   * An account staff create in Settings: created (in `db`, the caller's transaction when the account
   * is one write of several) and recorded as user.create with its role and how it was given.
   */
  async createAsStaff(
    staff: AuditActor,
    input: NewAccount,
    how: StaffCreation,
    db: Database = this.options.db,
  ): Promise<PublicUser> {
    const user = await this.createUser(input, db);
    await this.audit.record(
      {
        actor: staff.email,
        action: "user.create",
        target: user.email,
        detail: { role: user.role, access: how.access, ...(how.cnpj ? { cnpj: how.cnpj } : {}) },
      },
      db,
    );
    return user;
  }

  async updateProfile(
    userId: string,
    changes: { preferences?: Partial<Preferences>; name?: string },
  ): Promise<PublicUser> {
    const [current] = await this.options.db.select().from(users).where(eq(users.id, userId));
    if (!current) throw new DomainError("not-found", "auth.userNotFound");
    const preferences = {
      ...DEFAULT_PREFERENCES,
      ...current.preferences,
      ...changes.preferences,
    };
    const [row] = await this.options.db
      .update(users)
      .set({ preferences, ...(changes.name ? { name: changes.name } : {}), updatedAt: this.now() })
      .where(eq(users.id, userId))
      .returning();
    return toPublicUser(row!);
  }

  /** Every account, for the admin's users screen; never the password hash nor the TOTP secret. */
  async list(): Promise<(PublicUser & { disabled: boolean; twoFactor: boolean; createdAt: string })[]> {
    const rows = await this.options.db.select().from(users).orderBy(asc(users.email));
    return rows.map((row) => ({
      ...toPublicUser(row),
      disabled: row.disabledAt !== null,
      // Whether the person signs in with a second factor (decision 112); never the secret itself.
      twoFactor: row.totpEnabledAt !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * Changes a staff member's role. Customers and staff are separate accounts (a customer's place is
   * in a company, changed through the company's members): a role across the two is refused.
   */
  async setRole(userId: string, role: Exclude<Role, "customer">): Promise<PublicUser> {
    const [current] = await this.options.db.select().from(users).where(eq(users.id, userId));
    if (!current) throw new DomainError("not-found", "auth.userNotFound");
    if (current.role === "customer") throw new DomainError("invalid", "companies.customerIsNotStaff");
    const [row] = await this.options.db
      .update(users)
      .set({ role, updatedAt: this.now() })
      .where(eq(users.id, userId))
      .returning();
    return toPublicUser(row!);
  }

  /**
   * Staff deactivate or reactivate an account in Settings: a deactivated one's sessions end at once.
   * Recorded as user.disable or user.enable, in the same transaction.
   */
  async setDisabledAsStaff(staff: AuditActor, userId: string, disabled: boolean): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      await this.setDisabled(userId, disabled, tx);
      if (disabled)
        await tx
          .update(sessions)
          .set({ revokedAt: this.now() })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await this.audit.record(
        { actor: staff.email, action: disabled ? "user.disable" : "user.enable", target: userId },
        tx,
      );
    });
  }

  /** A deactivated account cannot sign in, and its sessions stop working. */
  async setDisabled(userId: string, disabled: boolean, db: Database = this.options.db): Promise<void> {
    const updated = await db
      .update(users)
      .set({ disabledAt: disabled ? this.now() : null, updatedAt: this.now() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw new DomainError("not-found", "auth.userNotFound");
  }

  async userCount(): Promise<number> {
    const [row] = await this.options.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return Number(row?.n ?? 0);
  }

  private async freeUsername(base: string, db: Database): Promise<string> {
    const clean =
      base
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, "")
        .slice(0, 30) || "usuario";
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? clean : `${clean}${n + 1}`;
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate));
      if (!taken) return candidate;
    }
  }
}
