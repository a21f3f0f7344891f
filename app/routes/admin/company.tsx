import { formatCnpjForDisplay } from "@domain/cnpj.ts";
import { formatDateTime, formatInstantDay } from "@domain/format.ts";
import { COMPANY_ROLE_LABELS } from "@domain/portal/permissions.ts";
import { planAdminTexts } from "@domain/portal/plan-texts.ts";
import { portalTexts } from "@domain/portal/texts.ts";
import { refusalText } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { memberLimit } from "@server/portal/companies.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { invoiceAdminTexts } from "~/admin/billing-texts.ts";
import { CompanyFields } from "~/admin/CompanyFields.tsx";
import { companyFormFields, firstProblem } from "~/admin/company-form.ts";
import { companyTexts as t } from "~/admin/company-texts.ts";
import { PlanRequests } from "~/admin/PlanRequests.tsx";
import { ActionResult } from "~/components/ActionResult.tsx";
import { InvitationLink } from "~/components/InvitationLink.tsx";
import type { Route } from "./+types/company";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "company");
  const { companies } = context.services;
  const company = await companies.get(params.id);
  if (!company) throw data({ message: t.notFound }, { status: 404 });
  const [members, plans, invitations] = await Promise.all([
    companies.members(company.id),
    companies.plans(),
    context.services.members.invitations(company.id),
  ]);
  const plan = plans.find((p) => p.id === company.planId);
  const planRequests = await context.services.planChanges.requests(company.id);
  return data(
    {
      company: {
        id: company.id,
        cnpj: company.cnpj,
        legalName: company.legalName,
        tradeName: company.tradeName,
        planId: company.planId,
        billingCycle: company.billingCycle,
        cycleStartedOn: company.cycleStartedOn,
        status: company.status,
      },
      planRequests,
      members,
      invitations,
      mailAvailable: context.services.members.mailAvailable,
      limit: memberLimit(plan),
      plans: plans.map((p) => ({ id: p.id, name: p.name })),
      justCreated: new URL(request.url).searchParams.has("cadastrada"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const inviteSchema = z.object({
  intent: z.literal("invite-owner"),
  email: z.email(t.ownerEmailInvalid).max(254),
});

const editSchema = companyFormFields.partial().extend({
  intent: z.enum(["save", "suspend", "reactivate"], {
    error: "Pedido inválido. Recarregue a página e tente de novo.",
  }),
});

/** Edits the company: its data and plan, or its status; CompanyService records every change. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "company");
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "invite-owner") return inviteOwner(admin, params.id, form, context);
  if (form.intent === "plan-apply" || form.intent === "plan-refuse")
    return decidePlanRequest(admin, params.id, form, context);
  const input = editSchema.safeParse(form);
  if (!input.success)
    return {
      ok: false,
      message: firstProblem(input.error),
    };
  const { intent, ...fields } = input.data;
  try {
    if (!(await context.services.companies.get(params.id)))
      throw data({ message: t.notFound }, { status: 404 });
    await context.services.companies.update(
      admin,
      params.id,
      intent === "save" ? fields : { status: intent === "suspend" ? "suspended" : "active" },
    );
    return { ok: true, message: t.saved };
  } catch (error) {
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
}

/** Staff invite an owner (the company's first, or another): the link is shown once without e-mail. */
async function inviteOwner(
  admin: { id: string; name: string; email: string },
  companyId: string,
  form: Record<string, unknown>,
  context: Route.ActionArgs["context"],
) {
  const input = inviteSchema.safeParse(form);
  if (!input.success) return { ok: false, message: t.ownerEmailInvalid };
  try {
    const sent = await context.services.members.inviteOwnerAsStaff(admin, companyId, input.data.email);
    return {
      ok: true,
      message: sent.emailed ? t.ownerInvited(sent.invitation.email) : t.ownerLinkOnce(sent.invitation.email),
      link: sent.link,
    };
  } catch (error) {
    if (DomainError.is(error, "not-found")) throw data({ message: t.notFound }, { status: 404 });
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
}

/** Staff apply or refuse the company's open plan change request (the service writes the audit log). */
async function decidePlanRequest(
  admin: { email: string },
  companyId: string,
  form: Record<string, unknown>,
  context: Route.ActionArgs["context"],
): Promise<{ ok: boolean; message: string; link?: undefined }> {
  const requestId = typeof form.requestId === "string" ? form.requestId : "";
  const note = typeof form.note === "string" ? form.note : "";
  const decision = form.intent === "plan-apply" ? "apply" : "refuse";
  try {
    await context.services.planChanges.decide(admin, companyId, requestId, decision, note);
    return { ok: true, message: decision === "apply" ? planAdminTexts.applied : planAdminTexts.refused };
  } catch (error) {
    if (DomainError.is(error, "not-found"))
      throw data({ message: refusalText(error, "pt") }, { status: 404 });
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `${loaded?.company.legalName ?? t.title} | Vértice` },
    { name: "robots", content: "noindex" },
  ];
}

/** One customer company: its data and plan, its status, and its people. */
export default function Company({ loaderData, actionData }: Route.ComponentProps) {
  const { company, members, invitations, mailAvailable, limit, plans, justCreated, planRequests } =
    loaderData;
  const busy = useNavigation().state === "submitting";
  const roles = COMPANY_ROLE_LABELS.pt;
  return (
    <section aria-labelledby="empresa-titulo">
      <p>
        <Link to="/admin/empresas">← {t.back}</Link>
      </p>
      <h1 id="empresa-titulo">{company.legalName}</h1>
      <p>
        {t.cnpj} {formatCnpjForDisplay(company.cnpj)} · {t.statuses[company.status]}
      </p>
      <p>
        <Link to={`/admin/empresas/${company.id}/faturas`}>{invoiceAdminTexts.link} →</Link>
      </p>
      {justCreated && !actionData && <p className="banner banner--success">{t.created(company.legalName)}</p>}
      <ActionResult result={actionData} />
      {actionData && "link" in actionData && actionData.link && (
        <InvitationLink link={actionData.link} t={portalTexts("pt")} />
      )}

      <h2 id="dados-empresa">{t.details}</h2>
      <Form method="post" className="inbox-filters" aria-labelledby="dados-empresa">
        <CompanyFields plans={plans} company={company} />
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {t.save}
        </button>
      </Form>
      <Form method="post">
        <p>{company.status === "active" ? t.suspendHint : t.reactivateHint}</p>
        <button
          type="submit"
          name="intent"
          value={company.status === "active" ? "suspend" : "reactivate"}
          className="button button--outline"
          disabled={busy}
        >
          {company.status === "active" ? t.suspend : t.reactivate}
        </button>
      </Form>

      <PlanRequests requests={planRequests} busy={busy} />

      <h2 id="convidar-proprietario">{t.inviteOwner}</h2>
      <p>{mailAvailable ? t.inviteOwnerHint : t.inviteOwnerHintNoMail}</p>
      <Form method="post" className="inbox-filters" aria-labelledby="convidar-proprietario">
        <label className="field">
          <span className="field__label">{t.ownerEmail}</span>
          <input type="email" name="email" required maxLength={254} autoComplete="off" />
        </label>
        <button
          type="submit"
          name="intent"
          value="invite-owner"
          className="button button--primary"
          disabled={busy}
        >
          {t.inviteOwnerSubmit}
        </button>
      </Form>
      {invitations.length > 0 && (
        <>
          <h3 id="convites-abertos">{t.openInvitations}</h3>
          <ul aria-labelledby="convites-abertos">
            {invitations.map((invitation) => (
              <li key={invitation.id}>
                {invitation.email} · {roles[invitation.role]} ·{" "}
                {invitation.expired
                  ? t.invitationExpired
                  : t.invitationValidUntil(formatInstantDay(invitation.expiresAt))}
              </li>
            ))}
          </ul>
        </>
      )}

      <h2 id="pessoas">{t.people}</h2>
      <p>{t.memberLimit(members.length, limit)}</p>
      {members.length === 0 ? (
        <p>{t.noMembers}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="pessoas">
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.role}</th>
                <th scope="col">{t.lastSignIn}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.name}
                    {member.disabled && <span className="admin-table__sub">{t.disabled}</span>}
                  </td>
                  <td>{member.email}</td>
                  <td>{roles[member.role]}</td>
                  <td>
                    {member.lastSignInAt ? (
                      <time dateTime={member.lastSignInAt}>{formatDateTime(member.lastSignInAt)}</time>
                    ) : (
                      t.never
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
