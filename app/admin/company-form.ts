import { BILLING_CYCLES } from "@domain/billing/proration.ts";
import { z } from "@domain/zod.ts";

/**
 * The company form's fields as the admin posts them (create and edit share them): lengths only,
 * in Portuguese; the CNPJ's check digits and the plan are checked by CompanyService.
 */
export const companyFormFields = z.object({
  cnpj: z
    .string({ error: "Informe o CNPJ da empresa." })
    .trim()
    .min(1, "Informe o CNPJ da empresa.")
    .max(30, "CNPJ deve ter 14 dígitos"),
  legalName: z.string().trim().max(200, "A razão social passa de 200 caracteres."),
  tradeName: z.string().trim().max(200, "O nome fantasia passa de 200 caracteres.").optional(),
  planId: z.string().trim().max(60, "Plano desconhecido.").optional(),
  // Decision 095: how the plan is billed and the day its current cycle began (checked by CompanyService).
  billingCycle: z.enum(BILLING_CYCLES, { error: "Ciclo de cobrança desconhecido." }).optional(),
  cycleStartedOn: z.string().trim().max(10, "Informe o início do ciclo como uma data válida.").optional(),
});

/** The first problem of a refused form, as its message. */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Pedido inválido. Recarregue a página e tente de novo.";
}
