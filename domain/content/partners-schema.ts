import { z } from "../zod.ts";

/** The partners document `partners-data` (B §3.2, decision 129): the partners drawn on the map. */
export const partnerSchema = z.strictObject({
  id: z.number().int().positive(),
  /** The partner's own name: what the info window, the list and the lead name (decision 129). */
  nome: z.string().trim().min(1).max(120),
  cidade: z.string().trim().min(1),
  /** Two-letter state code (GO, SP...). */
  estado: z.string().regex(/^[A-Z]{2}$/, { error: "sigla do estado, ex.: GO" }),
  lat: z.number().min(-34).max(6),
  lng: z.number().min(-74).max(-34),
  ativo: z.boolean(),
  /** The id of one of the site's segments (vertice-segments-data), which names and colours it. */
  segmento: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: "identificador de um segmento do site, ex.: agronegocio" }),
  /** The partner's WhatsApp link; without one, the contact goes through the company's WhatsApp. */
  contato: z
    .string()
    .regex(/^https:\/\/wa\.me\/\d{10,15}$/, { error: "link do WhatsApp, ex.: https://wa.me/5562999990000" })
    .optional(),
});

/** Leads name a partner by its id (decision 129): two partners never share one. */
export const partnersDataSchema = z.strictObject({
  partners: z.array(partnerSchema).superRefine((partners, ctx) => {
    const seen = new Set<number>();
    partners.forEach((partner, index) => {
      if (seen.has(partner.id))
        ctx.addIssue({ code: "custom", message: `id repetido: ${partner.id}`, path: [index, "id"] });
      seen.add(partner.id);
    });
  }),
});

export type Partner = z.output<typeof partnerSchema>;
export type PartnersData = z.output<typeof partnersDataSchema>;
