import { can } from "@domain/portal/permissions.ts";
import { handleApi } from "@server/http/api.ts";
import { portalMemberOf, requireApiUser } from "@server/http/auth-guard.ts";
import { saveFromRequest } from "@server/http/content-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import { customerDashboard } from "@server/portal/dashboard.ts";
import { portalMessages } from "@server/portal/messages.ts";
import type { Route } from "./+types/user-dashboard";

const PRIVATE = { headers: { "Cache-Control": "private, no-store" } };

/**
 * GET /api/json/user-dashboard (B §3.8): a customer's dashboard, computed from their company's
 * records (server/portal/dashboard.ts, decision 093); 403 for a customer not linked to a company.
 * Staff, who belong to no company, get the "user-dashboard" layout document as it stands.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    const user = await requireApiUser(request, context);
    const layout = (
      await services.content.get("user-dashboard", { segment: null, lang: context.request.language })
    )?.data;
    if (user.role !== "customer") {
      if (!layout) return errorResponse(404, messages.documentNotFound("user-dashboard"));
      return jsonResponse(layout, PRIVATE);
    }
    const member = await portalMemberOf(user, context);
    if (!member) return errorResponse(403, portalMessages.noCompany);
    const { actor, company } = member;
    const language = context.request.uiLanguage;
    const [plan, members, invitations, tickets, integrations, nextInvoice] = await Promise.all([
      services.companies.plan(company.planId),
      services.companies.memberCount(company.id),
      services.members.invitations(company.id),
      services.tickets.summary(actor),
      // Roles that do not see integrations (finance) get none on the dashboard either.
      can(actor.role, "integrations.view")
        ? services.integrations.list(actor, language).then((list) => list.views)
        : Promise.resolve([]),
      services.customerInvoices.nextToPay(actor),
    ]);
    const dashboard = customerDashboard({
      language,
      layout: layout ?? null,
      company,
      plan,
      members,
      openInvitations: invitations.filter((invitation) => !invitation.expired).length,
      tickets,
      role: actor.role,
      integrations,
      nextInvoice,
    });
    return jsonResponse(dashboard, PRIVATE);
  });
}

/** PUT /api/json/user-dashboard: an admin's save of the dashboard layout document, as for every document. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "PUT") return errorResponse(405, messages.methodNotAllowed, { Allow: "GET, PUT" });
    return saveFromRequest(request, context, "user-dashboard");
  });
}
