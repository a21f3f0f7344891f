import { validationMessages } from "~/lib/forms/validation.ts";
import { portalTexts } from "~/lib/portal/texts.ts";
import { TICKET_REFUSALS, type TicketRefusal } from "~/lib/portal/tickets.ts";
import { DomainError, type RefusalKind } from "../domain-errors.ts";

/** What the customer portal and the company admin refuse with, in Portuguese. */
export const portalMessages = {
  cnpjLength: validationMessages.cnpj,
  cnpjInvalid: validationMessages.cnpjInvalid,
  cnpjTaken: "Já existe uma empresa com este CNPJ.",
  legalNameRequired: "Informe a razão social (pelo menos 2 caracteres).",
  unknownPlan: (planId: string) => `Plano desconhecido: ${planId}.`,
  unknownCycle: "Ciclo de cobrança desconhecido: use mensal ou anual.",
  cycleStartInvalid: "Informe o início do ciclo como uma data válida (dia/mês/ano).",
  companyNotFound: "Empresa não encontrada.",
  customerNeedsCompany:
    "Um cliente pertence a uma empresa: informe o CNPJ dela (--company CNPJ, e --company-name para uma empresa nova).",
  customerIsNotStaff: "Clientes e equipe são contas separadas: crie uma conta da equipe para esta pessoa.",
  staffHasNoCompany: "Contas da equipe (admin) não pertencem a uma empresa.",
  noCompany:
    "Sua conta ainda não está ligada a uma empresa. Fale com o nosso suporte para que ela seja vinculada.",
} as const;

/** What the company's people screens refuse with (decision 091). */
export const memberMessages = {
  notFound: "Não encontrado.",
  cannotManage: "Somente proprietários e administradores da empresa gerenciam as pessoas dela.",
  cannotGive: (role: string) =>
    role === "owner"
      ? "Somente um proprietário pode nomear outro proprietário."
      : "Você não pode dar este papel.",
  alreadyMember: (email: string) => `${email} já faz parte da sua empresa.`,
  emailHasAccount: (email: string) =>
    `Já existe uma conta com o e-mail ${email}. Peça à pessoa que entre com ela, ou fale com o nosso suporte para transferi-la.`,
  planLimit: (plan: string, limit: number) =>
    `O plano ${plan} permite até ${limit} usuários, contando os convites em aberto. Remova alguém, cancele um convite ou mude de plano.`,
  lastOwner: "A empresa precisa de pelo menos um proprietário: nomeie outro antes.",
  notYourself: "Você não pode remover a si mesmo.",
  tooManyInvitations: "Muitos convites em pouco tempo. Tente novamente mais tarde.",
  invitationInvalid: "Este convite é inválido, já foi usado ou expirou. Peça um novo a quem convidou você.",
  nameRequired: "Informe o seu nome (pelo menos 2 caracteres).",
} as const;

/** The ticket form's field messages (decision 094): the portal's own words, in Portuguese. */
const fieldWords = portalTexts("pt").tickets.errors;
export const ticketMessages = {
  categoryRequired: fieldWords.category,
  priorityRequired: fieldWords.priority,
  subjectRequired: fieldWords.subject,
  subjectTooLong: fieldWords.subjectTooLong,
  descriptionRequired: fieldWords.description,
  descriptionTooLong: fieldWords.descriptionTooLong,
  replyRequired: fieldWords.body,
  replyTooLong: fieldWords.bodyTooLong,
} as const;

/** A ticket refusal: the Portuguese message, with its code and arguments for a page in English. */
export function ticketRefusal<C extends TicketRefusal>(
  kind: RefusalKind,
  code: C,
  ...args: Parameters<(typeof TICKET_REFUSALS)["pt"][C]>
): DomainError {
  const say = TICKET_REFUSALS.pt[code] as (...a: unknown[]) => string;
  return new DomainError(kind, say(...args), kind === "rate-limited" ? 3600 : undefined, {
    refusal: { code, args },
  });
}
