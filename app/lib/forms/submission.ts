import type { z } from "../zod.ts";
import type { submissionSchema } from "./submission-schema.ts";

/** The forms of the site (content documents form-{key}). */
export const FORM_KEYS = ["demo", "parceiros", "contato", "trial", "newsletter", "whatsapp"] as const;
export type FormKey = (typeof FORM_KEYS)[number];

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

export type Submission = z.input<typeof submissionSchema>;

/** What /api/leads answers. */
export interface SubmissionAnswer {
  leadId: string;
  accessToken: string;
  protocol: string;
  trackerKey: string | null;
  simulated: boolean;
  temperature: { score: number; level: "cold" | "warm" | "hot" };
  responseHours: number;
  stage: "captured" | "completed";
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
