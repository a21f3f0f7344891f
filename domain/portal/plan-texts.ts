import type { BillingCycle } from "../billing/proration.ts";
import type { OfferedLanguage } from "../languages.ts";
import { formatNumber } from "../number-format.ts";
import type { PlanLimitRow } from "./plan-limits.ts";

/** A plan change request's states (plan_change_requests.status). */
export const PLAN_REQUEST_STATUSES = ["requested", "applied", "refused", "cancelled"] as const;
export type PlanRequestStatus = (typeof PLAN_REQUEST_STATUSES)[number];

function capitalize(value: string): string {
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

const texts = {
  pt: {
    cycles: { monthly: "Mensal", annual: "Anual" } satisfies Record<BillingCycle, string>,
    cycleNouns: { monthly: "mensal", annual: "anual" } satisfies Record<BillingCycle, string>,
    per: { monthly: "/mês", annual: "/ano" } satisfies Record<BillingCycle, string>,
    statuses: {
      requested: "Solicitado",
      applied: "Aplicado",
      refused: "Recusado",
      cancelled: "Cancelado",
    } satisfies Record<PlanRequestStatus, string>,
    plan: {
      title: "Detalhes do plano",
      intro: (company: string) => `O plano de ${company}, o ciclo de cobrança e o uso dos limites.`,
      noPlan: "Sua empresa ainda não tem um plano registrado.",
      noPlanHint: "Escolha um plano e envie o pedido: a nossa equipe comercial confirma por e-mail.",
      choosePlan: "Escolher um plano",
      current: "Plano atual",
      cycle: "Ciclo de cobrança",
      price: "Preço",
      monthlyEquivalent: (price: string) => `equivale a ${price}/mês`,
      cycleStart: "Início do ciclo atual",
      renewal: "Próxima renovação",
      notInformed: "Não informada",
      limits: "Limites e uso",
      limitsHint:
        "O número de usuários é o das pessoas da empresa no portal. O uso dos demais limites é acompanhado pela nossa equipe.",
      usedOf: (used: number, limit: number, label: string, language: OfferedLanguage = "pt") =>
        `${formatNumber(used, language)} de ${formatNumber(limit, language)} ${label}`,
      upTo: (limit: number, label: string) => `Até ${formatNumber(limit, "pt")} ${label}`,
      unlimited: (label: string) => `${capitalize(label)} ilimitados`,
      inUse: (used: number) => `${formatNumber(used, "pt")} em uso`,
      textLimit: (label: string, text: string) => `${capitalize(label)}: ${text}`,
      over: "Acima do limite do plano",
      usage: (label: string) => `Uso de ${label}`,
      change: "Mudar de plano",
      onlyOwners:
        "Somente proprietários e administradores da empresa pedem a mudança de plano. Fale com um deles se precisar mudar.",
      sent: "Pedido enviado. Ele aparece como Solicitado até a nossa equipe aplicá-lo; você recebe a resposta por e-mail.",
      request: "Pedido de mudança",
      lastRequest: "Último pedido",
      requestedPlan: "Plano pedido",
      requestedOn: "Pedido em",
      requestedBy: "Pedido por",
      decidedOn: "Respondido em",
      status: "Situação",
      newPrice: "Novo preço",
      prorata: "Diferença na mudança",
      note: "Observação da nossa equipe",
      reference: "Referência",
      prorataCharge: (amount: string) => `${amount} a pagar`,
      prorataCredit: (amount: string) => `${amount} de crédito`,
      prorataByFinance: "calculada pela nossa equipe financeira",
      openHint:
        "A nossa equipe comercial analisa o pedido e responde por e-mail. Enquanto ele estiver em aberto, não é possível fazer outro.",
      withdraw: "Retirar pedido",
      withdrawQuestion: "Retirar este pedido? Nada muda no plano da empresa e a nossa equipe é avisada.",
      withdrawConfirm: "Sim, retirar o pedido",
      withdrawn:
        "Pedido retirado. O plano da empresa continua o mesmo; você pode pedir outra mudança quando quiser.",
    },
    upgrade: {
      title: "Mudar de plano",
      intro:
        "Escolha o plano e o ciclo de cobrança: você vê o novo preço e a diferença proporcional antes de confirmar.",
      back: "Detalhes do plano",
      current: (plan: string, cycle: string) => `Plano atual: ${plan} (${cycle})`,
      noCurrent: "Sua empresa ainda não tem um plano registrado.",
      choose: "Escolha o novo plano",
      planLegend: "Plano",
      cycleLegend: "Ciclo de cobrança",
      currentTag: "atual",
      monthlyPrice: (price: string) => `${price}/mês`,
      annualPrice: (price: string, monthly: string) => `${price}/ano (equivale a ${monthly}/mês)`,
      monthlyHint: "Cobrança todo mês, no mesmo dia do mês.",
      annualSavings: "Uma cobrança por ano, que sai mais barata que doze mensais.",
      calculate: "Ver novo preço",
      summary: "Resumo da mudança",
      from: "De",
      to: "Para",
      newPrice: "Novo preço",
      remaining: (remaining: number, days: number, renewal: string) =>
        `Restam ${remaining} de ${days} dias do ciclo atual, que renova em ${renewal}.`,
      sameCycleCharge: "Diferença proporcional a pagar pelo restante do ciclo",
      sameCycleCredit: "Crédito proporcional pelo restante do ciclo",
      credit: "Crédito do período não usado do ciclo atual",
      newCycle: "Valor do novo ciclo",
      dueNow: "A pagar na próxima fatura",
      creditLeft: "Crédito que fica para as próximas faturas",
      firstCycle: "Primeiro ciclo, na próxima fatura",
      unknownCycle:
        "A data de início do seu ciclo atual não está registrada: a diferença proporcional é calculada pela nossa equipe financeira.",
      nextRenewal: (day: string) => `Próxima renovação: ${day}.`,
      effective: (day: string) =>
        `Se aprovada, a mudança vale a partir de ${day} (a data do pedido). A cobrança sai nas próximas faturas; nada é cobrado agora.`,
      confirm: "Confirmar pedido de mudança",
      sending: "Enviando...",
      openRequest: (plan: string, cycle: string, day: string) =>
        `Já existe um pedido em aberto: ${plan} (${cycle}), feito em ${day}. Aguarde a resposta antes de pedir outra mudança.`,
      same: "Este já é o plano e o ciclo atuais da sua empresa. Escolha outro plano ou outro ciclo.",
      onlyOwners:
        "Você pode simular a mudança, mas somente proprietários e administradores da empresa enviam o pedido.",
    },
  },
  en: {
    cycles: { monthly: "Monthly", annual: "Annual" } satisfies Record<BillingCycle, string>,
    cycleNouns: { monthly: "monthly", annual: "annual" } satisfies Record<BillingCycle, string>,
    per: { monthly: "/month", annual: "/year" } satisfies Record<BillingCycle, string>,
    statuses: {
      requested: "Requested",
      applied: "Applied",
      refused: "Refused",
      cancelled: "Cancelled",
    } satisfies Record<PlanRequestStatus, string>,
    plan: {
      title: "Plan details",
      intro: (company: string) => `${company}'s plan, its billing cycle and the use of its limits.`,
      noPlan: "Your company has no plan on record yet.",
      noPlanHint: "Choose a plan and send the request: our sales team confirms by e-mail.",
      choosePlan: "Choose a plan",
      current: "Current plan",
      cycle: "Billing cycle",
      price: "Price",
      monthlyEquivalent: (price: string) => `${price}/month equivalent`,
      cycleStart: "Current cycle started",
      renewal: "Next renewal",
      notInformed: "Not on record",
      limits: "Limits and use",
      limitsHint:
        "Users are the company's people in the portal. Our team follows the use of the other limits.",
      usedOf: (used: number, limit: number, label: string, language: OfferedLanguage = "en") =>
        `${formatNumber(used, language)} of ${formatNumber(limit, language)} ${label}`,
      upTo: (limit: number, label: string) => `Up to ${formatNumber(limit, "en")} ${label}`,
      unlimited: (label: string) => `Unlimited ${label}`,
      inUse: (used: number) => `${formatNumber(used, "en")} in use`,
      textLimit: (label: string, text: string) => `${capitalize(label)}: ${text}`,
      over: "Over the plan's limit",
      usage: (label: string) => `Use of ${label}`,
      change: "Change plan",
      onlyOwners:
        "Only the company's owners and administrators ask for a plan change. Talk to one of them if you need a change.",
      sent: "Request sent. It shows as Requested until our team applies it; you will get the answer by e-mail.",
      request: "Change request",
      lastRequest: "Last request",
      requestedPlan: "Plan requested",
      requestedOn: "Requested on",
      requestedBy: "Requested by",
      decidedOn: "Answered on",
      status: "Status",
      newPrice: "New price",
      prorata: "Difference at the change",
      note: "Note from our team",
      reference: "Reference",
      prorataCharge: (amount: string) => `${amount} due`,
      prorataCredit: (amount: string) => `${amount} credit`,
      prorataByFinance: "worked out by our finance team",
      openHint:
        "Our sales team reviews the request and answers by e-mail. While it is open, another one cannot be made.",
      withdraw: "Withdraw request",
      withdrawQuestion: "Withdraw this request? Nothing changes in the company's plan and our team is told.",
      withdrawConfirm: "Yes, withdraw it",
      withdrawn:
        "Request withdrawn. The company's plan stays the same; you can ask for another change whenever you like.",
    },
    upgrade: {
      title: "Change plan",
      intro:
        "Choose the plan and the billing cycle: you see the new price and the prorated difference before confirming.",
      back: "Plan details",
      current: (plan: string, cycle: string) => `Current plan: ${plan} (${cycle})`,
      noCurrent: "Your company has no plan on record yet.",
      choose: "Choose the new plan",
      planLegend: "Plan",
      cycleLegend: "Billing cycle",
      currentTag: "current",
      monthlyPrice: (price: string) => `${price}/month`,
      annualPrice: (price: string, monthly: string) => `${price}/year (${monthly}/month equivalent)`,
      monthlyHint: "Billed every month, on the same day of the month.",
      annualSavings: "Billed once a year, for less than twelve monthly payments.",
      calculate: "See the new price",
      summary: "Summary of the change",
      from: "From",
      to: "To",
      newPrice: "New price",
      remaining: (remaining: number, days: number, renewal: string) =>
        `${remaining} of the current cycle's ${days} days are left; it renews on ${renewal}.`,
      sameCycleCharge: "Prorated difference due for the rest of the cycle",
      sameCycleCredit: "Prorated credit for the rest of the cycle",
      credit: "Credit for the unused part of the current cycle",
      newCycle: "Price of the new cycle",
      dueNow: "Due on the next invoice",
      creditLeft: "Credit left for the next invoices",
      firstCycle: "First cycle, on the next invoice",
      unknownCycle:
        "The start of your current cycle is not on record: our finance team works out the prorated difference.",
      nextRenewal: (day: string) => `Next renewal: ${day}.`,
      effective: (day: string) =>
        `Once approved, the change applies from ${day} (the day of the request). It is billed on the next invoices; nothing is charged now.`,
      confirm: "Confirm the change request",
      sending: "Sending...",
      openRequest: (plan: string, cycle: string, day: string) =>
        `There is already an open request: ${plan} (${cycle}), made on ${day}. Please wait for the answer before asking for another change.`,
      same: "This is already your company's plan and cycle. Choose another plan or cycle.",
      onlyOwners:
        "You can try out a change, but only the company's owners and administrators send the request.",
    },
  },
} as const;

export type PlanTexts = (typeof texts)["pt"];

export function planTexts(language: OfferedLanguage): PlanTexts {
  return texts[language] as unknown as PlanTexts;
}

/** One limit as the plan page writes it: the use against the limit where known, A §9's words otherwise. */
export function limitText(row: PlanLimitRow, language: OfferedLanguage): string {
  const t = planTexts(language).plan;
  if (row.kind === "count")
    return row.used === null
      ? t.upTo(row.limit!, row.label)
      : t.usedOf(row.used, row.limit!, row.label, language);
  if (row.kind === "unlimited")
    return row.used === null ? t.unlimited(row.label) : `${t.unlimited(row.label)} · ${t.inUse(row.used)}`;
  return t.textLimit(row.label, row.text ?? "");
}

/** The admin's words (staff read Portuguese). */
export const planAdminTexts = {
  cycle: "Ciclo de cobrança",
  cycleStart: "Início do ciclo",
  cycleStartHint: "Dia em que o ciclo atual começou.",
  cycleStartInvalid: "Informe o início do ciclo como uma data válida.",
  requests: "Pedidos de mudança de plano",
  noRequests: "Nenhum pedido de mudança de plano.",
  requestedOn: "Pedido em",
  requester: "Pedido por",
  change: "Mudança",
  newPrice: "Novo preço",
  prorata: "Diferença na mudança",
  status: "Situação",
  tracker: "Jira",
  notDelivered: "ainda não entregue",
  note: "Observação (obrigatória para recusar; a empresa vê no portal)",
  apply: "Aplicar mudança",
  refuse: "Recusar pedido",
  applyHint: (day: string) =>
    `Aplicar muda o plano e o ciclo da empresa a partir de ${day} e avisa os proprietários por e-mail.`,
  applied: "Mudança aplicada: o plano da empresa foi alterado e os proprietários foram avisados.",
  refused: "Pedido recusado: os proprietários foram avisados.",
  decidedBy: (who: string, day: string) => `por ${who} em ${day}`,
  invalid: "Pedido inválido. Recarregue a página e tente de novo.",
} as const;
