import type { OfferedLanguage } from "@domain/languages.ts";

/** The visitor's copy of their leads (decision 111): the two e-mails, in the language of the request. */
const pt = {
  confirmSubject: "Confirme o pedido de cópia dos seus dados – Vértice",
  confirmText: (link: string, hours: number) =>
    [
      "Olá,",
      "",
      "Recebemos um pedido de cópia dos dados pessoais que você nos enviou pelos formulários do site da Vértice (LGPD, art. 18, II).",
      "Para receber a cópia neste endereço, abra o link abaixo e confirme:",
      "",
      link,
      "",
      `O link vale por ${hours} horas. Se você não fez este pedido, ignore esta mensagem: nada será enviado.`,
      "",
      "Vértice Sistemas de Gestão",
    ].join("\n"),
  copySubject: "Cópia dos seus dados – Vértice",
  copyIntro: (count: number) =>
    `Olá,\n\nEsta é a cópia dos dados pessoais que guardamos de ${count === 1 ? "um pedido" : `${count} pedidos`} que você enviou pelos formulários do site da Vértice (LGPD, art. 18, II e V).`,
  copyNone:
    "Olá,\n\nNão encontramos mais dados pessoais associados a este endereço: eles podem ter sido removidos ao fim do prazo de retenção ou a pedido.",
  protocol: "Protocolo",
  form: "Formulário",
  sentAt: "Enviado em",
  answers: "Respostas",
  consent: "Consentimento",
  consentLine: (purpose: string, version: string, at: string) =>
    `${purpose} (texto versão ${version}), dado em ${at}`,
  withdrawn: (at: string) => `Consentimento retirado em ${at}`,
  cookieChoice: (at: string, measurement: boolean, marketing: boolean) =>
    `Escolha de cookies em ${at}: Medição ${measurement ? "aceita" : "recusada"}, Marketing ${marketing ? "aceito" : "recusado"}`,
  jsonTitle: "Os mesmos dados em JSON (para levar a outro fornecedor):",
  outro:
    "Para corrigir ou eliminar estes dados, escreva para privacidade@vertice.com.br.\n\nVértice Sistemas de Gestão",
};

export type LeadCopyMailTexts = typeof pt;

const en: LeadCopyMailTexts = {
  confirmSubject: "Confirm your request for a copy of your data – Vértice",
  confirmText: (link, hours) =>
    [
      "Hello,",
      "",
      "We received a request for a copy of the personal data you sent us through the Vértice website's forms (LGPD, art. 18, II).",
      "To receive the copy at this address, open the link below and confirm:",
      "",
      link,
      "",
      `The link is valid for ${hours} hours. If you did not make this request, ignore this message: nothing will be sent.`,
      "",
      "Vértice Sistemas de Gestão",
    ].join("\n"),
  copySubject: "A copy of your data – Vértice",
  copyIntro: (count) =>
    `Hello,\n\nThis is the copy of the personal data we keep from ${count === 1 ? "one request" : `${count} requests`} you sent through the Vértice website's forms (LGPD, art. 18, II and V).`,
  copyNone:
    "Hello,\n\nWe no longer hold personal data linked to this address: it may have been removed at the end of the retention period or on request.",
  protocol: "Protocol",
  form: "Form",
  sentAt: "Sent on",
  answers: "Answers",
  consent: "Consent",
  consentLine: (purpose, version, at) => `${purpose} (text version ${version}), given on ${at}`,
  withdrawn: (at) => `Consent withdrawn on ${at}`,
  cookieChoice: (at, measurement, marketing) =>
    `Cookie choice on ${at}: Measurement ${measurement ? "accepted" : "refused"}, Marketing ${marketing ? "accepted" : "refused"}`,
  jsonTitle: "The same data as JSON (to take to another provider):",
  outro: "To correct or delete this data, write to privacidade@vertice.com.br.\n\nVértice Sistemas de Gestão",
};

export function leadCopyMailTexts(language: OfferedLanguage): LeadCopyMailTexts {
  return language === "en" ? en : pt;
}
