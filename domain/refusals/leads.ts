import { formTexts } from "../forms/texts.ts";
import { unsubscribeTexts } from "../newsletter/unsubscribe-texts.ts";
import { refusalPart } from "./part.ts";

/** Lead intake, the inbox, erasure (LGPD) and the lead settings. */
export const leadRefusals = refusalPart({
  pt: {
    fieldsInvalid: formTexts("pt").fixErrors,
    formNotFound: "Formulário não encontrado.",
    formRefused: "Não foi possível concluir este formulário. Recarregue a página e tente novamente.",
    alreadySent: "Este formulário já foi enviado.",
    notFound: "Lead não encontrado.",
    nothingToRetry: "Este lead não tem entregas com falha.",
    notSpam: "Este lead não está retido como spam.",
    invalidEmail: "Informe um e-mail válido.",
    settingsConflict:
      "Outra pessoa salvou estas configurações enquanto você editava. Recarregue para ver a versão atual.",
  },
  en: {
    fieldsInvalid: formTexts("en").fixErrors,
    formNotFound: "Form not found.",
    formRefused: "This form could not be completed. Reload the page and try again.",
    alreadySent: "This form has already been sent.",
    notFound: "Lead not found.",
    nothingToRetry: "This lead has no failed deliveries.",
    notSpam: "This lead is not held as spam.",
    invalidEmail: "Enter a valid e-mail.",
    settingsConflict:
      "Someone else saved these settings while you were editing. Reload to see the current version.",
  },
});

/** The newsletter's unsubscribe link: the words of its page (decision 102). */
export const unsubscribeRefusals = refusalPart({
  pt: { invalid: unsubscribeTexts("pt").invalid, expired: unsubscribeTexts("pt").expired },
  en: { invalid: unsubscribeTexts("en").invalid, expired: unsubscribeTexts("en").expired },
});

/**
 * Outgoing webhooks (decision 103). A refused field's message comes from the form's schema, in
 * Portuguese, and is said as it is.
 */
export const webhookRefusals = refusalPart({
  pt: {
    invalidField: (message: string) => message,
    notFound: "Endpoint não encontrado.",
    fromEnvironment: "Este endpoint vem da variável LEAD_WEBHOOK_URL: mude-o na configuração do servidor.",
    tooMany: (max: number) => `Há ${max} endpoints: exclua um antes de criar outro.`,
    deliveryNotFound: "Entrega não encontrada.",
    deliveryQueued: "Esta entrega ainda está na fila: ela será enviada em instantes.",
    disabled: "Este endpoint está desativado: ative-o para enviar um teste.",
  },
  en: {
    invalidField: (message: string) => message,
    notFound: "Endpoint not found.",
    fromEnvironment:
      "This endpoint comes from the LEAD_WEBHOOK_URL variable: change it in the server's configuration.",
    tooMany: (max: number) => `There are ${max} endpoints: delete one before creating another.`,
    deliveryNotFound: "Delivery not found.",
    deliveryQueued: "This delivery is still queued: it will be sent in a moment.",
    disabled: "This endpoint is disabled: enable it to send a test.",
  },
});
