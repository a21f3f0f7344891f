import { validationMessages } from "~/lib/forms/validation.ts";

/** What the customer portal and the company admin refuse with, in Portuguese. */
export const portalMessages = {
  cnpjLength: validationMessages.cnpj,
  cnpjInvalid: validationMessages.cnpjInvalid,
  cnpjTaken: "Já existe uma empresa com este CNPJ.",
  legalNameRequired: "Informe a razão social (pelo menos 2 caracteres).",
  unknownPlan: (planId: string) => `Plano desconhecido: ${planId}.`,
  companyNotFound: "Empresa não encontrada.",
  customerNeedsCompany:
    "Um cliente pertence a uma empresa: informe o CNPJ dela (--company CNPJ, e --company-name para uma empresa nova).",
  customerIsNotStaff: "Clientes e equipe são contas separadas: crie uma conta da equipe para esta pessoa.",
  staffHasNoCompany: "Contas da equipe (admin) não pertencem a uma empresa.",
  noCompany:
    "Sua conta ainda não está ligada a uma empresa. Fale com o nosso suporte para que ela seja vinculada.",
} as const;
