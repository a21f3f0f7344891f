import { validationMessages, validationMessagesEn } from "../forms/validation.ts";
import { refusalPart } from "./part.ts";

/** What any page of the customer portal refuses with. */
export const portalRefusals = refusalPart({
  pt: {
    notFound: "Não encontrado.",
    pageNotFound: "Página não encontrada.",
  },
  en: {
    notFound: "Not found.",
    pageNotFound: "Page not found.",
  },
});

/** Customer companies, their accounts and plans, as staff and the CLI register them (decision 091). */
export const companyRefusals = refusalPart({
  pt: {
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
  },
  en: {
    cnpjLength: validationMessagesEn.cnpj,
    cnpjInvalid: validationMessagesEn.cnpjInvalid,
    cnpjTaken: "A company with this CNPJ already exists.",
    legalNameRequired: "Enter the legal name (at least 2 characters).",
    unknownPlan: (planId: string) => `Unknown plan: ${planId}.`,
    unknownCycle: "Unknown billing cycle: use monthly or annual.",
    cycleStartInvalid: "Enter the start of the cycle as a valid date (day/month/year).",
    companyNotFound: "Company not found.",
    customerNeedsCompany:
      "A customer belongs to a company: give its CNPJ (--company CNPJ, and --company-name for a new company).",
    customerIsNotStaff: "Customers and staff have separate accounts: create a staff account for this person.",
    staffHasNoCompany: "Staff (admin) accounts do not belong to a company.",
  },
});

/** The company's people: roles, invitations and the plan's user limit. */
export const memberRefusals = refusalPart({
  pt: {
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
  },
  en: {
    cannotManage: "Only the company's owners and administrators manage its people.",
    cannotGive: (role: string) =>
      role === "owner" ? "Only an owner can make someone else an owner." : "You cannot give this role.",
    alreadyMember: (email: string) => `${email} is already part of your company.`,
    emailHasAccount: (email: string) =>
      `An account with the e-mail ${email} already exists. Ask the person to sign in with it, or contact our support to move it.`,
    planLimit: (plan: string, limit: number) =>
      `The ${plan} plan allows up to ${limit} users, counting open invitations. Remove someone, cancel an invitation or change plans.`,
    lastOwner: "The company needs at least one owner: name another one first.",
    notYourself: "You cannot remove yourself.",
    tooManyInvitations: "Too many invitations in a short time. Try again later.",
    invitationInvalid:
      "This invitation is invalid, already used or expired. Ask whoever invited you for a new one.",
    nameRequired: "Enter your name (at least 2 characters).",
  },
});

/** Support tickets and their files. */
export const ticketRefusals = refusalPart({
  pt: {
    notFound: "Chamado não encontrado.",
    tooManyFiles: (max: number) => `Anexe no máximo ${max} arquivos.`,
    fileEmpty: (name: string) => `O arquivo ${name} está vazio.`,
    fileTooLarge: (name: string, mb: number) => `O arquivo ${name} passa do limite de ${mb} MB.`,
    fileType: (name: string) =>
      `O arquivo ${name} não é de um tipo aceito: envie imagens, PDF, textos, CSV, planilhas ou documentos.`,
    cannotResolve: "Este chamado já está resolvido.",
    cannotReply: "Este chamado está resolvido: reabra-o para responder ou abra um novo chamado.",
    cannotReopen: "Um chamado só pode ser reaberto até 7 dias depois de resolvido. Abra um novo chamado.",
    alreadyThere: "O chamado já está nesta situação.",
    tooManyTickets: "Muitos chamados em pouco tempo. Tente novamente mais tarde.",
  },
  en: {
    notFound: "Ticket not found.",
    tooManyFiles: (max: number) => `Attach at most ${max} files.`,
    fileEmpty: (name: string) => `The file ${name} is empty.`,
    fileTooLarge: (name: string, mb: number) => `The file ${name} is over the ${mb} MB limit.`,
    fileType: (name: string) =>
      `The file ${name} is not of an accepted type: send images, PDF, text, CSV, spreadsheets or documents.`,
    cannotResolve: "This ticket is already resolved.",
    cannotReply: "This ticket is resolved: reopen it to reply, or open a new ticket.",
    cannotReopen: "A ticket can be reopened up to 7 days after it was resolved. Open a new ticket.",
    alreadyThere: "The ticket already has this status.",
    tooManyTickets: "Too many tickets in a short time. Try again later.",
  },
});

