import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { passwordResets, sessions, userDashboards, users } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import type { WindowCounter } from "../http/rate-limit.ts";
import type { Logger } from "../logger.ts";
import { dummyPasswordHash, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "./passwords.ts";
import { hashToken, newToken, REMEMBERED_SESSION_TTL_MS, RESET_TTL_MS, SESSION_TTL_MS } from "./tokens.ts";

export type Role = "admin" | "customer";

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
}

/** At most this many reset links per account in a window (an inbox cannot be flooded). */
export const RESETS_PER_WINDOW = 3;
const RESET_WINDOW_MS = 3600_000;

export const authMessages = {
  invalidCredentials: "Credenciais inválidas, tente novamente.",
  tooManyAttempts: "Muitas tentativas de login. Aguarde um minuto e tente novamente.",
  tokenMissing: "Token não encontrado",
  sessionInvalid: "Sessão inválida ou expirada. Entre novamente.",
  resetInvalid: "Este link de redefinição é inválido ou já expirou. Peça um novo.",
  passwordTooShort: `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  emailTaken: "Já existe um usuário com este e-mail.",
} as const;

export const DEFAULT_PREFERENCES: Preferences = { language: "pt", timezone: "America/Sao_Paulo" };

export interface Mailer {
  /** False when the site has no way to send mail (production without SMTP_URL). */
  readonly available: boolean;
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

export interface AuthServiceOptions {
  db: Database;
  logger: Logger;
  mailer: Mailer;
  publicBaseUrl: string;
  /** Login attempts per e-mail per minute (per IP is limited at the edge). */
  loginLimit: number;
  loginCounter: WindowCounter;
  now?: () => Date;
}

function toPublic(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    role: row.role,
    preferences: { ...DEFAULT_PREFERENCES, ...(row.preferences as Partial<Preferences>) },
  };
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("pt-BR", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Accounts and sessions (A §2, §4, §6, §7): sign-in, profile, sign-out, preferences, password reset. */
export class AuthService {
  private readonly now: () => Date;

  constructor(private readonly options: AuthServiceOptions) {
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
      throw new HttpError(429, authMessages.tooManyAttempts, { "Retry-After": "60" });
    const [row] = await this.options.db.select().from(users).where(eq(users.email, normalized));
    // Unknown e-mail and wrong password take the same time and get the same answer.
    const ok = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
    if (!row || !ok) throw new HttpError(401, authMessages.invalidCredentials);
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
    return { token, user: toPublic(row), expiresAt };
  }

  /** The signed-in user of a token, or null when it is unknown, expired or revoked. */
  async userForToken(token: string | null): Promise<PublicUser | null> {
    if (!token) return null;
    const [row] = await this.options.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, this.now()),
        ),
      );
    return row ? toPublic(row.user) : null;
  }

  async logout(token: string | null): Promise<void> {
    if (!token) return;
    await this.options.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  }

  async updateProfile(
    userId: string,
    changes: { preferences?: Partial<Preferences>; name?: string },
  ): Promise<PublicUser> {
    const [current] = await this.options.db.select().from(users).where(eq(users.id, userId));
    if (!current) throw new HttpError(404, "Usuário não encontrado.");
    const preferences = {
      ...DEFAULT_PREFERENCES,
      ...(current.preferences as Partial<Preferences>),
      ...changes.preferences,
    };
    const [row] = await this.options.db
      .update(users)
      .set({ preferences, ...(changes.name ? { name: changes.name } : {}), updatedAt: this.now() })
      .where(eq(users.id, userId))
      .returning();
    return toPublic(row!);
  }

  async createUser(input: {
    email: string;
    password: string;
    role: Role;
    name?: string;
    username?: string;
  }): Promise<PublicUser> {
    const email = input.email.trim().toLowerCase();
    if (input.password.length < MIN_PASSWORD_LENGTH) throw new HttpError(400, authMessages.passwordTooShort);
    const [existing] = await this.options.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (existing) throw new HttpError(409, authMessages.emailTaken);
    const username = await this.freeUsername(input.username ?? email.split("@")[0]!);
    const [row] = await this.options.db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        username,
        name: input.name?.trim() || username,
        role: input.role,
        passwordHash: await hashPassword(input.password),
        preferences: DEFAULT_PREFERENCES,
        createdAt: this.now(),
        updatedAt: this.now(),
      })
      .returning();
    return toPublic(row!);
  }

  async userCount(): Promise<number> {
    const [row] = await this.options.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return Number(row?.n ?? 0);
  }

  /**
   * Sends a single-use reset link when the e-mail belongs to someone; the caller always shows the
   * same answer, so nobody learns which e-mails have accounts.
   */
  /** Whether a reset link can be sent at all (the forgot-password page says so when not). */
  get passwordResetAvailable(): boolean {
    return this.options.mailer.available;
  }

  async requestPasswordReset(email: string): Promise<void> {
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
    const token = newToken();
    await this.options.db.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: row.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    const link = `${this.options.publicBaseUrl}/reset-password?token=${token}`;
    await this.options.mailer.send({
      to: row.email,
      subject: "Redefinição de senha — Vértice",
      text: `Olá, ${row.name}.\n\nPara criar uma nova senha, abra este link (válido por 1 hora, uma única vez):\n${link}\n\nSe você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.`,
    });
  }

  /** Sets the new password, spends the link, and signs the user out everywhere. */
  async resetPassword(token: string, password: string): Promise<PublicUser> {
    if (password.length < MIN_PASSWORD_LENGTH) throw new HttpError(400, authMessages.passwordTooShort);
    const now = this.now();
    const passwordHash = await hashPassword(password);
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
      if (!reset) throw new HttpError(400, authMessages.resetInvalid);
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
      return toPublic(row!);
    });
  }

  async dashboardData(userId: string): Promise<unknown | null> {
    const [row] = await this.options.db
      .select()
      .from(userDashboards)
      .where(eq(userDashboards.userId, userId));
    return row?.data ?? null;
  }

  async setDashboardData(userId: string, data: unknown): Promise<void> {
    await this.options.db
      .insert(userDashboards)
      .values({ userId, data, updatedAt: this.now() })
      .onConflictDoUpdate({ target: userDashboards.userId, set: { data, updatedAt: this.now() } });
  }

  private async freeUsername(base: string): Promise<string> {
    const clean =
      base
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, "")
        .slice(0, 30) || "usuario";
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? clean : `${clean}${n + 1}`;
      const [taken] = await this.options.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, candidate));
      if (!taken) return candidate;
    }
  }
}
