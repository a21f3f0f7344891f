import { DomainError } from "@server/domain-errors.ts";
import { requirePageAdmin } from "@server/http/auth-guard.ts";
import { memberLimit } from "@server/portal/companies.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionResult } from "~/admin/ActionResult.tsx";
import { CompanyFields } from "~/admin/CompanyFields.tsx";
import { companyTexts as t } from "~/admin/texts.ts";
import { formatCnpjForDisplay } from "~/lib/cnpj.ts";
import { COMPANY_ROLE_LABELS } from "~/lib/portal/permissions.ts";
import { z } from "~/lib/zod.ts";
import type { Route } from "./+types/company";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePageAdmin(request, context);
  const { companies } = context.services;
  const company = await companies.get(params.id);
  if (!company) throw data({ message: t.notFound }, { status: 404 });
  const [members, plans] = await Promise.all([companies.members(company.id), companies.plans()]);
  const plan = plans.find((p) => p.id === company.planId);
  return data(
    {
      company: {
        id: company.id,
        cnpj: company.cnpj,
        legalName: company.legalName,
        tradeName: company.tradeName,
        planId: company.planId,
        status: company.status,
      },
      members,
      limit: memberLimit(plan),
      plans: plans.map((p) => ({ id: p.id, name: p.name })),
      justCreated: new URL(request.url).searchParams.has("cadastrada"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const editSchema = z.object({
  intent: z.enum(["save", "suspend", "reactivate"]),
  cnpj: z.string().trim().max(30).optional(),
  legalName: z.string().trim().max(200).optional(),
  tradeName: z.string().trim().max(200).optional(),
  planId: z.string().trim().max(60).optional(),
});

/** Edits the company: its data and plan, or its status; every change goes to the audit log. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requirePageAdmin(request, context);
  const input = editSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success)
    return {
      ok: false,
      message: `${input.error.issues[0]!.path.join(".")}: ${input.error.issues[0]!.message}`,
    };
  const { intent, ...fields } = input.data;
  try {
    const before = await context.services.companies.get(params.id);
    if (!before) throw data({ message: t.notFound }, { status: 404 });
    const after = await context.services.companies.update(
      params.id,
      intent === "save" ? fields : { status: intent === "suspend" ? "suspended" : "active" },
    );
    await context.services.audit.record({
      actor: admin.email,
      action: intent === "save" ? "company.update" : `company.${intent}`,
      target: after.cnpj,
      detail: changes(before, after),
    });
    return { ok: true, message: t.saved };
  } catch (error) {
    if (DomainError.is(error)) return { ok: false, message: error.message };
    throw error;
  }
}

/** The fields an edit changed, before and after (the audit log's detail). */
function changes<T extends Record<string, unknown>>(before: T, after: T): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of ["cnpj", "legalName", "tradeName", "planId", "status"]) {
    if (before[key] !== after[key]) changed[key] = { de: before[key], para: after[key] };
  }
  return changed;
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `${loaded?.company.legalName ?? t.title} | Vértice` },
    { name: "robots", content: "noindex" },
  ];
}

/** One customer company: its data and plan, its status, and its people. */
export default function Company({ loaderData, actionData }: Route.ComponentProps) {
  const { company, members, limit, plans, justCreated } = loaderData;
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
      {justCreated && !actionData && <p className="banner banner--success">{t.created(company.legalName)}</p>}
      <ActionResult result={actionData} />

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
                      <time dateTime={member.lastSignInAt}>
                        {new Date(member.lastSignInAt).toLocaleString("pt-BR", {
                          timeZone: "America/Sao_Paulo",
                        })}
                      </time>
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
