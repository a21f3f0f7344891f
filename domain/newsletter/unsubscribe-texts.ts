import type { OfferedLanguage } from "../locale.ts";

/** The newsletter's unsubscribe page (decision 102) and the refusals of its one-click endpoint. */
const pt = {
  title: "Cancelar a inscrição na newsletter",
  confirmLead: (email: string | null) =>
    email
      ? `Confirme abaixo para deixar de receber a newsletter da Vértice em ${email}.`
      : "Confirme abaixo para deixar de receber a newsletter da Vértice.",
  consentNote:
    "Ao confirmar, registramos a retirada do seu consentimento (LGPD). Você pode se inscrever de novo quando quiser.",
  confirm: "Confirmar cancelamento",
  confirming: "Cancelando...",
  doneTitle: "Inscrição cancelada",
  done: "Inscrição cancelada: você não receberá mais a newsletter da Vértice.",
  doneNote: "Registramos a retirada do seu consentimento. Obrigado por ter acompanhado os nossos conteúdos.",
  alreadyTitle: "Inscrição já cancelada",
  already: "Esta inscrição já estava cancelada: nada mais será enviado.",
  invalidTitle: "Link inválido",
  invalid: "Link de cancelamento inválido. Use o link do e-mail de boas-vindas da newsletter da Vértice.",
  expiredTitle: "Link expirado",
  expired:
    "Este link de cancelamento expirou. Para cancelar a inscrição, fale com a gente pela página de contato.",
  contact: "Página de contato",
  backToSite: "Voltar ao site",
};

export type UnsubscribeTexts = typeof pt;

const en: UnsubscribeTexts = {
  title: "Unsubscribe from the newsletter",
  confirmLead: (email) =>
    email
      ? `Confirm below to stop receiving the Vértice newsletter at ${email}.`
      : "Confirm below to stop receiving the Vértice newsletter.",
  consentNote:
    "When you confirm, we record the withdrawal of your consent (LGPD). You can subscribe again whenever you like.",
  confirm: "Confirm unsubscribe",
  confirming: "Unsubscribing...",
  doneTitle: "Unsubscribed",
  done: "You are unsubscribed: you will no longer receive the Vértice newsletter.",
  doneNote: "We recorded the withdrawal of your consent. Thank you for reading our content.",
  alreadyTitle: "Already unsubscribed",
  already: "This subscription had already been cancelled: nothing else will be sent.",
  invalidTitle: "Invalid link",
  invalid: "Invalid unsubscribe link. Use the link in the Vértice newsletter's welcome e-mail.",
  expiredTitle: "Expired link",
  expired: "This unsubscribe link has expired. To unsubscribe, get in touch through our contact page.",
  contact: "Contact page",
  backToSite: "Back to the site",
};

export function unsubscribeTexts(language: OfferedLanguage): UnsubscribeTexts {
  return language === "en" ? en : pt;
}
