import type { OfferedLanguage } from "../languages.ts";

/** The visitor's copy of their data (decision 111): the request page and the confirmation page. */
const pt = {
  title: "Cópia dos seus dados",
  intro:
    "Informe o e-mail que você usou nos formulários do site. Se tivermos dados seus, enviaremos a esse endereço um link para confirmar o pedido; depois da confirmação, a cópia chega por e-mail.",
  note: "Por segurança, a cópia nunca é mostrada nesta página: ela vai apenas para o e-mail informado.",
  emailLabel: "E-mail",
  submit: "Pedir cópia",
  requested:
    "Pedido recebido. Se houver dados associados a este e-mail, enviaremos a ele um link de confirmação, válido por 24 horas. Verifique a caixa de entrada e o spam.",
  privacyPolicy: "Política de Privacidade",
  confirmTitle: "Confirmar o envio da cópia",
  confirmLead: "Confirme abaixo para receber, no e-mail do pedido, a cópia dos dados que você nos enviou.",
  confirm: "Enviar a cópia para o meu e-mail",
  sentTitle: "Cópia a caminho",
  sent: "Pronto: a cópia dos seus dados foi enviada para o e-mail do pedido. Ela chega em alguns minutos.",
  invalidTitle: "Link inválido",
  invalid: "Este link de confirmação é inválido. Use o link do e-mail que enviamos ou faça um novo pedido.",
  expiredTitle: "Link expirado",
  expired: "Este link de confirmação expirou (ele vale por 24 horas). Faça um novo pedido.",
  newRequest: "Fazer um novo pedido",
  backToSite: "Voltar ao site",
};

export type LeadCopyTexts = typeof pt;

const en: LeadCopyTexts = {
  title: "A copy of your data",
  intro:
    "Enter the e-mail you used in the website's forms. If we hold data of yours, we will send that address a link to confirm the request; once confirmed, the copy arrives by e-mail.",
  note: "For your safety, the copy is never shown on this page: it goes only to the e-mail address given.",
  emailLabel: "E-mail",
  submit: "Request a copy",
  requested:
    "Request received. If there is data linked to this e-mail, we will send it a confirmation link, valid for 24 hours. Check your inbox and spam folder.",
  privacyPolicy: "Privacy Policy",
  confirmTitle: "Confirm sending the copy",
  confirmLead: "Confirm below to receive, at the e-mail of the request, a copy of the data you sent us.",
  confirm: "Send the copy to my e-mail",
  sentTitle: "Copy on its way",
  sent: "Done: the copy of your data was sent to the e-mail of the request. It arrives within a few minutes.",
  invalidTitle: "Invalid link",
  invalid: "This confirmation link is invalid. Use the link in the e-mail we sent or make a new request.",
  expiredTitle: "Expired link",
  expired: "This confirmation link has expired (it is valid for 24 hours). Please make a new request.",
  newRequest: "Make a new request",
  backToSite: "Back to the site",
};

export function leadCopyTexts(language: OfferedLanguage): LeadCopyTexts {
  return language === "en" ? en : pt;
}

/** The e-mail field's messages, by language: each names the field. */
export function emailProblem(language: OfferedLanguage, kind: "missing" | "invalid"): string {
  if (language === "en")
    return kind === "missing"
      ? "E-mail: enter your e-mail address."
      : "E-mail: enter a valid e-mail address, such as name@company.com.";
  return kind === "missing"
    ? "E-mail: informe o seu endereço de e-mail."
    : "E-mail: informe um endereço de e-mail válido, como nome@empresa.com.br.";
}

/** The company export's button on the portal (decision 111). */
export const companyExportTexts = {
  pt: {
    title: "Dados da empresa",
    text: "Baixe um arquivo ZIP com os dados da empresa no portal: pessoas e convites, chamados com mensagens e anexos, faturas e notas fiscais, pedidos de mudança de plano, integrações e o registro de auditoria. Senhas e segredos nunca são incluídos.",
    button: "Baixar dados da empresa",
  },
  en: {
    title: "Company data",
    text: "Download a ZIP file with the company's data in the portal: people and invitations, tickets with messages and attachments, invoices and tax invoices, plan change requests, integrations and the audit log. Passwords and secrets are never included.",
    button: "Download company data",
  },
} as const;
