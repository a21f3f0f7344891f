import { formatCnpjForDisplay } from "@domain/cnpj.ts";
import { refusalText } from "@domain/refusals.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CompanyFields } from "~/admin/CompanyFields.tsx";
import { companyFormFields, firstProblem } from "~/admin/company-form.ts";
import { companyTexts as t } from "~/admin/company-texts.ts";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/companies";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "companies");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const { companies } = context.services;
  const [rows, plans] = await Promise.all([companies.list(q), companies.plans()]);
  return data(
    { rows, q, plans: plans.map((plan) => ({ id: plan.id, name: plan.name })) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const createSchema = companyFormFields;

/** A new company (decision 091): its CNPJ checked as the Receita issues it, a plan of plans-data. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "companies");
  const input = createSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success)
    return {
      ok: false,
      message: firstProblem(input.error),
    };
  try {
    const company = await context.services.companies.createAsStaff(admin, input.data);
    return redirect(`/admin/empresas/${company.id}?cadastrada=1`);
  } catch (error) {
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** Customer companies: search, the list with plan and people, and a new company. */
export default function Companies({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, q, plans } = loaderData;
  const busy = useNavigation().state === "submitting";
  const planName = (id: string | null) => plans.find((plan) => plan.id === id)?.name ?? t.noPlan;
  return (
    <section aria-labelledby="empresas-titulo">
      <h1 id="empresas-titulo">{t.title}</h1>
      <Form method="get" className="inbox-filters" role="search">
        <label className="field">
          <span className="field__label">{t.search}</span>
          <input type="search" name="q" defaultValue={q} maxLength={100} />
        </label>
        <button type="submit" className="button button--primary">
          {t.apply}
        </button>
        {q && (
          <Link to="/admin/empresas" className="button button--outline">
            {t.clear}
          </Link>
        )}
      </Form>
      <p role="status">{t.total(rows.length)}</p>
      {rows.length === 0 ? (
        <p>{q ? t.none : t.empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.legalName}</th>
                <th scope="col">{t.cnpj}</th>
                <th scope="col">{t.plan}</th>
                <th scope="col">{t.members}</th>
                <th scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/admin/empresas/${row.id}`}>{row.legalName}</Link>
                    {row.tradeName && <span className="admin-table__sub">{row.tradeName}</span>}
                  </td>
                  <td className="nowrap">{formatCnpjForDisplay(row.cnpj)}</td>
                  <td>{planName(row.planId)}</td>
                  <td>{row.members}</td>
                  <td>{t.statuses[row.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="nova-empresa">{t.create}</h2>
      <ActionResult result={actionData} />
      <Form method="post" className="inbox-filters" aria-labelledby="nova-empresa">
        <CompanyFields plans={plans} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t.create}
        </button>
      </Form>
    </section>
  );
}