/** Plan change requests (decision 095). */
export const planRefusals = refusalPart({
  pt: {
    forbidden: "Somente proprietários e administradores da empresa podem pedir a mudança de plano.",
    openRequest:
      "Já existe um pedido de mudança de plano em aberto. Aguarde a resposta da nossa equipe antes de fazer outro.",
    samePlan: "Este já é o plano e o ciclo de cobrança da sua empresa. Escolha outro plano ou outro ciclo.",
    unknownPlan: "Plano desconhecido. Escolha um dos planos da lista.",
    invalid: "Escolha um plano e um ciclo de cobrança.",
    notFound: "Pedido não encontrado.",
    alreadyDecided: "Este pedido já foi decidido.",
    alreadyAnswered: "Este pedido já foi respondido pela nossa equipe e não pode mais ser retirado.",
    noteRequired: "Escreva o motivo da recusa: ele aparece para a empresa no portal.",
  },
  en: {
    forbidden: "Only the company's owners and administrators can ask for a plan change.",
    openRequest:
      "There is already an open plan change request. Please wait for our team's answer before asking for another.",
    samePlan: "This is already your company's plan and billing cycle. Choose another plan or cycle.",
    unknownPlan: "Unknown plan. Choose one of the plans listed.",
    invalid: "Choose a plan and a billing cycle.",
    notFound: "Request not found.",
    alreadyDecided: "This request has already been decided.",
    alreadyAnswered: "Our team has already answered this request: it can no longer be withdrawn.",
    noteRequired: "Write the reason for refusing: the company sees it in the portal.",
  },
});

/** The integrations page and the platform's reports of connections. */
export const integrationRefusals = refusalPart({
  pt: {
    companyNotFound: "Empresa não encontrada: nenhuma empresa com este CNPJ.",
    integrationNotFound: "Integração não encontrada no catálogo.",
    cannotRequest: "Somente proprietários e administradores da empresa pedem integrações.",
    requestNameRequired: "Escolha uma integração do catálogo ou diga qual você precisa.",
  },
  en: {
    companyNotFound: "Company not found: no company with this CNPJ.",
    integrationNotFound: "Integration not found in the catalogue.",
    cannotRequest: "Only the company's owners and administrators request integrations.",
    requestNameRequired: "Choose an integration of the catalogue, or tell us which one you need.",
  },
});

/** Invoices, as billing's API sends them and as customers download them (decisions 096, 097). */
export const invoiceRefusals = refusalPart({
  pt: {
    notFound: "Fatura não encontrada.",
    fileNotFound: "Arquivo não encontrado.",
    yearEmpty: "Nenhuma fatura neste ano.",
    alreadyPaid: (paidOn: string) =>
      `A fatura já está paga (em ${paidOn}): uma fatura paga não muda mais de situação.`,
    alreadyCancelled: "A fatura está cancelada: uma fatura cancelada não muda mais de situação.",
    /** Each field named by its path, with its own message (Portuguese, as billing's API sends it). */
    invalidFields: (fields: Record<string, string>) => `Dados inválidos: ${fieldList(fields)}`,
  },
  en: {
    notFound: "Invoice not found.",
    fileNotFound: "File not found.",
    yearEmpty: "No invoices in this year.",
    alreadyPaid: (paidOn: string) =>
      `The invoice is already paid (on ${paidOn}): a paid invoice no longer changes.`,
    alreadyCancelled: "The invoice is cancelled: a cancelled invoice no longer changes.",
    invalidFields: (fields: Record<string, string>) => `Invalid data: ${fieldList(fields)}`,
  },
});

/** "cnpj: … lines.0.amountCentavos: …": the fields refused, each by its path. */
function fieldList(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([field, message]) => (field ? `${field}: ${message}` : message))
    .join(" ");
}
