import type { OfferedLanguage } from "@domain/locale.ts";

/**
 * The words of a lead's e-mail around what the form's content says (decision 102). The title,
 * the promise (the success block's description, where B §9.4's promise of each form is written),
 * the next steps and the urgent contact come from the form definition in the lead's language, as
 * the success screen shows them; the labels the screen shares with the e-mail come from formTexts.
 */
const pt = {
  greeting: (firstName: string | null) => (firstName ? `Olá, ${firstName}!` : "Olá!"),
  intro: "Recebemos o seu pedido no site da Vértice. Guarde este e-mail: ele traz o seu protocolo.",
  subject: (title: string, protocol: string | null) =>
    protocol ? `${title} Protocolo ${protocol} — Vértice` : `${title} — Vértice`,
  /** When the e-mail names the Jira key, the local protocol the visitor may have been shown first. */
  alsoRecordedAs: (protocol: string) => `Também registrado como ${protocol}.`,
  welcomeSubject: "Boas-vindas à newsletter da Vértice",
  welcomeIntro: "A sua inscrição na newsletter da Vértice está confirmada.",
  consentGiven: (purpose: string) => `Você autorizou: ${purpose}`,
  unsubscribeTitle: "Não quer mais receber?",
  unsubscribeText:
    "Cancele a inscrição quando quiser: o link abaixo registra a retirada do seu consentimento (LGPD).",
  unsubscribeLink: "Cancelar a inscrição",
  footer: (site: string) =>
    `Você recebeu esta mensagem porque preencheu um formulário em ${site}. Se não foi você, ignore este e-mail: nada mais será enviado.`,
  welcomeFooter: (site: string) =>
    `Você recebeu esta mensagem porque este e-mail foi inscrito na newsletter em ${site}. Se não foi você, cancele a inscrição pelo link acima.`,
  automatic: "Mensagem automática: as respostas a este endereço não são lidas.",
  /** The attempt's record in the admin (no address: an erasure leaves no e-mail in the history). */
  sentConfirmation: "confirmação enviada ao visitante",
  sentWelcome: "boas-vindas da newsletter enviada",
};

export type LeadMailTexts = typeof pt;

const en: LeadMailTexts = {
  greeting: (firstName) => (firstName ? `Hello, ${firstName}!` : "Hello!"),
  intro: "We received your request on the Vértice website. Keep this e-mail: it carries your protocol.",
  subject: (title, protocol) => (protocol ? `${title} Protocol ${protocol} — Vértice` : `${title} — Vértice`),
  alsoRecordedAs: (protocol) => `Also recorded as ${protocol}.`,
  welcomeSubject: "Welcome to the Vértice newsletter",
  welcomeIntro: "Your subscription to the Vértice newsletter is confirmed.",
  consentGiven: (purpose) => `You agreed to: ${purpose}`,
  unsubscribeTitle: "No longer interested?",
  unsubscribeText:
    "Unsubscribe whenever you like: the link below records the withdrawal of your consent (LGPD).",
  unsubscribeLink: "Unsubscribe",
  footer: (site) =>
    `You received this message because a form was filled in at ${site}. If it was not you, ignore this e-mail: nothing else will be sent.`,
  welcomeFooter: (site) =>
    `You received this message because this address was subscribed to the newsletter at ${site}. If it was not you, unsubscribe with the link above.`,
  automatic: "Automatic message: replies to this address are not read.",
  sentConfirmation: pt.sentConfirmation,
  sentWelcome: pt.sentWelcome,
};

/** The e-mail's words in an offered language (Spanish and the others get Portuguese, as the site does). */
export function leadMailTexts(language: OfferedLanguage): LeadMailTexts {
  return language === "en" ? en : pt;
}
