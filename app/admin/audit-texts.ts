/**
 * The admin's activity feed in words (the audit log stores codes: "plan.request", "ticket.reply").
 * An action not listed here is shown by its code, so a new one is never hidden.
 */
const ACTION_WORDS: Record<string, string> = {
  "apikey.create": "criou uma chave de API",
  "apikey.revoke": "revogou uma chave de API",
  "company.create": "cadastrou a empresa",
  "company.update": "alterou a empresa",
  "company.suspend": "suspendeu a empresa",
  "company.reactivate": "reativou a empresa",
  "company.export": "exportou os dados da empresa",
  "content.save": "salvou",
  "content.publish": "publicou",
  "content.unpublish": "despublicou",
  "content.restore": "restaurou uma versão de",
  "content.restore-field": "restaurou um campo de",
  "content.draft-discard": "descartou o rascunho de",
  "content.schedule": "agendou uma mudança de",
  "content.schedule-publish": "agendou a publicação de",
  "content.schedule-unpublish": "agendou a despublicação de",
  "content.schedule-cancel": "cancelou o agendamento de",
  "content.schedule-move": "mudou a data agendada de",
  "integration.request": "pediu uma integração",
  "invoice.create": "emitiu a fatura",
  "invoice.paid": "marcou como paga a fatura",
  "invoice.cancel": "cancelou a fatura",
  "lead.discard": "descartou um lead retido",
  "lead.erase": "apagou os dados de um titular",
  "lead.release": "liberou um lead retido",
  "lead.retention": "apagou leads antigos (prazo de guarda)",
  "lead.retry": "pediu nova entrega de um lead",
  "leads.outcomes.save": "alterou os resultados de vendas",
  "leads.routing.save": "alterou a distribuição de leads",
  "marketing-tags.save": "alterou os cookies e tags",
  "media.upload": "enviou uma imagem",
  "media.update": "alterou uma imagem",
  "media.delete": "apagou uma imagem",
  "plan.request": "pediu mudança para o plano",
  "plan.apply": "aplicou a mudança de plano",
  "plan.refuse": "recusou a mudança de plano",
  "plan.withdraw": "retirou o pedido de mudança para o plano",
  "privacy.save": "alterou a política de privacidade",
  "ticket.open": "abriu um chamado",
  "ticket.reply": "respondeu a um chamado",
  "ticket.resolve": "resolveu um chamado",
  "ticket.reopen": "reabriu um chamado",
  "ticket.staff-reply": "respondeu ao cliente num chamado",
  "ticket.staff-start": "assumiu um chamado",
  "ticket.staff-resolve": "resolveu um chamado pelo suporte",
  "ticket.staff-reopen": "reabriu um chamado pelo suporte",
  "user.create": "criou o usuário",
  "user.disable": "desativou um usuário",
  "user.enable": "reativou um usuário",
  "user.end-sessions": "encerrou as sessões de um usuário",
  "webhook.create": "criou o webhook",
  "webhook.update": "alterou o webhook",
  "webhook.enable": "ativou o webhook",
  "webhook.disable": "desativou o webhook",
  "webhook.delete": "apagou o webhook",
  "webhook.rotate-secret": "trocou o segredo do webhook",
  "webhook.resend": "reenviou uma entrega do webhook",
  "webhook.test": "testou o webhook",
};

/** Targets that only say which record (a UUID, "ticket 52102d3c-…") say nothing more to a reader. */
const RECORD_ID = /^(?:[a-z]+ )?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "respondeu a um chamado", "pediu mudança para o plano profissional", "salvou home.json". */
export function auditEntryText(action: string, target: string): string {
  const words = ACTION_WORDS[action];
  if (!words) return `${action} ${target}`.trim();
  return RECORD_ID.test(target.trim()) || !target.trim() ? words : `${words} ${target}`;
}
