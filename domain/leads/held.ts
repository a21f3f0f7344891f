import type { TemperatureLevel } from "../forms/scoring.ts";

/** Why a lead was held for review as automated (server/leads/spam.ts), as staff read it. */
export const SPAM_REASON_LABELS: Record<string, string> = {
  honeypot: "campo oculto preenchido (robôs preenchem todos os campos)",
  "too-fast": "enviado rápido demais, com links no texto ou vários envios seguidos",
  "bad-token": "verificação do formulário ausente ou inválida",
  "replayed-token": "verificação do formulário já usada por outro envio",
};

export function spamReasonLabel(reason: string): string {
  return SPAM_REASON_LABELS[reason] ?? reason;
}

/**
 * Whether a held lead is announced to staff at once (decision 125): one that scores warm or hot
 * may be a person the checks misjudged, and waiting in a filter would lose them.
 */
export function heldLeadWorthReview(level: TemperatureLevel | string): boolean {
  return level === "warm" || level === "hot";
}

/** The job event of the sales channel's message about a held lead. */
export const HELD_LEAD_EVENT = "lead.held";
