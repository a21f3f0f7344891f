import { z } from "../zod.ts";

/** What a visitor sends to see and book a demonstration's slots (decision 138). */
const LEAD = {
  leadId: z.uuid("Lead inválido."),
  accessToken: z.string().min(1).max(200),
};

export const bookRequestSchema = z.strictObject({
  ...LEAD,
  start: z.iso.datetime({ message: "Horário inválido." }),
  /** The visitor's time zone, for their e-mails ("America/Manaus"). */
  timeZone: z.string().max(64).optional(),
});
export type BookRequest = z.infer<typeof bookRequestSchema>;

/** A slot's button on the booking page, posted without JavaScript (/agendar). */
export const bookFormSchema = z.object({
  leadId: z.string().max(64),
  accessToken: z.string().max(200),
  start: z.iso.datetime(),
});

/** The buttons of a meeting's page (/agenda/:id): cancel it, or reschedule it to a slot. */
export const manageFormSchema = z.object({
  t: z.string().max(400),
  intent: z.enum(["cancel", "reschedule"]).optional(),
  start: z.iso.datetime().optional(),
});
