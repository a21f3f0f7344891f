/** Texts of the admin's outgoing webhooks (decision 103). Staff work in Portuguese. */
export const webhookTexts = {
  title: "Webhooks",
  nav: "Webhooks",
  intro:
    "Envie os eventos dos leads ao seu CRM ou automação. Cada envio é assinado no formato Standard Webhooks (cabeçalhos webhook-id, webhook-timestamp e webhook-signature) com o segredo do endpoint, e tentado de novo enquanto o seu servidor não responder 2xx.",
  empty:
    "Nenhum endpoint ainda. Cadastre abaixo o endereço do seu CRM ou automação (ex.: https://crm.exemplo.com.br/webhooks) e escolha os eventos; o segredo para conferir as assinaturas aparece em seguida.",
  url: "Endereço (URL)",
  urlHint: "https:// e um endereço público, que responda 2xx em até 10 segundos.",
  urlHintLocal: "Neste ambiente de testes, http:// e endereços locais também são aceitos.",
  description: "Descrição",
  descriptionHint: "Opcional: para quem é (ex.: RD Station, planilha do comercial).",
  events: "Eventos",
  enabled: "Ativo",
  enabledHint: "Desativado, o endpoint não recebe nada (nem o que estava na fila).",
  state: "Situação",
  active: "Ativo",
  inactive: "Desativado",
  lastDelivery: "Última entrega",
  never: "Nenhuma ainda",
  create: "Criar endpoint",
  createTitle: "Novo endpoint",
  created: "Endpoint criado. Copie o segredo abaixo para o seu receptor conferir as assinaturas.",
  fromEnv: "Variável LEAD_WEBHOOK_URL",
  envNote:
    "Este endpoint vem da variável LEAD_WEBHOOK_URL do servidor: recebe todos os eventos, com o corpo e os cabeçalhos X-Lead-* de antes (assinados com o segredo de webhook do servidor) e também os cabeçalhos Standard Webhooks, cuja chave são os próprios bytes desse segredo (ele não é mostrado aqui; o README diz qual variável o define). Para mudá-lo, altere a configuração do servidor.",
  back: "Voltar aos webhooks",
  details: "Endpoint",
  edit: "Editar",
  save: "Salvar alterações",
  saved: "Alterações salvas.",
  secret: "Segredo de assinatura",
  secretHint:
    "Guarde-o no receptor e confira cada envio com uma biblioteca Standard Webhooks (ex.: new Webhook(segredo).verify(corpo, cabeçalhos)).",
  show: "Mostrar",
  hide: "Ocultar",
  copy: "Copiar",
  copied: "Segredo copiado.",
  rotate: "Gerar novo segredo",
  rotateConfirm:
    "O segredo atual deixa de valer na hora: os próximos envios serão assinados com o novo, e o receptor precisa dele para aceitá-los.",
  rotateNow: "Gerar agora",
  rotated: "Novo segredo gerado. Atualize o receptor com ele.",
  test: "Enviar teste",
  testSent: "Teste enviado: veja a resposta no registro de entregas abaixo.",
  disable: "Desativar",
  enable: "Ativar",
  disabledNow: "Endpoint desativado: nada mais será enviado a ele.",
  enabledNow: "Endpoint ativado.",
  remove: "Excluir endpoint",
  removeConfirm: (url: string) =>
    `Excluir ${url}? O registro de entregas dele também é apagado, e o que estiver na fila não será enviado.`,
  removeNow: "Excluir",
  removed: (url: string) => `Endpoint ${url} excluído.`,
  log: "Registro de entregas",
  logIntro: "As 50 mensagens mais recentes, com a resposta do seu servidor a cada tentativa.",
  logEmpty:
    "Nenhuma entrega ainda. Use “Enviar teste”, ou aguarde o próximo lead: cada evento assinado aparece aqui com a resposta do seu servidor.",
  refresh: "Atualizar",
  when: "Quando",
  event: "Evento",
  lead: "Lead",
  status: "Situação",
  answer: "Resposta",
  attempts: "Tentativas",
  history: "Ver tentativas",
  attemptN: (n: number) => `Tentativa ${n}`,
  resend: "Reenviar",
  resent: "Entrega colocada na fila de novo.",
  statuses: {
    pending: "Na fila",
    running: "Enviando",
    done: "Entregue",
    dead: "Falhou",
  } as Record<string, string>,
  nextTry: (at: string) => `nova tentativa ${at}`,
  unknownIntent: "Ação desconhecida. Recarregue a página e tente de novo.",
};

/** The colour of a delivery's state: delivered green, failed red, waiting amber. */
export function deliveryStatusClass(status: string): string {
  return status === "done" ? "status--ok" : status === "dead" ? "status--error" : "status--warn";
}
