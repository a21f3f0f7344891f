import { securityTexts } from "@domain/auth/security-texts.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { refusalText } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import type { AppLoadContext } from "react-router";
import { deviceOf } from "../auth/devices.ts";
import { twoFactorRequiredFor } from "../auth/two-factor.ts";
import type { PublicUser } from "../auth/users.ts";
import { DomainError } from "../domain-errors.ts";
import { requestToken } from "./auth-guard.ts";

/**
 * A person's account security (decision 112), shown on /dashboard and on the admin's account page:
 * their two-factor status, the sessions where they are signed in, and a password change. One
 * loader part and one action for both pages; the page only renders it.
 */

export interface SessionRow {
  id: string;
  device: string;
  network: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

export interface AccountSecurityData {
  twoFactor: { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number; required: boolean };
  sessions: SessionRow[];
}

export async function accountSecurityData(
  request: Request,
  context: AppLoadContext,
  user: PublicUser,
  language: OfferedLanguage,
): Promise<AccountSecurityData> {
  const [status, sessions] = await Promise.all([
    context.services.twoFactor.status(user.id),
    context.services.sessions.list(user.id, requestToken(request)),
  ]);
  return {
    twoFactor: { ...status, required: twoFactorRequiredFor(user.role) },
    sessions: sessions.map((s) => ({
      id: s.id,
      device: deviceOf(s.userAgent, language),
      network: s.network,
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
      current: s.current,
    })),
  };
}

export const SECURITY_INTENTS = [
  "end-session",
  "end-other-sessions",
  "change-password",
  "disable-two-factor",
  "new-recovery-codes",
] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

export function isSecurityIntent(value: unknown): value is SecurityIntent {
  return SECURITY_INTENTS.includes(value as SecurityIntent);
}

/** What a security form's post did: a message for the page, the field it is about, new codes once. */
export interface SecurityResult {
  intent: SecurityIntent;
  ok: boolean;
  message: string;
  field?: "currentPassword" | "newPassword" | "code";
  recoveryCodes?: string[];
}

const fields = {
  sessionId: z.uuid(),
  code: z.string().trim().min(1).max(20),
  password: z.string().min(1).max(200),
};

/** Runs a security form's post for the signed-in `user`; refusals come back as messages, not errors. */
export async function accountSecurityAction(
  request: Request,
  context: AppLoadContext,
  user: PublicUser,
  form: FormData,
  language: OfferedLanguage,
): Promise<SecurityResult> {
  const t = securityTexts(language);
  const intent = form.get("intent") as SecurityIntent;
  const token = requestToken(request);
  const { sessions, twoFactor, logger } = context.services;
  const refuse = (message: string, field?: SecurityResult["field"]): SecurityResult => ({
    intent,
    ok: false,
    message,
    field,
  });
  try {
    switch (intent) {
      case "end-session": {
        const id = fields.sessionId.safeParse(form.get("sessionId"));
        if (!id.success) return refuse(t.sessionNotFound);
        await sessions.revoke(user.id, id.data);
        return { intent, ok: true, message: t.sessionEnded };
      }
      case "end-other-sessions": {
        const ended = await sessions.revokeOthers(user.id, token);
        return { intent, ok: true, message: t.othersEnded(ended) };
      }
      case "change-password": {
        const current = fields.password.safeParse(form.get("currentPassword"));
        if (!current.success) return refuse(t.fieldRequired(t.currentPassword), "currentPassword");
        const next = fields.password.safeParse(form.get("newPassword"));
        if (!next.success) return refuse(t.fieldRequired(t.newPassword), "newPassword");
        const ended = await sessions.changePassword(user.id, current.data, next.data, token);
        logger.info({ userId: user.id, endedSessions: ended }, "password changed by its owner");
        return { intent, ok: true, message: t.passwordChangedOthersEnded(ended) };
      }
      case "disable-two-factor": {
        const code = fields.code.safeParse(form.get("code"));
        if (!code.success) return refuse(t.codeMissing, "code");
        await twoFactor.disable(user, code.data);
        await sessions.revokeOthers(user.id, token);
        logger.info({ userId: user.id }, "two-factor sign-in turned off by its owner");
        return { intent, ok: true, message: t.twoFactorDisabled };
      }
      case "new-recovery-codes": {
        const code = fields.code.safeParse(form.get("code"));
        if (!code.success) return refuse(t.codeMissing, "code");
        const recoveryCodes = await twoFactor.regenerateRecoveryCodes(user.id, code.data);
        await sessions.revokeOthers(user.id, token);
        return { intent, ok: true, message: t.newCodesShown, recoveryCodes };
      }
    }
  } catch (error) {
    if (DomainError.is(error)) {
      const message = refusalText(error, language);
      const field =
        intent === "change-password"
          ? error.code === "auth.currentPasswordWrong"
            ? "currentPassword"
            : "newPassword"
          : intent === "end-session" || intent === "end-other-sessions"
            ? undefined
            : "code";
      return refuse(message, field);
    }
    throw error;
  }
  return refuse(t.sessionNotFound);
}
