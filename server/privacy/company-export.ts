import { can } from "@domain/portal/permissions.ts";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { zipSync } from "fflate";
import type { AuditLog } from "../admin/audit.ts";
import type { DownloadedFile } from "../billing/customer-invoices.ts";
import type { Database } from "../db/client.ts";
import {
  auditLog,
  companies,
  companyInvitations,
  integrationConnections,
  invoices,
  planChangeRequests,
  supportTickets,
  ticketAttachments,
  ticketMessages,
  users,
} from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { FileStorage } from "../files/storage.ts";
import type { PortalActor } from "../portal/members.ts";

/**
 * A company's data for its owner (LGPD art. 18 V; decision 111): one ZIP of JSON files
 * and the stored files (ticket attachments, NFS-e), with a README.txt in Portuguese. Never a
 * password hash, a TOTP secret, a session or an invitation's token. Only an owner may have it;
 * anyone else gets the same 404 as for a page that is not there.
 */

const README = `Dados da empresa exportados do portal Vértice
==============================================

Este arquivo ZIP contém os dados da sua empresa guardados pela Vértice, no formato JSON
(UTF-8), e os arquivos enviados ou recebidos pelo portal:

- company.json: a empresa (CNPJ, razão social, nome fantasia, plano, ciclo e situação).
- users.json: as pessoas da empresa (nome, e-mail, papel, último acesso, criação) e os convites
  (e-mail, papel, datas). Senhas, segredos de verificação em duas etapas e sessões nunca são
  exportados.
- tickets.json: os chamados de suporte, com as mensagens de cada um e a lista dos anexos.
- tickets/<protocolo>/: os arquivos anexados a cada chamado.
- invoices.json: as faturas (competência, vencimento, valor, itens, situação, NFS-e).
- invoices/<número>/: os arquivos da NFS-e (PDF e XML), quando houver.
- requests.json: os pedidos de mudança de plano e as integrações da empresa (os pedidos de nova
  integração são chamados de suporte, em tickets.json).
- audit.json: o registro de auditoria das ações sobre a empresa (quem, o quê, quando).

Datas e horas estão em UTC (ISO 8601); valores em centavos de real.
Dúvidas ou pedidos de correção: privacidade@vertice.com.br.
`;

function safeName(value: string, fallback: string): string {
  return (
    value
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .replace(/^\.+/, "_")
      .slice(0, 120) || fallback
  );
}

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
const iso = (value: Date | null) => value?.toISOString() ?? null;

export class CompanyExport {
  constructor(
    private readonly options: {
      db: Database;
      ticketFiles: FileStorage;
      nfseFiles: FileStorage;
      audit: AuditLog;
      now?: () => Date;
    },
  ) {}

