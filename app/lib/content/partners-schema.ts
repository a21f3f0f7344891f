import { z } from "../zod.ts";

/** The partners document `partners-data` (B §3.2): the partners drawn on the map. */
export const partnerSchema = z.strictObject({
  id: z.number().int().positive(),
  cidade: z.string().trim().min(1),
  /** Two-letter state code (GO, SP...). */
  estado: z.string().regex(/^[A-Z]{2}$/, { error: "sigla do estado, ex.: GO" }),
  lat: z.number().min(-34).max(6),
  lng: z.number().min(-74).max(-34),
  ativo: z.boolean(),
  segmento: z.string().trim().min(1),
  /** The chat link 'Entrar em Contato' opens (https://wa.me/...). */
  contato: z.url({ protocol: /^https$/ }),
});

export const partnersDataSchema = z.strictObject({ partners: z.array(partnerSchema) });

export type Partner = z.output<typeof partnerSchema>;
export type PartnersData = z.output<typeof partnersDataSchema>;
