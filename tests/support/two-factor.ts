import type { SessionService } from "@server/auth/sessions.ts";
import type { TwoFactorService } from "@server/auth/two-factor.ts";
import { generate } from "otplib";

/**
 * The second factor of the staff accounts a test process signed in (decision 112: staff must have
 * two-factor). A helper that meets the set-up page reads the secret from it, as a person's app
 * scans it, and keeps it here; later sign-ins compute the code an authenticator app would show.
 *
 * The server accepts each time step once, and one step either side of now: three codes in any
 * 30 seconds. A test that signs the same account in more often than that in a short while uses the
 * recovery codes the set-up showed, as a person without their phone would; past those, it fails
 * and says why (no waiting for the clock).
 */
interface Enrolment {
  secret: string;
  lastStep: number;
  /** The recovery codes not used yet (each spent once, as a person crosses them off). */
  recoveryCodes: string[];
  /** Every recovery code the set-up showed, used or not. */
  shownRecoveryCodes: string[];
}

/** By server address and e-mail; a restarted server (same data, new port) finds the account by e-mail. */
const enrolments = new Map<string, Enrolment>();
const byEmail = new Map<string, Enrolment>();

const key = (url: string, email: string) => `${new URL(url).origin}|${email.trim().toLowerCase()}`;

export function rememberEnrolment(url: string, email: string, secret: string, firstStep: number): Enrolment {
  const enrolment = { secret, lastStep: firstStep, recoveryCodes: [], shownRecoveryCodes: [] };
  enrolments.set(key(url, email), enrolment);
  byEmail.set(email.trim().toLowerCase(), enrolment);
  return enrolment;
}

export function rememberRecoveryCodes(url: string, email: string, codes: string[]): void {
  const enrolment = enrolmentOf(url, email);
  if (enrolment) {
    enrolment.recoveryCodes = [...codes];
    enrolment.shownRecoveryCodes = [...codes];
  }
}

/**
 * What the person's authenticator and paper hold for an account set up here: its TOTP secret and
 * every recovery code the set-up showed (for tests that check these never leak), or undefined.
 */
export function secondFactorOf(
  url: string,
  email: string,
): { secret: string; recoveryCodes: readonly string[] } | undefined {
  const enrolment = enrolmentOf(url, email);
  return enrolment && { secret: enrolment.secret, recoveryCodes: [...enrolment.shownRecoveryCodes] };
}

function enrolmentOf(url: string, email: string): Enrolment | undefined {
  const found = enrolments.get(key(url, email)) ?? byEmail.get(email.trim().toLowerCase());
  if (found) enrolments.set(key(url, email), found);
  return found;
}

const PERIOD = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / PERIOD);
/**
 * The earliest step a code may be made for now: the one before the current, unless the current is
 * about to end (it would be two steps back by the time the server checks it, and refused).
 */
const earliestStep = () => {
  const seconds = Date.now() / 1000;
  const step = Math.floor(seconds / PERIOD);
  return seconds - step * PERIOD < PERIOD - 3 ? step - 1 : step;
};

/** A TOTP code of `secret` for a time step (what the app shows during those 30 seconds). */
export function totpCode(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * PERIOD });
}

/** A fresh code for the set-up of `secret` (the first step the server will have seen). */
export async function setupCode(url: string, email: string, secret: string): Promise<string> {
  // The earliest acceptable step, so two more steps are left for sign-ins right after.
  const step = earliestStep();
  rememberEnrolment(url, email, secret, step);
  return totpCode(secret, step);
}

/** The next code the server accepts for this account: a TOTP code of an unused step, else a recovery code. */
export async function nextSignInCode(url: string, email: string): Promise<string> {
  const enrolment = enrolmentOf(url, email);
  if (!enrolment)
    throw new Error(`no second factor is known for ${email} at ${url}: it was set up elsewhere`);
  const step = Math.max(earliestStep(), enrolment.lastStep + 1);
  if (step <= stepNow() + 1) {
    enrolment.lastStep = step;
    return totpCode(enrolment.secret, step);
  }
  const recovery = enrolment.recoveryCodes.shift();
  if (recovery) return recovery;
  throw new Error(`${email} signed in too often in a minute: no unused code or recovery code is left`);
}

/**
 * In-process tests (services built in the test's own process): a session; a staff member's with
 * two-factor set up through the services as the set-up page does. The session a password sign-in
 * gives opens everything once the set-up is confirmed.
 */
export async function signInInProcess(
  services: { sessions: SessionService; twoFactor: TwoFactorService },
  email: string,
  password: string,
): Promise<string> {
  const signedIn = await services.sessions.login(email, password, { remember: false });
  if (signedIn.twoFactorSetupRequired) {
    const { sessionId } = (await services.sessions.sessionForToken(signedIn.token))!;
    const setup = await services.twoFactor.beginSetup({ id: signedIn.user.id, email }, sessionId);
    await services.twoFactor.confirmSetup(
      signedIn.user.id,
      await totpCode(setup.secret, stepNow()),
      sessionId,
    );
  }
  return signedIn.token;
}

/** A staff admin made through the services and signed in (two-factor set up): its session token. */
export async function signedInAdmin(
  services: {
    sessions: SessionService;
    twoFactor: TwoFactorService;
    accounts: { createUser(input: { email: string; password: string; role: "admin" }): Promise<unknown> };
  },
  email = "equipe@vertice.com.br",
): Promise<string> {
  const password = "senha-forte-1";
  await services.accounts.createUser({ email, password, role: "admin" });
  return signInInProcess(services, email, password);
}
