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
