import { randomUUID } from "node:crypto";
import {
  assignableRoles,
  COMPANY_ROLE_LABELS,
  type CompanyRole,
  can,
  canManageMember,
} from "@domain/portal/permissions.ts";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type AuditActor, AuditLog } from "../admin/audit.ts";
import { hashToken, INVITE_TTL_MS, newToken } from "../auth/tokens.ts";
import type { AccountService, PublicUser } from "../auth/users.ts";
import type { Database } from "../db/client.ts";
import { companyInvitations, sessions, users } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { type Mailer, mailLine } from "../platform/mail/message.ts";
import type { WindowCounter } from "../rate/window-counter.ts";
import { type CompanyRow, type CompanyService, isUuid, memberLimit } from "./companies.ts";

/** Invitations a company may send in an hour (on top of the per-IP form limit). */
export const INVITATIONS_PER_HOUR = 20;

/** Who acts in the portal: a member of one company, with a role in it. */
export interface PortalActor {
  id: string;
  name: string;
  email: string;
  companyId: string;
  role: CompanyRole;
}

export interface OpenInvitation {
  id: string;
  email: string;
  role: CompanyRole;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

/** What an invitation sent answers: the link itself only when no e-mail could carry it (shown once). */
export interface InvitationSent {
  invitation: OpenInvitation;
  emailed: boolean;
  /** Without SMTP the inviter passes the link on; never stored, never shown again. */
  link: string | null;
}

export interface MemberServiceOptions {
  db: Database;
  /** Makes the invited person's account, in the invitation's transaction. */
  accounts: AccountService;
  companies: CompanyService;
  mailer: Mailer;
  publicBaseUrl: string;
  /** Counts invitations per company per hour. */
  invitationCounter: WindowCounter;
  now?: () => Date;
  /** The platform's audit log (decision 072); by default one over `db`. */
  audit?: AuditLog;
}

/**
 * A company's people (decision 091): invitations by single-use link (7 days), role changes and
 * removals within the rules of domain/portal/permissions.ts, the plan's user limit, and the last
 * owner kept. Another company's member or invitation is "not found", never "forbidden". Each change
 * is recorded in the audit log as member.*, with the company it was made in.
 */
export class MemberService {
  private readonly now: () => Date;
  private readonly audit: AuditLog;

  constructor(private readonly options: MemberServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.audit = options.audit ?? new AuditLog(options.db, options.now);
  }

  get mailAvailable(): boolean {
    return this.options.mailer.available;
  }

