import { formatDateTime } from "@domain/format.ts";
import type { Database } from "../db/client.ts";
import { deliveryJobs } from "../db/schema.ts";
import { MAX_JOB_ATTEMPTS } from "../platform/outbox/retry-policy.ts";
import type { NewDeviceSignIn } from "./sessions.ts";

/**
 * The e-mail a staff member gets when their account signs in from a device and network it never
 * used (decision 112), as GitHub and Atlassian send one: what, when, from where, and what to do if it
 * was not them. It names no secret: no link that signs in, no code.
 */
export function newDeviceMail(
  event: NewDeviceSignIn,
  publicBaseUrl: string,
): { to: string; subject: string; text: string } {
  const base = publicBaseUrl.replace(/\/+$/, "");
  const english = event.user.preferences.language === "en";
  const when = formatDateTime(event.at, english ? "en" : "pt", {
    dateStyle: "long",
    timeZone: event.user.preferences.timezone,
  });
  const place = event.network ?? (english ? "unknown network" : "rede desconhecida");
  if (english)
    return {
      to: event.user.email,
      subject: "New sign-in to your Vértice account",
      text: [
        `Hello, ${event.user.name}.`,
        "",
        `Your account signed in from a new device: ${event.device}, network ${place}, on ${when}.`,
        "",
        "If it was you, there is nothing to do.",
        `If it was not, end that session and change your password now: ${base}/admin/conta`,
      ].join("\n"),
    };
  return {
    to: event.user.email,
    subject: "Novo acesso à sua conta Vértice",
    text: [
      `Olá, ${event.user.name}.`,
      "",
      `Sua conta foi acessada de um novo dispositivo: ${event.device}, rede ${place}, em ${when}.`,
      "",
      "Se foi você, não é preciso fazer nada.",
      `Se não foi, encerre essa sessão e troque sua senha agora: ${base}/admin/conta`,
    ].join("\n"),
  };
}

/** Queues that e-mail in the outbox (delivered by the worker, retried like every e-mail). */
export function queueNewDeviceMail(db: Database, publicBaseUrl: string, kick: () => void) {
  return async (event: NewDeviceSignIn): Promise<void> => {
    await db.insert(deliveryJobs).values({
      kind: "mail",
      payload: newDeviceMail(event, publicBaseUrl),
      maxAttempts: MAX_JOB_ATTEMPTS.mail,
      runAt: event.at,
    });
    kick();
  };
}
