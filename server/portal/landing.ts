import { can } from "@domain/portal/permissions.ts";
import type { AppServices } from "../context.ts";
import type { CompanyRow } from "./companies.ts";
import type { PortalActor } from "./members.ts";

/** What a customer's landing after signing in shows of their company (decision 116). */
export interface CompanyLanding {
  name: string;
  plan: string | null;
  tickets: { open: number; unread: number };
  /** The next invoice to pay, for the roles that see billing; null when none is open. */
  invoice: { number: string; amountCentavos: number; dueOn: string; overdue: boolean } | null;
  may: { billing: boolean; people: boolean; integrations: boolean };
}

/** A customer's company at a glance: its name and plan, tickets waiting, the next invoice to pay. */
export async function companyLanding(
  services: Pick<AppServices, "companies" | "tickets" | "customerInvoices">,
  { actor, company }: { actor: PortalActor; company: CompanyRow },
): Promise<CompanyLanding> {
  const [plan, tickets, invoice] = await Promise.all([
    services.companies.plan(company.planId),
    services.tickets.summary(actor),
    services.customerInvoices.nextToPay(actor),
  ]);
  return {
    name: company.tradeName || company.legalName,
    plan: plan?.name ?? null,
    tickets: { open: tickets.open + tickets.inProgress, unread: tickets.unread },
    invoice: invoice && {
      number: invoice.number,
      amountCentavos: invoice.amountCentavos,
      dueOn: invoice.dueOn,
      overdue: invoice.status === "vencida",
    },
    may: {
      billing: can(actor.role, "billing.view"),
      people: can(actor.role, "members.view"),
      integrations: can(actor.role, "integrations.view"),
    },
  };
}
