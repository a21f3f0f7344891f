import { FORM_KEYS, UTM_KEYS } from "../forms/form-keys.ts";
import { ACCEPTED_LANGUAGES } from "../languages.ts";
import { z } from "../zod.ts";
import { FUNNEL_EVENTS, FUNNEL_MAX_EVENTS, FUNNEL_MAX_STEP } from "./events.ts";

/**
 * One event of a batch: a form, what happened, and for `step` the step number reached (2 and
 * up: step 1 is the form shown). Other events carry no step.
 */
export const funnelEventSchema = z
  .strictObject({
    form: z.enum(FORM_KEYS),
    type: z.enum(FUNNEL_EVENTS),
    step: z.number().int().min(2).max(FUNNEL_MAX_STEP).optional(),
  })
  .refine((event) => (event.type === "step") === (event.step !== undefined), {
    message: "só o evento 'step' tem etapa, e ele sempre tem",
    path: ["step"],
  });

/**
 * What the beacon posts (decision 104): one page view's random id, the page's language, the
 * visit's campaign tags and the host of the site before ours (never a whole address), and its
 * events. Nothing that names a person: no answer, no cookie, no address.
 */
export const funnelBatchSchema = z.strictObject({
  view: z.uuid(),
  lang: z.enum(ACCEPTED_LANGUAGES),
  utm: z.partialRecord(z.enum(UTM_KEYS), z.string().max(200)).optional(),
  referrer: z
    .string()
    .max(253)
    .regex(/^[a-z0-9.-]+$/i, "só o nome do site")
    .optional(),
  events: z.array(funnelEventSchema).min(1).max(FUNNEL_MAX_EVENTS),
});

export type FunnelBatch = z.output<typeof funnelBatchSchema>;
export type FunnelEvent = FunnelBatch["events"][number];
