import { formatCentavos } from "@domain/billing/money.ts";
import type { BillingCycle } from "@domain/billing/proration.ts";
import { formatDay } from "@domain/format.ts";
import { planTexts } from "@domain/portal/plan-texts.ts";

/**
 * The e-mail each owner of a company gets when staff decide its plan change request (decision 095), in
 * the owner's language. It says what was decided and links to the plan page, where staff's note
 * is shown: the note itself stays behind the sign-in, as a ticket's replies do.
 */
export interface PlanMail {
  to: string;
  subject: string;
  text: string;
}

type Language = "pt" | "en";

const words = {
  pt: {
    appliedSubject: (plan: string, cycle: string) => `Seu plano foi alterado para ${plan} (${cycle})`,
    appliedText: (name: string, company: string, plan: string, cycle: string, price: string, day: string) =>
      `Olá, ${name}.\n\nO pedido de mudança de plano de ${company} foi aplicado: desde ${day}, o plano é ${plan}, com cobrança ${cycle}, por ${price}.`,
    refusedSubject: "Seu pedido de mudança de plano não foi aplicado",
    refusedText: (name: string, company: string, plan: string, cycle: string) =>
      `Olá, ${name}.\n\nO pedido de mudança de ${company} para o plano ${plan}, com cobrança ${cycle}, não foi aplicado. O plano continua o mesmo.`,
    link: (link: string) => `\n\nVeja os detalhes no Portal do Cliente:\n${link}`,
    footer: "\n\nEste é um e-mail automático: para responder, use o Portal do Cliente.\n\nVértice",
  },
  en: {
    appliedSubject: (plan: string, cycle: string) => `Your plan was changed to ${plan} (${cycle})`,
    appliedText: (name: string, company: string, plan: string, cycle: string, price: string, day: string) =>
      `Hello, ${name}.\n\n${company}'s plan change request was applied: since ${day}, the plan is ${plan}, billed ${cycle}, for ${price}.`,
    refusedSubject: "Your plan change request was not applied",
    refusedText: (name: string, company: string, plan: string, cycle: string) =>
      `Hello, ${name}.\n\n${company}'s request to change to the ${plan} plan, billed ${cycle}, was not applied. The plan stays the same.`,
    link: (link: string) => `\n\nSee the details in the Customer Portal:\n${link}`,
    footer: "\n\nThis is an automatic e-mail: to reply, use the Customer Portal.\n\nVértice",
  },
} as const;

export function planDecisionMail(
  input: {
    decision: "apply" | "refuse";
    to: string;
    name: string;
    company: string;
    plan: string;
    cycle: BillingCycle;
    priceCentavos: number;
    effectiveOn: string;
  },
  language: Language,
  publicBaseUrl: string,
): PlanMail {
  const w = words[language];
  const t = planTexts(language);
  const cycle = t.cycleNouns[input.cycle];
  const link = w.link(`${publicBaseUrl.replace(/\/+$/, "")}/user/plano`);
  if (input.decision === "apply") {
    const price = `${formatCentavos(input.priceCentavos, language)}${t.per[input.cycle]}`;
    return {
      to: input.to,
      subject: w.appliedSubject(input.plan, cycle),
      text:
        w.appliedText(
          input.name,
          input.company,
          input.plan,
          cycle,
          price,
          formatDay(input.effectiveOn, language),
        ) +
        link +
        w.footer,
    };
  }
  return {
    to: input.to,
    subject: w.refusedSubject,
    text: w.refusedText(input.name, input.company, input.plan, cycle) + link + w.footer,
  };
}
