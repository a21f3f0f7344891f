import { type CompanyRole, can } from "./permissions.ts";

/**
 * Support tickets' rules (decision 094), shared by the portal's screens and the server: categories,
 * priorities and their Jira names, the status a customer sees, who sees which ticket, the reopen
 * window and what may be attached. Plain functions, tested in tickets.test.ts.
 */

export const TICKET_CATEGORIES = ["duvida", "problema", "solicitacao", "financeiro"] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_PRIORITIES = ["baixa", "media", "alta", "urgente"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_CATEGORY_LABELS: Record<"pt" | "en", Record<TicketCategory, string>> = {
  pt: { duvida: "Dúvida", problema: "Problema", solicitacao: "Solicitação", financeiro: "Financeiro" },
  en: { duvida: "Question", problema: "Problem", solicitacao: "Request", financeiro: "Billing" },
};

export const TICKET_PRIORITY_LABELS: Record<"pt" | "en", Record<TicketPriority, string>> = {
  pt: { baixa: "Baixa", media: "Média", alta: "Alta", urgente: "Urgente" },
  en: { baixa: "Low", media: "Medium", alta: "High", urgente: "Urgent" },
};

/** Jira's priority names for the portal's (Baixa, Média, Alta, Urgente → Low, Medium, High, Highest). */
export const JIRA_TICKET_PRIORITY: Record<TicketPriority, string> = {
  baixa: "Low",
  media: "Medium",
  alta: "High",
  urgente: "Highest",
};

/** Jira's status categories, as its REST API and webhooks name them. */
export type StatusCategory = "new" | "indeterminate" | "done";

/** What a customer sees of a ticket's status: Jira's category decides it, never the status's name. */
export type TicketStatus = "aberto" | "em-atendimento" | "resolvido";

export function ticketStatus(category: StatusCategory): TicketStatus {
  if (category === "done") return "resolvido";
  if (category === "indeterminate") return "em-atendimento";
  return "aberto";
}

export const TICKET_STATUSES: readonly TicketStatus[] = ["aberto", "em-atendimento", "resolvido"];

export const TICKET_STATUS_LABELS: Record<"pt" | "en", Record<TicketStatus, string>> = {
  pt: { aberto: "Aberto", "em-atendimento": "Em atendimento", resolvido: "Resolvido" },
  en: { aberto: "Open", "em-atendimento": "In progress", resolvido: "Resolved" },
};

/** The categories a status filter selects. */
export function categoriesOf(status: TicketStatus): StatusCategory[] {
  if (status === "resolvido") return ["done"];
  if (status === "em-atendimento") return ["indeterminate"];
  return ["new"];
}

/** A resolved ticket may be reopened by its people for this long after it was resolved. */
export const REOPEN_WINDOW_MS = 7 * 24 * 3600_000;

export function canReopen(ticket: { statusCategory: StatusCategory; resolvedAt: Date | null }, now: Date) {
  if (ticket.statusCategory !== "done" || !ticket.resolvedAt) return false;
  return now.getTime() - ticket.resolvedAt.getTime() <= REOPEN_WINDOW_MS;
}

export function canResolve(ticket: { statusCategory: StatusCategory }): boolean {
  return ticket.statusCategory !== "done";
}

/**
 * A resolved ticket takes no reply: support's Jira no longer looks at a done issue, so a reply
 * there would go unread. Its people reopen it (within the window) or open a new one.
 */
export function canReply(ticket: { statusCategory: StatusCategory }): boolean {
  return ticket.statusCategory !== "done";
}

/**
 * Jira transitions are found by name, as B §4.4 finds 'Qualified': resolving takes the first whose
 * target status (or its own name) reads as done, reopening the first that leads back to work.
 */
const TRANSITION_WORDS: Record<TicketTransition, RegExp> = {
  resolve: /resol|done|conclu|fech|close/i,
  reopen: /reab|reopen|to do|a fazer|aberto|open/i,
  // Staff take a ticket in hand from the admin's support inbox (decision 130).
  start: /andamento|atendimento|progress|iniciar|start/i,
};

/** The moves a ticket's status makes from the product (the customer's two, and staff's "em atendimento"). */
export type TicketTransition = "resolve" | "reopen" | "start";

/** The Jira status category each move leads to. */
export const TRANSITION_CATEGORY: Record<TicketTransition, StatusCategory> = {
  resolve: "done",
  reopen: "new",
  start: "indeterminate",
};

/** The moves staff may make from a status in the admin's inbox (decision 130): those that change it. */
export function staffMovesFrom(status: TicketStatus): TicketTransition[] {
  if (status === "resolvido") return ["reopen"];
  if (status === "em-atendimento") return ["resolve"];
  return ["start", "resolve"];
}

export function findTransition<T extends { name: string; to: { name: string } }>(
  transitions: T[],
  to: TicketTransition,
): T | undefined {
  const words = TRANSITION_WORDS[to];
  return (
    transitions.find((t) => words.test(t.name)) ?? transitions.find((t) => words.test(t.to.name)) ?? undefined
  );
}

/** Who may see a ticket: its reporter, and the company's owners and admins; nobody of another company. */
export function canSeeTicket(
  actor: { id: string; companyId: string; role: CompanyRole },
  ticket: { companyId: string; reporterId: string | null },
): boolean {
  if (actor.companyId !== ticket.companyId) return false;
  return ticket.reporterId === actor.id || can(actor.role, "tickets.viewCompany");
}

// Attachments ------------------------------------------------------------------------------------

export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * What may be attached, by what the bytes are (file-type's answer), never by the name: images,
 * PDF, and the office formats. Plain text and CSV have no signature; they are taken by extension
 * only when their bytes are text (ATTACHMENT_TEXT_EXTENSIONS).
 */
export const ATTACHMENT_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
  // .doc, .xls and .ppt of older Office versions (a compound file).
  "application/x-cfb",
]);

export const ATTACHMENT_TEXT_EXTENSIONS: Readonly<Record<string, string>> = {
  txt: "text/plain",
  log: "text/plain",
  csv: "text/csv",
};

/** What the file input offers (the server decides by content). */
export const ATTACHMENT_ACCEPT =
  ".png,.jpg,.jpeg,.gif,.webp,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,.csv,.log";

/** A file name as the customer gave it, safe to store and to send back in a header. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...base.normalize("NFC")]
    // Control characters and the ones file systems and headers refuse.
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127 && !'"<>|:*?'.includes(c))
    .join("")
    .trim()
    .slice(-120);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "anexo" : cleaned;
}

/** The extension of a file name, lower-cased ("" when none). */
export function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match ? match[1]!.toLowerCase() : "";
}

/** Whether bytes with no known signature read as text (UTF-8, no NUL): a .txt or .csv. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    return true;
  } catch {
    // A multi-byte character cut at the 64 KiB boundary is still text.
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 64 * 1024 - 3));
      return true;
    } catch {
      return false;
    }
  }
}

/** Field limits of a ticket and of a reply. */
export const TICKET_LIMITS = { subject: 150, description: 10_000, reply: 10_000 } as const;
