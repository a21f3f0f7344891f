import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { companies, sessions, users } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { WindowCounter } from "../rate/window-counter.ts";
import { authMessages } from "./messages.ts";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import { hashToken, newToken, REMEMBERED_SESSION_TTL_MS, SESSION_TTL_MS } from "./tokens.ts";
import { type PublicUser, toPublicUser } from "./users.ts";

export interface SessionServiceOptions {
  db: Database;
  /** Login attempts per e-mail per minute (per IP is limited at the edge). */
  loginLimit: number;
  loginCounter: WindowCounter;
  now?: () => Date;
}

/** Sessions (A §2, §4, §6): sign-in limited per e-mail, the user of a token, sign-out. */
export class SessionService {
  private readonly now: () => Date;

  constructor(private readonly options: SessionServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async login(
    email: string,
    password: string,
    meta: { remember: boolean; userAgent?: string },
  ): Promise<{ token: string; user: PublicUser; expiresAt: Date }> {
    const normalized = email.trim().toLowerCase();
    const attempts = await this.options.loginCounter.hit(`email:${normalized}`);
    if (attempts > this.options.loginLimit)
      throw new DomainError("rate-limited", authMessages.tooManyAttempts, 60);
    const [row] = await this.options.db.select().from(users).where(eq(users.email, normalized));
    // Unknown e-mail and wrong password take the same time and get the same answer.
    const ok = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
    if (!row || !ok || row.disabledAt)
      throw new DomainError("unauthenticated", authMessages.invalidCredentials);
    // A suspended company's people keep their accounts but cannot sign in (issue 27); said only
    // to someone who knows the password.
    if (row.companyId && (await this.companySuspended(row.companyId)))
      throw new DomainError("forbidden", authMessages.companySuspended);
    // A hash made with weaker settings is replaced now that the password is known to be right.
    if (needsRehash(row.passwordHash)) {
      await this.options.db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, row.id));
    }
    const token = newToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + (meta.remember ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS));
    await this.options.db.insert(sessions).values({
      id: randomUUID(),
      tokenHash: hashToken(token),
      userId: row.id,
      createdAt: now,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    // Shown beside each member in the company's users screen (issue 27).
    await this.options.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, row.id));
    return { token, user: toPublicUser(row), expiresAt };
  }

  /** The signed-in user of a token, or null when it is unknown, expired or revoked. */
  async userForToken(token: string | null): Promise<PublicUser | null> {
    if (!token) return null;
    const [row] = await this.options.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, this.now()),
          isNull(users.disabledAt),
          // The sessions of a suspended company's people stop working at once.
          or(isNull(companies.id), eq(companies.status, "active")),
        ),
      );
    return row ? toPublicUser(row.user) : null;
  }

  private async companySuspended(companyId: string): Promise<boolean> {
    const [company] = await this.options.db
      .select({ status: companies.status })
      .from(companies)
      .where(eq(companies.id, companyId));
    return company?.status === "suspended";
  }

  /** Ends every session of a user (an admin's "sign out everywhere"); answers how many were open. */
  async revokeAll(userId: string): Promise<number> {
    const revoked = await this.options.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
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
