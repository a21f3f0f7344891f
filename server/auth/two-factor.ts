import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import type { Database } from "../db/client.ts";
import { recoveryCodes, sessions, users } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { WindowCounter } from "../rate/window-counter.ts";
import type { Sealer } from "./sealed.ts";

/**
 * Two-factor sign-in with TOTP (RFC 6238, decision 112): a secret shown once as a QR code and as base32
 * text, confirmed with a code; ten single-use recovery codes kept as hashes. A code is accepted one
 * step (30 s) early or late, and never twice: the last accepted time step is stored, and a code of
 * that step or an earlier one is refused.
 */

export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Vértice";

/** Staff (admin, editor) must sign in with a second factor; customers may choose to. */
export function twoFactorRequiredFor(role: string): boolean {
  return role === "admin" || role === "editor";
}

/** What a person typed, without spaces and dashes, lower case: "123 456" → "123456", "ABCDE-12345" → "abcde12345". */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]/g, "").toLowerCase();
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A recovery code as shown: two groups of five characters without look-alikes (0/o, 1/l/i), ~49 bits. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/**
 * What is stored of a recovery code: a keyed digest of the person and the code (Sealer.digest). The
 * codes are random, not chosen by people, so no slow hash is needed; the key keeps a database copy
 * alone from being searched for them (~49 bits each).
 */
export function recoveryCodeHash(sealer: Sealer, userId: string, code: string): string {
  return sealer.digest(`recovery:${userId}:${normalizeCode(code)}`);
}

/** The time step a TOTP code at `at` belongs to. */
export function timeStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * Checks a TOTP code against a secret at `at`: the matched time step, or null. One step either way
 * is accepted (a phone's clock a little off, a code typed as it changed); a step at or before
 * `afterStep` is not (that code, or an older one, was already used).
 */
export async function matchTotp(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => null);
  // delta: how many periods from `at` the code matched (-1, 0 or 1).
  return result?.valid ? timeStepAt(at) + result.delta : null;
}

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

export interface TwoFactorSetup {
  /** base32, shown beside the QR code for apps that take it typed. */
  secret: string;
  /** otpauth:// URI the QR code holds. */
  uri: string;
}

export class TwoFactorService {
  private readonly now: () => Date;

  constructor(
    private readonly options: {
      db: Database;
      sealer: Sealer;
      /** Codes checked after sign-in, per person per minute (the login limit's counter and value). */
      codeLimit?: { counter: WindowCounter; perMinute: number };
      now?: () => Date;
    },
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const [row] = await this.options.db
      .select({ enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, userId));
    const [left] = await this.options.db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return {
      enabled: Boolean(row?.enabledAt),
      enabledAt: row?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: row?.enabledAt ? Number(left?.n ?? 0) : 0,
    };
  }

  /**
   * The secret to set up, kept sealed as pending until a code confirms it, together with the
   * session that asked for it. The same session is shown the same secret again (a wrong code or a
   * reload must not invalidate what the app scanned); any other session gets a new one, so someone
   * else holding the password cannot read a secret its owner is about to confirm. Once confirmed,
   * it is never shown again.
   */
  async beginSetup(user: { id: string; email: string }, sessionId: string): Promise<TwoFactorSetup> {
    const [row] = await this.options.db
      .select({ enabledAt: users.totpEnabledAt, pending: users.totpPendingSecret })
      .from(users)
      .where(eq(users.id, user.id));
    if (row?.enabledAt) throw new DomainError("conflict", "twoFactor.alreadyEnabled");
    let secret = this.pendingSecret(row?.pending ?? null, sessionId);
    if (!secret) {
      secret = generateSecret();
      await this.options.db
        .update(users)
        .set({ totpPendingSecret: this.options.sealer.seal(`${sessionId} ${secret}`) })
        .where(eq(users.id, user.id));
    }
    return { secret, uri: generateURI({ issuer: ISSUER, label: user.email, secret }) };
  }

  /** The pending secret, when it was made for this session. */
  private pendingSecret(sealed: string | null, sessionId: string): string | null {
    const opened = sealed ? this.options.sealer.open(sealed) : null;
    const [owner, secret] = opened?.split(" ") ?? [];
    return owner === sessionId && secret ? secret : null;
  }

