import { formatDateTime } from "@domain/format.ts";

/** An outside service's circuit as the admin screens show it (decision 124): serialisable. */
export interface CircuitNotice {
  service: string;
  reason: "failures" | "credentials" | "retry_after" | null;
  openedAt: string | null;
  probeAt: string | null;
}

/** A circuit's row as the screens receive it. */
export function toNotice(row: {
  service: string;
  reason: CircuitNotice["reason"];
  openedAt: Date | null;
  probeAt: Date | null;
}): CircuitNotice {
  return {
    service: row.service,
    reason: row.reason,
    openedAt: row.openedAt?.toISOString() ?? null,
    probeAt: row.probeAt?.toISOString() ?? null,
  };
}

/** The service's name in a sentence: "O Jira", "O envio de e-mails (SMTP)", "Um webhook". */
function serviceName(service: string): string {
  if (service === "jira") return "O Jira";
  if (service === "smtp") return "O servidor de e-mail (SMTP)";
  if (service.startsWith("webhook:")) return "Um endpoint de webhook";
  if (service === "cache:varnish") return "O cache Varnish";
  if (service === "cache:cloudflare") return "O Cloudflare";
  return `O serviço ${service}`;
}

/**
 * What an open circuit means for staff, in one paragraph: what happened and since when, that
 * nothing is lost, and what brings it back. "O Jira recusou as credenciais" is the alert's words.
 */
export function circuitNoticeText(notice: CircuitNotice): string {
  const since = notice.openedAt ? ` desde ${formatDateTime(notice.openedAt)}` : "";
  if (notice.reason === "credentials" && notice.service === "jira")
    return `O Jira recusou as credenciais${since}. As entregas ao Jira (leads, chamados, comentários e pedidos de plano) estão pausadas, sem perder nada. Gere um token de API novo para a conta do site no Jira, configure-o no servidor e reinicie o site: tudo o que espera é entregue sozinho, na ordem.`;
  if (notice.reason === "credentials")
    return `${serviceName(notice.service)} recusou as credenciais do site${since}. As entregas para ele estão pausadas, sem perder nada; corrija a configuração e reinicie o site.`;
  const next = notice.probeAt ? ` Próxima verificação: ${formatDateTime(notice.probeAt)}.` : "";
  return `${serviceName(notice.service)} não está respondendo${since}. As entregas para ele esperam na fila, sem gastar tentativas, e saem sozinhas quando ele voltar.${next}`;
}

export const circuitTexts = {
  title: "Serviços externos",
} as const;
