import { TOUCH_TAG_KEYS } from "../attribution/touch.ts";
import { PLAN_ID_MAX_LENGTH, PLAN_ID_PATTERN } from "../plan-id.ts";
import { z } from "../zod.ts";
import { FORM_KEYS } from "./form-keys.ts";

/**
 * What the browser posts to /api/leads for every form (multi-step forms, contact, newsletter,
 * chat popup). The server validates it again against the form definition and computes the
 * temperature itself: nothing here is trusted.
 */
export const submissionSchema = z.strictObject({
  form: z.enum(FORM_KEYS),
  stage: z.enum(["capture", "complete"]).default("complete"),
  answers: z.record(
    z.string().max(60),
    z.union([z.string().max(5_000), z.array(z.string().max(100)).max(30)]),
  ),
  leadId: z.uuid().optional(),
  accessToken: z.string().max(200).optional(),
  /** One per submission attempt, so a repeated request is answered without a second lead. */
  requestKey: z.string().min(8).max(100),
  /** The form's challenge: signed, bound to the form and to when it was first touched (decision 122). */
  formToken: z.string().max(200).optional(),
  /** Honeypot: invisible to people, filled in by bots. */
  website: z.string().max(500).optional(),
  tracking: z
    .strictObject({
      page: z.string().max(2_000).optional(),
      referrer: z.string().max(2_000).optional(),
      /** The visit's campaign tags: UTM parameters and the ad networks' click ids (its last touch). */
      utm: z.partialRecord(z.enum(TOUCH_TAG_KEYS), z.string().max(200)).optional(),
    })
    .default({}),
  context: z
    .strictObject({
      planId: z.string().max(PLAN_ID_MAX_LENGTH).regex(PLAN_ID_PATTERN).optional(),
      annual: z.boolean().optional(),
      /** The partner map's partner the chat was opened for (decision 129); the server names it. */
      partnerId: z.number().int().positive().optional(),
    })
    .default({}),
});

/** What the browser sends, before defaults are applied. */
export type Submission = z.input<typeof submissionSchema>;