  /** The owner's company as a ZIP; recorded in the audit log (who, and how much, never the data). */
  async export(actor: PortalActor): Promise<DownloadedFile> {
    if (!can(actor.role, "company.export")) throw new DomainError("not-found", "portal.pageNotFound");
    const { db } = this.options;
    const [company] = await db.select().from(companies).where(eq(companies.id, actor.companyId));
    if (!company) throw new DomainError("not-found", "portal.pageNotFound");
    const files: Record<string, Uint8Array> = { "README.txt": new TextEncoder().encode(README) };

    files["company.json"] = json({
      id: company.id,
      cnpj: company.cnpj,
      legalName: company.legalName,
      tradeName: company.tradeName,
      planId: company.planId,
      billingCycle: company.billingCycle,
      cycleStartedOn: company.cycleStartedOn,
      status: company.status,
      createdAt: iso(company.createdAt),
      updatedAt: iso(company.updatedAt),
    });

    // Only what a person may read of their colleagues: never the hash, the TOTP secrets, sessions.
    const people = await db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        companyRole: users.companyRole,
        lastSignInAt: users.lastSignInAt,
        disabledAt: users.disabledAt,
        twoFactorEnabledAt: users.totpEnabledAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.companyId, company.id))
      .orderBy(asc(users.createdAt));
    const invitations = await db
      .select({
        email: companyInvitations.email,
        companyRole: companyInvitations.companyRole,
        createdAt: companyInvitations.createdAt,
        expiresAt: companyInvitations.expiresAt,
        acceptedAt: companyInvitations.acceptedAt,
        revokedAt: companyInvitations.revokedAt,
      })
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, company.id))
      .orderBy(asc(companyInvitations.createdAt));
    files["users.json"] = json({
      users: people.map((p) => ({
        ...p,
        lastSignInAt: iso(p.lastSignInAt),
        disabledAt: iso(p.disabledAt),
        twoFactorEnabledAt: iso(p.twoFactorEnabledAt),
        createdAt: iso(p.createdAt),
      })),
      invitations: invitations.map((i) => ({
        ...i,
        createdAt: iso(i.createdAt),
        expiresAt: iso(i.expiresAt),
        acceptedAt: iso(i.acceptedAt),
        revokedAt: iso(i.revokedAt),
      })),
    });

    const tickets = await db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.companyId, company.id))
      .orderBy(asc(supportTickets.createdAt));
    const ticketIds = tickets.map((t) => t.id);
    const messages = ticketIds.length
      ? await db
          .select()
          .from(ticketMessages)
          .where(inArray(ticketMessages.ticketId, ticketIds))
          .orderBy(asc(ticketMessages.createdAt))
      : [];
    const attachments = ticketIds.length
      ? await db
          .select()
          .from(ticketAttachments)
          .where(inArray(ticketAttachments.ticketId, ticketIds))
          .orderBy(asc(ticketAttachments.createdAt))
      : [];
    let missingFiles = 0;
    const ticketList = [];
    for (const ticket of tickets) {
      const folder = `tickets/${safeName(ticket.protocol, ticket.id)}`;
      const files_ = [];
      for (const file of attachments.filter((a) => a.ticketId === ticket.id)) {
        const path = `${folder}/${file.id.slice(0, 8)}-${safeName(file.filename, "anexo")}`;
        const bytes = await this.options.ticketFiles.get(file.storageName);
        if (bytes) files[path] = new Uint8Array(bytes);
        else missingFiles++;
        files_.push({
          id: file.id,
          messageId: file.messageId,
          filename: file.filename,
          mimeType: file.mimeType,
          size: file.size,
          path: bytes ? path : null,
          createdAt: iso(file.createdAt),
        });
      }
      ticketList.push({
        id: ticket.id,
        protocol: ticket.protocol,
        jiraKey: ticket.trackerKey,
        reporter: { name: ticket.reporterName, email: ticket.reporterEmail },
        category: ticket.category,
        priority: ticket.priority,
        subject: ticket.subject,
        description: ticket.description,
        status: ticket.statusName,
        statusCategory: ticket.statusCategory,
        resolvedAt: iso(ticket.resolvedAt),
        createdAt: iso(ticket.createdAt),
        messages: messages
          .filter((m) => m.ticketId === ticket.id)
          .map((m) => ({
            id: m.id,
            author: m.author,
            authorName: m.authorName,
            body: m.body,
            createdAt: iso(m.createdAt),
          })),
        attachments: files_,
      });
    }
    files["tickets.json"] = json({ tickets: ticketList });

    const bills = await db
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, company.id))
      .orderBy(asc(invoices.dueOn));
    const invoiceList = [];
    for (const bill of bills) {
      const folder = `invoices/${safeName(bill.number, bill.id)}`;
      const nfse: Record<string, string | null> = { pdf: null, xml: null };
      for (const [format, name] of [
        ["pdf", bill.nfsePdf],
        ["xml", bill.nfseXml],
      ] as const) {
        if (!name) continue;
        const bytes = await this.options.nfseFiles.get(name);
        if (!bytes) {
          missingFiles++;
          continue;
        }
        files[`${folder}/nfse.${format}`] = new Uint8Array(bytes);
        nfse[format] = `${folder}/nfse.${format}`;
      }
      invoiceList.push({
        number: bill.number,
        competence: bill.competence,
        issuedOn: bill.issuedOn,
        dueOn: bill.dueOn,
        amountCentavos: bill.amountCentavos,
        lines: bill.lines,
        boletoLine: bill.boletoLine,
        status: bill.status,
        paidOn: bill.paidOn,
        cancelledAt: iso(bill.cancelledAt),
        nfse: { number: bill.nfseNumber, verificationCode: bill.nfseVerificationCode, files: nfse },
        createdAt: iso(bill.createdAt),
      });
    }
    files["invoices.json"] = json({ invoices: invoiceList });

    const planChanges = await db
      .select()
      .from(planChangeRequests)
      .where(eq(planChangeRequests.companyId, company.id))
      .orderBy(asc(planChangeRequests.createdAt));
    const connections = await db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.companyId, company.id))
      .orderBy(asc(integrationConnections.integrationId));
    files["requests.json"] = json({
      planChanges: planChanges.map((r) => ({
        id: r.id,
        requester: { name: r.requesterName, email: r.requesterEmail },
        from: { planId: r.fromPlanId, cycle: r.fromCycle },
        to: { planId: r.toPlanId, cycle: r.toCycle },
        priceCentavos: r.priceCentavos,
        prorataCentavos: r.prorataCentavos,
        status: r.status,
        effectiveOn: r.effectiveOn,
        decidedAt: iso(r.decidedAt),
        decisionNote: r.decisionNote,
        jiraKey: r.trackerKey,
        createdAt: iso(r.createdAt),
      })),
      integrations: connections.map((c) => ({
        integrationId: c.integrationId,
        status: c.status,
        lastSyncAt: iso(c.lastSyncAt),
        detail: c.detail,
        updatedAt: iso(c.updatedAt),
      })),
    });

    // What was done about the company: entries naming it (its id or CNPJ) as target or in detail.
    const entries = await db
      .select()
      .from(auditLog)
      .where(
        or(
          sql`${auditLog.detail}->>'company' = ${company.id}`,
          inArray(auditLog.target, [company.id, company.cnpj]),
        ),
      )
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    files["audit.json"] = json({
      entries: entries.map((e) => ({
        at: iso(e.at),
        actor: e.actor,
        action: e.action,
        target: e.target,
        detail: e.detail,
      })),
    });

    const zip = zipSync(
      Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { level: 6 }]])),
    );
    const now = this.options.now?.() ?? new Date();
    await this.options.audit.record({
      actor: actor.email,
      action: "company.export",
      target: company.cnpj,
      detail: {
        company: company.id,
        users: people.length,
        tickets: tickets.length,
        attachments: attachments.length,
        invoices: bills.length,
        missingFiles,
        bytes: zip.length,
      },
    });
    return {
      filename: `dados-${safeName(company.cnpj.replace(/[^A-Za-z0-9]/g, ""), "empresa")}-${now.toISOString().slice(0, 10)}.zip`,
      mimeType: "application/zip",
      bytes: zip,
    };
  }
}
