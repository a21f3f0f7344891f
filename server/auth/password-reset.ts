import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { passwordResets, sessions, users } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { Logger } from "../logger.ts";
import { type Mailer, mailLine } from "../platform/mail/message.ts";
import { MIN_PASSWORD_LENGTH, type PasswordHasher } from "./passwords.ts";
import { hashToken, INVITE_TTL_MS, newToken, RESET_TTL_MS } from "./tokens.ts";
import { type PublicUser, toPublicUser } from "./users.ts";

/** At most this many reset links per account in a window (an inbox cannot be flooded). */
export const RESETS_PER_WINDOW = 3;
const RESET_WINDOW_MS = 3600_000;

export interface PasswordResetOptions {
  db: Database;
  hasher: PasswordHasher;
  logger: Logger;
  mailer: Mailer;
  publicBaseUrl: string;
  now?: () => Date;
}

/** Forgotten passwords (A §2): single-use expiring links by e-mail; a reset signs the user out everywhere. */
export class PasswordResetService {
  private readonly now: () => Date;

  constructor(private readonly options: PasswordResetOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Whether a reset link can be sent at all (the forgot-password page says so when not). */
  get available(): boolean {
    return this.options.mailer.available;
  }

  /**
   * Sends a single-use reset link when the e-mail belongs to someone; the caller always shows the
   * same answer, so nobody learns which e-mails have accounts.
   */
  async request(email: string): Promise<void> {
    if (!this.options.mailer.available) return;
    const [row] = await this.options.db
      .select()
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    if (!row) {
      this.options.logger.info("password reset asked for an unknown e-mail");
      return;
    }
    const now = this.now();
    // A few links an hour per account, so nobody can flood someone's inbox with our e-mails.
    const [recent] = await this.options.db
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, row.id),
          gt(passwordResets.createdAt, new Date(now.getTime() - RESET_WINDOW_MS)),
        ),
      );
    if (Number(recent?.n ?? 0) >= RESETS_PER_WINDOW) {
      this.options.logger.warn({ userId: row.id }, "password reset limit reached; no e-mail sent");
      return;
    }
    const link = await this.newLink(row.id, RESET_TTL_MS);
    await this.options.mailer.send({
      to: row.email,
      subject: "Redefinição de senha — Vértice",
      text: `Olá, ${mailLine(row.name)}.\n\nPara criar uma nova senha, abra este link (válido por 1 hora, uma única vez):\n${link}\n\nSe você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.`,
    });
  }

  /**
   * An invitation (decision 074): a new account gets a single-use link, valid for a week, to set its
   * first password, so nobody but its owner ever knows it. Refused when the site cannot send mail.
   */
  async invite(user: { id: string; email: string; name: string }, invitedBy: string): Promise<void> {
    if (!this.options.mailer.available) throw new DomainError("invalid", "auth.inviteUnavailable");
    const link = await this.newLink(user.id, INVITE_TTL_MS);
    await this.options.mailer.send({
      to: user.email,
      subject: "Convite para a área de clientes — Vértice",
      text: `Olá, ${mailLine(user.name)}.\n\n${mailLine(invitedBy)} criou uma conta para você no site da Vértice. Para escolher a sua senha e entrar, abra este link (válido por 7 dias, uma única vez):\n${link}\n\nSe você não esperava este convite, ignore este e-mail.`,
    });
  }

  /** A fresh single-use link for the user, stored by its hash. */
  private async newLink(userId: string, ttlMs: number): Promise<string> {
    const now = this.now();
    const token = newToken();
    await this.options.db.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    return `${this.options.publicBaseUrl}/reset-password?token=${token}`;
  }

  /** Sets the new password, spends the link, and signs the user out everywhere. */
  async reset(token: string, password: string): Promise<PublicUser> {
    if (password.length < MIN_PASSWORD_LENGTH)
      throw new DomainError("invalid", "auth.passwordTooShort", [MIN_PASSWORD_LENGTH]);
    const now = this.now();
    const passwordHash = await this.options.hasher.hash(password);
    return this.options.db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning();
      if (!reset) throw new DomainError("invalid", "auth.resetInvalid");
      const [row] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(eq(users.id, reset.userId))
        .returning();
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
      // Any other link still pending for this user is spent too.
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.userId, reset.userId),
            isNull(passwordResets.usedAt),
            ne(passwordResets.tokenHash, reset.tokenHash),
          ),
        );
      return toPublicUser(row!);
    });
  }
}
