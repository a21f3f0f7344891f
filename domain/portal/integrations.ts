import type { IntegrationsData } from "../content/schemas.ts";

/**
 * A company's integrations: the catalogue of content merged with the connections the vendor's
 * platform reports (docs/operations.md, "Integrations"). Plain functions, shared by the screens, the
 * dashboard and the tests.
 */

export const CONNECTION_STATUSES = ["connected", "error", "pending", "disconnected"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CONNECTION_STATUS_LABELS: Record<"pt" | "en", Record<ConnectionStatus, string>> = {
  pt: { connected: "Conectado", error: "Erro", pending: "Pendente", disconnected: "Desconectado" },
  en: { connected: "Connected", error: "Error", pending: "Pending", disconnected: "Disconnected" },
};

export type CatalogueEntry = IntegrationsData["integrations"][number];
export type IntegrationCategory = CatalogueEntry["category"];

export interface Connection {
  integrationId: string;
  status: ConnectionStatus;
  lastSyncAt: string | null;
  detail: string | null;
}

export interface IntegrationView extends Omit<CatalogueEntry, "docs_url"> {
  docsUrl: string | null;
  /** The company's connection, or null when it never connected this one. */
  connection: Connection | null;
}

/** Text compared without accents or case: "Conciliação" finds "conciliacao". */
function folded(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * The catalogue with the company's connections, filtered by category and by a search over name and
 * description; the connected ones first (then by name). A connection to an integration the
 * catalogue no longer lists is still shown, under its id, in "outros".
 */
export function integrationViews(
  catalogue: CatalogueEntry[],
  connections: Connection[],
  filter: { category?: IntegrationCategory; search?: string } = {},
): IntegrationView[] {
  const byId = new Map(connections.map((c) => [c.integrationId, c]));
  const listed = new Set(catalogue.map((entry) => entry.id));
  const views: IntegrationView[] = [
    ...catalogue.map(({ docs_url, ...entry }) => ({
      ...entry,
      docsUrl: docs_url ?? null,
      connection: byId.get(entry.id) ?? null,
    })),
    ...connections
      .filter((c) => !listed.has(c.integrationId))
      .map((c) => ({
        id: c.integrationId,
        name: c.integrationId,
        category: "outros" as const,
        icon: "plug",
        description: "",
        docsUrl: null,
        connection: c,
      })),
  ];
  const search = filter.search ? folded(filter.search.trim()) : "";
  return views
    .filter((view) => !filter.category || view.category === filter.category)
    .filter((view) => !search || folded(`${view.name} ${view.description}`).includes(search))
    .sort(
      (a, b) =>
        Number(b.connection !== null && b.connection.status !== "disconnected") -
          Number(a.connection !== null && a.connection.status !== "disconnected") ||
        a.name.localeCompare(b.name, "pt-BR"),
    );
}