  async invitations(companyId: string): Promise<OpenInvitation[]> {
    const rows = await this.options.db
      .select()
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, companyId),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.revokedAt),
        ),
      )
      .orderBy(companyInvitations.createdAt);
    return rows.map((row) => this.open(row));
  }

  /** Invites `email` into the actor's company with `role`, or sends an open invitation again. */
  async invite(actor: PortalActor, input: { email: string; role: CompanyRole }): Promise<InvitationSent> {
    const sent = await this.inviteInto(actor, input.email, input.role);
    await this.record(actor, "member.invite", sent.invitation.email, {
      company: actor.companyId,
      role: sent.invitation.role,
      emailed: sent.emailed,
    });
    return sent;
  }

  /**
   * Staff invite a company's first owner (or another one) from the admin area: the same single-use
   * link, plan limit and hourly count as an owner's invitation.
   */
  async inviteOwnerAsStaff(
    staff: { id: string; name: string; email: string },
    companyId: string,
    email: string,
  ): Promise<InvitationSent> {
    const sent = await this.sendInvitation(await this.company(companyId), staff, email, "owner");
    await this.record(staff, "member.invite", sent.invitation.email, { company: companyId, role: "owner" });
    return sent;
  }

  /** An invitation into the actor's company with a role they may give. */
  private async inviteInto(actor: PortalActor, email: string, role: CompanyRole): Promise<InvitationSent> {
    this.mayGive(actor, role);
    return this.sendInvitation(await this.company(actor.companyId), actor, email, role);
  }

  private async sendInvitation(
    company: CompanyRow,
    inviter: { id: string; name: string },
    rawEmail: string,
    role: CompanyRole,
  ): Promise<InvitationSent> {
    const email = rawEmail.trim().toLowerCase();
    const [account] = await this.options.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, email));
    if (account) {
      throw new DomainError(
        "conflict",
        account.companyId === company.id ? "members.alreadyMember" : "members.emailHasAccount",
        [email],
      );
    }
    const [open] = await this.options.db
      .select()
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, company.id),
          eq(companyInvitations.email, email),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.revokedAt),
        ),
      );
    if (!open) await this.withinPlan(company, 1);
    await this.countInvitation(company.id);
    const token = newToken();
    const now = this.now();
    const fields = {
      companyRole: role,
      tokenHash: hashToken(token),
      invitedBy: inviter.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    };
    const [row] = open
      ? await this.options.db
          .update(companyInvitations)
          .set(fields)
          .where(eq(companyInvitations.id, open.id))
          .returning()
      : await this.options.db
          .insert(companyInvitations)
          .values({ id: randomUUID(), companyId: company.id, email, ...fields })
          .returning();
    return this.deliver(inviter, company, row!, token);
  }

  /** A new link for an open invitation (the old one stops working), valid 7 days from now. */
  async resend(actor: PortalActor, invitationId: string): Promise<InvitationSent> {
    const invitation = await this.openInvitation(actor, invitationId);
    const sent = await this.inviteInto(actor, invitation.email, invitation.companyRole);
    await this.record(actor, "member.invite", sent.invitation.email, {
      company: actor.companyId,
      resend: true,
    });
    return sent;
  }

  async revoke(actor: PortalActor, invitationId: string): Promise<void> {
    const invitation = await this.openInvitation(actor, invitationId);
    await this.options.db
      .update(companyInvitations)
      .set({ revokedAt: this.now() })
      .where(eq(companyInvitations.id, invitation.id));
    await this.record(actor, "member.revoke", invitationId, { company: actor.companyId });
  }

  /** What the invitation page shows before the person accepts, or a refusal when it cannot be used. */
  async pending(token: string): Promise<{ email: string; role: CompanyRole; companyName: string }> {
    const { invitation, company } = await this.usable(this.options.db, token);
    return { email: invitation.email, role: invitation.companyRole, companyName: displayName(company) };
  }

  /** Creates the invited person's account in the company and spends the link. */
  async accept(token: string, input: { name: string; password: string }): Promise<PublicUser> {
    const name = input.name.trim();
    if (name.length < 2) throw new DomainError("invalid", "members.nameRequired");
    return this.options.db.transaction(async (tx) => {
      const { invitation, company } = await this.usable(tx, token);
      await this.withinPlan(company, 0, tx);
      const user = await this.options.accounts.createUser(
        {
          email: invitation.email,
          password: input.password,
          role: "customer",
          name,
          company: { id: company.id, role: invitation.companyRole },
        },
        tx,
      );
      await tx
        .update(companyInvitations)
        .set({ acceptedAt: this.now() })
        .where(eq(companyInvitations.id, invitation.id));
      return user;
    });
  }

  /** Gives a member another role, within what the actor may give; the company keeps an owner. */
  async changeRole(actor: PortalActor, memberId: string, role: CompanyRole): Promise<void> {
    const member = await this.member(actor, memberId);
    if (!canManageMember(actor.role, member.companyRole))
      throw new DomainError("forbidden", "members.cannotManage");
    this.mayGive(actor, role);
    const recorded = { company: actor.companyId, role };
    // The role it already has is no change, but the request is recorded as made.
    if (member.companyRole === role) return this.record(actor, "member.role", memberId, recorded);
    await this.options.db.transaction(async (tx) => {
      if (member.companyRole === "owner") await this.keepAnOwner(tx, actor.companyId, member.id);
      await tx.update(users).set({ companyRole: role, updatedAt: this.now() }).where(eq(users.id, member.id));
      await this.record(actor, "member.role", memberId, recorded, tx);
    });
  }

  /**
   * Removes a member from the company: the account is deleted (a customer exists only in its
   * company), which ends its sessions at once; what it wrote (tickets) keeps its name.
   */
  async remove(actor: PortalActor, memberId: string): Promise<{ email: string }> {
    const member = await this.member(actor, memberId);
    if (member.id === actor.id) throw new DomainError("invalid", "members.notYourself");
    if (!canManageMember(actor.role, member.companyRole))
      throw new DomainError("forbidden", "members.cannotManage");
    await this.options.db.transaction(async (tx) => {
      if (member.companyRole === "owner") await this.keepAnOwner(tx, actor.companyId, member.id);
      await tx.update(sessions).set({ revokedAt: this.now() }).where(eq(sessions.userId, member.id));
      await tx.delete(users).where(eq(users.id, member.id));
      await this.record(actor, "member.remove", member.email, { company: actor.companyId }, tx);
    });
    return { email: member.email };
  }

  /** A change of the company's people in the audit log; `db` is the change's transaction, when it has one. */
  private record(
    actor: AuditActor,
    action: string,
    target: string,
    detail: Record<string, unknown>,
    db: Database = this.options.db,
  ): Promise<void> {
    return this.audit.record({ actor: actor.email, action, target, detail }, db);
  }

  private mayGive(actor: PortalActor, role: CompanyRole): void {
    if (!can(actor.role, "members.manage")) throw new DomainError("forbidden", "members.cannotManage");
    if (!assignableRoles(actor.role).includes(role))
      throw new DomainError("forbidden", "members.cannotGive", [role]);
  }

  private async company(id: string): Promise<CompanyRow> {
    const company = await this.options.companies.get(id);
    if (!company) throw new DomainError("not-found", "portal.notFound");
    return company;
  }

  /** The actor's company member, or not found (another company's member reads as none). */
  private async member(actor: PortalActor, memberId: string) {
    const [row] = isUuid(memberId)
      ? await this.options.db
          .select()
          .from(users)
          .where(and(eq(users.id, memberId), eq(users.companyId, actor.companyId)))
      : [];
    if (!row?.companyRole) throw new DomainError("not-found", "portal.notFound");
    return { ...row, companyRole: row.companyRole };
  }

  private async openInvitation(actor: PortalActor, invitationId: string) {
    const [row] = isUuid(invitationId)
      ? await this.options.db
          .select()
          .from(companyInvitations)
          .where(
            and(
              eq(companyInvitations.id, invitationId),
              eq(companyInvitations.companyId, actor.companyId),
              isNull(companyInvitations.acceptedAt),
              isNull(companyInvitations.revokedAt),
            ),
          )
      : [];
    if (!row) throw new DomainError("not-found", "portal.notFound");
    if (!can(actor.role, "members.manage")) throw new DomainError("forbidden", "members.cannotManage");
    return row;
  }

  /** The plan's user limit counts members and the invitations still open. */
  private async withinPlan(
    company: CompanyRow,
    adding: number,
    db: Database = this.options.db,
  ): Promise<void> {
    const plan = await this.options.companies.plan(company.planId);
    const limit = memberLimit(plan);
    if (limit === null) return;
    const members = await this.options.companies.memberCount(company.id, db);
    const [open] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, company.id),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.revokedAt),
          gt(companyInvitations.expiresAt, this.now()),
        ),
      );
    if (members + Number(open?.n ?? 0) + adding > limit)
      throw new DomainError("conflict", "members.planLimit", [plan!.name, limit]);
  }

  private async keepAnOwner(db: Database, companyId: string, leavingId: string): Promise<void> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.companyRole, "owner"),
          isNull(users.disabledAt),
          sql`${users.id} <> ${leavingId}`,
        ),
      );
    if (Number(row?.n ?? 0) === 0) throw new DomainError("conflict", "members.lastOwner");
  }

  private async countInvitation(companyId: string): Promise<void> {
    const sent = await this.options.invitationCounter.hit(`company:${companyId}`);
    if (sent > INVITATIONS_PER_HOUR)
      throw new DomainError("rate-limited", "members.tooManyInvitations", [], { retryAfterSeconds: 3600 });
  }

  private async usable(db: Database, token: string) {
    const [invitation] = token
      ? await db
          .select()
          .from(companyInvitations)
          .where(eq(companyInvitations.tokenHash, hashToken(token)))
      : [];
    if (!invitation || invitation.revokedAt || invitation.acceptedAt || invitation.expiresAt <= this.now())
      throw new DomainError("not-found", "members.invitationInvalid");
    // In the caller's transaction: the embedded database has one connection, which a read outside
    // the transaction would wait for.
    const company = await this.options.companies.get(invitation.companyId, db);
    if (company?.status !== "active") throw new DomainError("not-found", "members.invitationInvalid");
    return { invitation, company };
  }

  private async deliver(
    actor: { name: string },
    company: CompanyRow,
    row: typeof companyInvitations.$inferSelect,
    token: string,
  ): Promise<InvitationSent> {
    const link = `${this.options.publicBaseUrl}/convite/${token}`;
    const invitation = this.open(row);
    if (!this.options.mailer.available) return { invitation, emailed: false, link };
    await this.options.mailer.send({
      to: row.email,
      subject: `Convite para o portal da ${mailLine(displayName(company))} — Vértice`,
      text: [
        "Olá.",
        "",
        `${mailLine(actor.name)} convidou você para o Portal do Cliente da Vértice, na empresa ${mailLine(displayName(company))}, como ${COMPANY_ROLE_LABELS.pt[row.companyRole].toLowerCase()}.`,
        "Para criar o seu acesso, abra este link (válido por 7 dias, uma única vez):",
        link,
        "",
        "Se você não esperava este convite, ignore este e-mail.",
      ].join("\n"),
    });
    return { invitation, emailed: true, link: null };
  }

  private open(row: typeof companyInvitations.$inferSelect): OpenInvitation {
    return {
      id: row.id,
      email: row.email,
      role: row.companyRole,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      expired: row.expiresAt <= this.now(),
    };
  }
}

function displayName(company: CompanyRow): string {
  return company.tradeName || company.legalName;
}
