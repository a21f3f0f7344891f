import type { DemoOffer } from "@domain/booking/offer.ts";
import type { TemperatureLevel } from "@domain/forms/scoring.ts";

/** A status message of the form (B §4.3: info, success, warning, error). */
export type Banner = { tone: "info" | "success" | "warning" | "error"; text: string } | null;

/** The plan a free trial was asked for from /planos, with its name for the visitor. */
export interface ChosenPlan {
  id: string;
  name: string;
  annual: boolean;
}

/** A finished form: the protocol and what the server made of the lead. */
export interface Completed {
  protocol: string | null;
  level: TemperatureLevel | null;
  responseHours: number | null;
  /** The stored lead, by which its visitor may book a demonstration (decision 138); null if not stored. */
  lead?: { leadId: string; accessToken: string } | null;
  /** The seller's free slots offered at once (decision 138); null when nobody takes demonstrations. */
  booking?: DemoOffer | null;
}
