import type { CompanyService } from "../portal/companies.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { ApiKeyService } from "./api-keys.ts";
import { PasswordResetService } from "./password-reset.ts";
import { PasswordHasher, scryptCostOf } from "./passwords.ts";
import { Sealer } from "./sealed.ts";
import { queueNewDeviceMail } from "./security-mail.ts";
import { SessionService } from "./sessions.ts";
import { StaffAccountService } from "./staff-accounts.ts";
import { TwoFactorService } from "./two-factor.ts";
import { AccountService } from "./users.ts";

/**
 * Accounts and signing in (A §4, §6; decisions 024, 025, 112): passwords, sessions, the second
 * factor, password resets, and the keys of the vendor's systems (decision 096).
 */
export function buildAuth(platform: Platform, signingSecret: string) {
  const { db, config, logger, mailer, worker, audit, seams } = platform;
  // Every password hashed and checked at the configured cost (production's unless a test or a
  // local trial asks for less: decision 113).
  const hasher = new PasswordHasher(scryptCostOf(config.PASSWORD_HASH_COST));
  const accounts = new AccountService({ db, hasher, now: seams.now, audit });
  // Sign-in attempts and second-factor codes share one limit per minute.
  const loginCounter = platform.windowCounter("login");
  const twoFactor = new TwoFactorService({
    db,
    sealer: new Sealer(signingSecret, "totp"),
    codeLimit: { counter: loginCounter, perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE },
    now: seams.now,
  });
  return {
    services: {
      accounts,
      sessions: new SessionService({
        db,
        hasher,
        loginLimit: config.LOGIN_RATE_LIMIT_PER_MINUTE,
        loginCounter,
        twoFactor,
        onNewStaffDevice: queueNewDeviceMail(db, config.publicBaseUrl, () => void worker.kick()),
        now: seams.now,
        audit,
      }),
      twoFactor,
      passwordReset: new PasswordResetService({
        db,
        hasher,
        logger,
        mailer,
        publicBaseUrl: config.publicBaseUrl,
        now: seams.now,
      }),
      /** Keys of the vendor's billing system and platform (decision 096). */
      apiKeys: new ApiKeyService({ db, now: seams.now, audit }),
    },
  } satisfies DomainParts<object>;
}

/**
 * The accounts staff create in the admin (decision 135): after the portal, since a customer is
 * created in a company (the portal's companies, which are built with the accounts above).
 */
export function buildStaffAccounts(
  { logger }: Platform,
  parts: { accounts: AccountService; passwordReset: PasswordResetService; companies: CompanyService },
) {
  return {
    services: { staffAccounts: new StaffAccountService({ ...parts, logger }) },
  } satisfies DomainParts<object>;
}
