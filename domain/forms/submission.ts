import type { DemoOffer } from "../booking/offer.ts";
import type { LeadLevel, LeadStage } from "../lead-status.ts";
import { UTM_KEYS } from "./form-keys.ts";

export { FORM_KEYS, type FormKey, UTM_KEYS } from "./form-keys.ts";
export type { Submission } from "./submission-schema.ts";

/** What /api/leads answers. */
export interface SubmissionAnswer {
  leadId: string;
  accessToken: string;
  protocol: string;
  trackerKey: string | null;
  simulated: boolean;
  temperature: { score: number; level: LeadLevel };
  responseHours: number;
  stage: LeadStage;
  /** A demo's or trial's completion: the seller's free slots (decision 138). */
  booking?: DemoOffer;
}

/** The UTM parameters of a query string. */
export function utmFrom(search: string): Partial<Record<(typeof UTM_KEYS)[number], string>> {
  const params = new URLSearchParams(search);
  const utm: Partial<Record<(typeof UTM_KEYS)[number], string>> = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key);
    if (value) utm[key] = value.slice(0, 200);
  }
  return utm;
}
