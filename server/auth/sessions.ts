import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, or } from "drizzle-orm";
import { type AuditActor, AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import { companies, sessions, users } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { WindowCounter } from "../rate/window-counter.ts";
import { deviceOf } from "./devices.ts";
import { MIN_PASSWORD_LENGTH, type PasswordHasher } from "./passwords.ts";
import { hashToken, newToken, REMEMBERED_SESSION_TTL_MS, SESSION_TTL_MS } from "./tokens.ts";
import { type TwoFactorService, twoFactorRequiredFor } from "./two-factor.ts";
import { type PublicUser, toPublicUser } from "./users.ts";

export interface SessionServiceOptions {
  db: Database;
  hasher: PasswordHasher;
  /** Login attempts per e-mail per minute (per IP is limited at the edge). */
  loginLimit: number;
  loginCounter: WindowCounter;
  twoFactor: TwoFactorService;
  /** Told when a staff account signs in from a device and network it never used (decision 112: an e-mail). */
  onNewStaffDevice?: (event: NewDeviceSignIn) => Promise<void>;
  now?: () => Date;
  /** The platform's audit log (decision 072); by default one over `db`. */
  audit?: AuditLog;
}

export interface NewDeviceSignIn {
  user: PublicUser;
  device: string;
  network: string | null;
  at: Date;
}

/** A session as its owner sees it in the sessions list (decision 112). Never its token. */
export interface SessionView {
  id: string;
  /** The raw User-Agent; the page names the device from it (server/auth/devices.ts). */
  userAgent: string | null;
  network: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** What a valid token opens: the user, and whether a staff member must still set up 2FA first. */
export interface SessionOf {
  user: PublicUser;
  sessionId: string;
  /** Staff without two-factor: only the set-up page (and signing out) is open to this session. */
  twoFactorSetupRequired: boolean;
}

/** A session's last use is written at most this often: a sessions list, not a request log. */
export const LAST_USED_RESOLUTION_MS = 5 * 60_000;

/**
 * Sessions (A §2, §4, §6; decision 112): sign-in limited per e-mail, with a second factor when the
 * account has one; the user of a token; the person's list of sessions and ending them.
 */
export class SessionService {
  private readonly now: () => Date;
  private readonly audit: AuditLog;

  constructor(private readonly options: SessionServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.audit = options.audit ?? new AuditLog(options.db, options.now);
  }

  /**
   * Signs in. An account with two-factor needs `code` (a TOTP or recovery code): without it, or
   * with a wrong one, the refusal carries `twoFactorRequired` (401). A staff account without
   * two-factor gets a session that opens only the set-up page (`twoFactorSetupRequired`).
   */
  async login(
    email: string,
    password: string,
    meta: { remember: boolean; userAgent?: string; network?: string | null; code?: string },
  ): Promise<{ token: string; user: PublicUser; expiresAt: Date; twoFactorSetupRequired: boolean }> {
    const normalized = email.trim().toLowerCase();
    const attempts = await this.options.loginCounter.hit(`email:${normalized}`);
    if (attempts > this.options.loginLimit)
      throw new DomainError("rate-limited", "auth.tooManyAttempts", [], { retryAfterSeconds: 60 });
    const [row] = await this.options.db.select().from(users).where(eq(users.email, normalized));
    // Unknown e-mail and wrong password take the same time and get the same answer.
    const { hasher } = this.options;
    const ok = await hasher.verify(password, row?.passwordHash ?? (await hasher.dummyHash()));
    if (!row || !ok || row.disabledAt) throw new DomainError("unauthenticated", "auth.invalidCredentials");
    // A suspended company's people keep their accounts but cannot sign in (decision 091); said only
    // to someone who knows the password.
    if (row.companyId && (await this.companySuspended(row.companyId)))
      throw new DomainError("forbidden", "auth.companySuspended");
    if (row.totpEnabledAt) {
      const code = meta.code?.trim();
      if (!code)
        throw new DomainError("unauthenticated", "twoFactor.codeRequired", [], {
          details: { twoFactorRequired: true },
        });
      if (!(await this.options.twoFactor.verify(row.id, code)))
        throw new DomainError("unauthenticated", "twoFactor.invalidCode", [], {
          details: { twoFactorRequired: true },
        });
    }
    // A hash made at another cost than the configured one is replaced now that the password is known
    // to be right (decision 113).
    if (hasher.needsRehash(row.passwordHash)) {
      await this.options.db
        .update(users)
        .set({ passwordHash: await hasher.hash(password) })
        .where(eq(users.id, row.id));
    }
    const user = toPublicUser(row);
    const network = meta.network ?? null;
    const userAgent = meta.userAgent?.slice(0, 300) ?? null;
    const newDevice = twoFactorRequiredFor(row.role) && (await this.isNewDevice(row.id, userAgent, network));
    const token = newToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + (meta.remember ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS));
    await this.options.db.insert(sessions).values({
      id: randomUUID(),
      tokenHash: hashToken(token),
      userId: row.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt,
      userAgent,
      network,
    });
    // Shown beside each member in the company's users screen (decision 091).
    await this.options.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, row.id));
    if (newDevice)
      await this.options.onNewStaffDevice?.({ user, device: deviceOf(userAgent), network, at: now });
    return {
      token,
      user,
      expiresAt,
      twoFactorSetupRequired: twoFactorRequiredFor(row.role) && !row.totpEnabledAt,
    };
  }

  /**
   * Whether no earlier session of the person came from this device and network. The very first
   * sign-in of an account is not "new": there is nothing to compare with, and the person just
   * received the account.
   */
  private async isNewDevice(
    userId: string,
    userAgent: string | null,
    network: string | null,
  ): Promise<boolean> {
    const earlier = await this.options.db
      .select({ userAgent: sessions.userAgent, network: sessions.network })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(200);
    if (earlier.length === 0) return false;
    const device = deviceOf(userAgent);
    return !earlier.some((s) => deviceOf(s.userAgent) === device && s.network === network);
  }

  /** The signed-in user of a token, or null when it is unknown, expired or revoked, or still owes its 2FA set-up. */
  async userForToken(token: string | null): Promise<PublicUser | null> {
    const session = await this.sessionForToken(token);
    return session && !session.twoFactorSetupRequired ? session.user : null;
  }

  /** What a token opens (the user and whether 2FA set-up is owed), or null. Refreshes its last use. */
  async sessionForToken(token: string | null): Promise<SessionOf | null> {
    if (!token) return null;
    const now = this.now();
    const [row] = await this.options.db
      .select({ user: users, id: sessions.id, lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          isNull(users.disabledAt),
          // The sessions of a suspended company's people stop working at once.
          or(isNull(companies.id), eq(companies.status, "active")),
        ),
      );
    if (!row) return null;
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
      await this.options.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
    return {
      user: toPublicUser(row.user),
      sessionId: row.id,
      twoFactorSetupRequired: twoFactorRequiredFor(row.user.role) && !row.user.totpEnabledAt,
    };
  }

  /** The person's active sessions, the current one first, then by last use. */
  async list(userId: string, currentToken: string | null): Promise<SessionView[]> {
    const currentHash = currentToken ? hashToken(currentToken) : null;
    const rows = await this.options.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, this.now())))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
    return rows
      .map((s) => ({
        id: s.id,
        userAgent: s.userAgent,
        network: s.network,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: (s.lastUsedAt ?? s.createdAt).toISOString(),
        current: s.tokenHash === currentHash,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  /** Ends one of the person's own sessions; another person's session is "not found". */
  async revoke(userId: string, sessionId: string): Promise<void> {
    const ended = await this.options.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new DomainError("not-found", "auth.sessionNotFound");
  }

  /** Ends every session of the person but the one of `keepToken`; answers how many ended. */
  async revokeOthers(userId: string, keepToken: string | null): Promise<number> {
    const keep = keepToken ? hashToken(keepToken) : "";
    const ended = await this.options.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, keep)))
      .returning({ id: sessions.id });
    return ended.length;
  }

  /** A signed-in person's new password, after the current one; every other session ends (decision 112). */
  async changePassword(
    userId: string,
    current: string,
    next: string,
    keepToken: string | null,
  ): Promise<number> {
    if (next.length < MIN_PASSWORD_LENGTH)
      throw new DomainError("invalid", "auth.passwordTooShort", [MIN_PASSWORD_LENGTH]);
    const [row] = await this.options.db.select().from(users).where(eq(users.id, userId));
    if (!row || !(await this.options.hasher.verify(current, row.passwordHash)))
      throw new DomainError("invalid", "auth.currentPasswordWrong");
    await this.options.db
      .update(users)
      .set({ passwordHash: await this.options.hasher.hash(next), updatedAt: this.now() })
      .where(eq(users.id, userId));
    return this.revokeOthers(userId, keepToken);
  }

  private async companySuspended(companyId: string): Promise<boolean> {
    const [company] = await this.options.db
      .select({ status: companies.status })
      .from(companies)
      .where(eq(companies.id, companyId));
    return company?.status === "suspended";
  }

  /**
   * Ends every session of a user (an admin's "sign out everywhere"); answers how many were open.
   * Recorded as user.end-sessions, `staff` its actor.
   */
  async revokeAll(staff: AuditActor, userId: string): Promise<number> {
    const revoked = await this.options.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await this.audit.record({
      actor: staff.email,
      action: "user.end-sessions",
      target: userId,
      detail: { sessions: revoked.length },
    });
    return revoked.length;
  }

  async logout(token: string | null): Promise<void> {
    if (!token) return;
    await this.options.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  }
}
