import { normaliseCnpj } from "@domain/cnpj.ts";
import type { IntegrationsData } from "@domain/content/schemas.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import {
  type Connection,
  type ConnectionStatus,
  type IntegrationCategory,
  type IntegrationView,
  integrationViews,
} from "@domain/portal/integrations.ts";
import { can } from "@domain/portal/permissions.ts";
import { eq } from "drizzle-orm";
import type { ContentService } from "../content/service.ts";
import type { Database } from "../db/client.ts";
import { integrationConnections } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { CompanyService } from "./companies.ts";
import type { PortalActor } from "./members.ts";
import type { TicketRow, TicketService } from "./tickets.ts";

/**
 * A company's integrations (docs/operations.md, "Integrations"): the catalogue (content document
 * integrations-data) with the connections the vendor's platform reports, and requests for a new one,
 * which become support tickets of category Solicitação. Roles without "integrations.view" get "not found".
 */
export class IntegrationService {
  private readonly now: () => Date;

  constructor(
    private readonly options: {
      db: Database;
      content: ContentService;
      companies: CompanyService;
      tickets: TicketService;
      now?: () => Date;
    },
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async catalogue(language: OfferedLanguage): Promise<IntegrationsData> {
    const document = await this.options.content.get("integrations-data", { segment: null, lang: language });
    if (!document) throw new Error("integrations-data is missing");
    return document.data;
  }

  async connections(companyId: string): Promise<Connection[]> {
    const rows = await this.options.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.companyId, companyId));
    return rows.map((row) => ({
      integrationId: row.integrationId,
      status: row.status,
      lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
      detail: row.detail,
    }));
  }

  /** What the portal lists for the actor's company. */
  async list(
    actor: PortalActor,
    language: OfferedLanguage,
    filter: { category?: IntegrationCategory; search?: string } = {},
  ): Promise<{ catalogue: IntegrationsData; views: IntegrationView[] }> {
    if (!can(actor.role, "integrations.view")) throw new DomainError("not-found", "portal.notFound");
    const [catalogue, connections] = await Promise.all([
      this.catalogue(language),
      this.connections(actor.companyId),
    ]);
    return { catalogue, views: integrationViews(catalogue.integrations, connections, filter) };
  }

  /**
   * Asks support for an integration of the catalogue, or one it does not list: a ticket of category
   * Solicitação, recorded in the audit log as integration.request.
   */
  async request(
    actor: PortalActor,
    language: OfferedLanguage,
    input: { integrationId?: string; other?: string; details?: string },
  ): Promise<TicketRow> {
    if (!can(actor.role, "integrations.manage"))
      throw new DomainError("forbidden", "integrations.cannotRequest");
    const catalogue = await this.catalogue(language);
    const listed = input.integrationId
      ? catalogue.integrations.find((entry) => entry.id === input.integrationId)
      : undefined;
    if (input.integrationId && !listed) throw new DomainError("invalid", "integrations.integrationNotFound");
    const name = listed?.name ?? input.other?.trim().slice(0, 100);
    if (!name || name.length < 2) throw new DomainError("invalid", "integrations.requestNameRequired");
    const details = input.details?.trim();
    return this.options.tickets.open(
      actor,
      {
        category: "solicitacao",
        priority: "media",
        subject: `Nova integração: ${name}`.slice(0, 150),
        description: [
          listed
            ? `Pedido de integração com ${listed.name} (catálogo: ${listed.id}).`
            : `Pedido de integração fora do catálogo: ${name}.`,
          details ? `\nDetalhes:\n${details}` : "",
        ]
          .join("")
          .slice(0, 10_000),
      },
      [],
      () => ({
        action: "integration.request",
        detail: { company: actor.companyId, integration: input.integrationId || input.other },
      }),
    );
  }

  /**
   * The platform reports a company's connection (PUT /api/platform/companies/{cnpj}/integrations/{id}):
   * an unknown CNPJ or an integration the catalogue does not list is "not found".
   */
  async report(
    cnpj: string,
    integrationId: string,
    input: { status: ConnectionStatus; lastSyncAt?: Date | null; detail?: string | null },
  ): Promise<Connection & { cnpj: string }> {
    const company = await this.options.companies.findByCnpj(normaliseCnpj(cnpj));
    if (!company) throw new DomainError("not-found", "integrations.companyNotFound");
    const catalogue = await this.catalogue("pt");
    if (!catalogue.integrations.some((entry) => entry.id === integrationId))
      throw new DomainError("not-found", "integrations.integrationNotFound");
    const values = {
      status: input.status,
      lastSyncAt: input.lastSyncAt ?? null,
      detail: input.detail ?? null,
      updatedAt: this.now(),
    };
    const [row] = await this.options.db
      .insert(integrationConnections)
      .values({ companyId: company.id, integrationId, ...values })
      .onConflictDoUpdate({
        target: [integrationConnections.companyId, integrationConnections.integrationId],
        set: values,
      })
      .returning();
    return {
      cnpj: company.cnpj,
      integrationId: row!.integrationId,
      status: row!.status,
      lastSyncAt: row!.lastSyncAt?.toISOString() ?? null,
      detail: row!.detail,
    };
  }
}