  /** Turns two-factor on with a code of the pending secret: the ten recovery codes, shown once. */
  async confirmSetup(userId: string, code: string, sessionId: string): Promise<string[]> {
    const [row] = await this.options.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new DomainError("not-found", "twoFactor.noSetupInProgress");
    if (row.totpEnabledAt) throw new DomainError("conflict", "twoFactor.alreadyEnabled");
    const secret = this.pendingSecret(row.totpPendingSecret, sessionId);
    if (!secret) throw new DomainError("invalid", "twoFactor.noSetupInProgress");
    await this.countCodeAttempt(userId);
    const step = await matchTotp(secret, normalizeCode(code), this.now(), null);
    if (step === null) throw new DomainError("invalid", "twoFactor.invalidCode");
    return this.options.db.transaction(async (tx) => {
      const enabled = await tx
        .update(users)
        .set({
          totpSecret: this.options.sealer.seal(secret),
          totpPendingSecret: null,
          totpEnabledAt: this.now(),
          totpLastStep: step,
          updatedAt: this.now(),
        })
        .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
        .returning({ id: users.id });
      if (enabled.length === 0) throw new DomainError("conflict", "twoFactor.alreadyEnabled");
      return this.replaceRecoveryCodes(tx as unknown as Database, userId);
    });
  }

  /**
   * Whether `code` is this person's second factor now: a TOTP code of a step not used before, or
   * an unused recovery code (spent by this). Used at sign-in and to confirm a change of 2FA.
   */
  async verify(userId: string, code: string): Promise<boolean> {
    const typed = normalizeCode(code);
    const [row] = await this.options.db
      .select({ secret: users.totpSecret, lastStep: users.totpLastStep })
      .from(users)
      .where(eq(users.id, userId));
    if (!row?.secret) return false;
    if (/^\d{6}$/.test(typed)) {
      const secret = this.options.sealer.open(row.secret);
      if (!secret) return false;
      const step = await matchTotp(secret, typed, this.now(), row.lastStep);
      if (step === null) return false;
      // Two requests with the same code at once: only one moves the step forward.
      const moved = await this.options.db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      return moved.length === 1;
    }
    if (!/^[a-z0-9]{10}$/.test(typed)) return false;
    const spent = await this.options.db
      .update(recoveryCodes)
      .set({ usedAt: this.now() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, recoveryCodeHash(this.options.sealer, userId, typed)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return spent.length === 1;
  }

  /** Ten new recovery codes (the old ones stop working), after a valid code. */
  async regenerateRecoveryCodes(userId: string, code: string): Promise<string[]> {
    await this.requireEnabledAndCode(userId, code);
    return this.options.db.transaction((tx) => this.replaceRecoveryCodes(tx as unknown as Database, userId));
  }

  /** Turns two-factor off after a valid code; staff may not (their role requires it). */
  async disable(user: { id: string; role: string }, code: string): Promise<void> {
    if (twoFactorRequiredFor(user.role)) throw new DomainError("forbidden", "twoFactor.staffMustKeep");
    await this.requireEnabledAndCode(user.id, code);
    await this.clear(user.id);
  }

  /**
   * The operator's reset (npm run user:reset-2fa) for a person who lost both phone and recovery
   * codes: the secret and the codes are gone; staff set it up again at their next sign-in.
   */
  async clear(userId: string, options: { endSessions?: boolean } = {}): Promise<number> {
    return this.options.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          totpSecret: null,
          totpPendingSecret: null,
          totpEnabledAt: null,
          totpLastStep: null,
          updatedAt: this.now(),
        })
        .where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (!options.endSessions) return 0;
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: this.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length;
    });
  }

  /**
   * Codes checked outside the sign-in (set-up, turning off, new recovery codes) count per person,
   * with the sign-in's limit: a stolen session cannot guess codes from many addresses.
   */
  private async countCodeAttempt(userId: string): Promise<void> {
    const limit = this.options.codeLimit;
    if (!limit) return;
    if ((await limit.counter.hit(`code:${userId}`)) > limit.perMinute)
      throw new DomainError("rate-limited", "twoFactor.tooManyCodes", [], { retryAfterSeconds: 60 });
  }

  private async requireEnabledAndCode(userId: string, code: string): Promise<void> {
    if (!(await this.status(userId)).enabled) throw new DomainError("invalid", "twoFactor.notEnabled");
    await this.countCodeAttempt(userId);
    if (!(await this.verify(userId, code))) throw new DomainError("invalid", "twoFactor.invalidCode");
  }

  private async replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.insert(recoveryCodes).values(
      codes.map((code) => ({
        id: randomUUID(),
        userId,
        codeHash: recoveryCodeHash(this.options.sealer, userId, code),
        createdAt: this.now(),
      })),
    );
    return codes;
  }
}
