import type { BillingCycle } from "@domain/billing/proration.ts";
import { formatCnpjForDisplay } from "@domain/cnpj.ts";
import { planAdminTexts, planTexts } from "@domain/portal/plan-texts.ts";
import { companyTexts as t } from "./company-texts.ts";

/** The fields of a company, blank or filled (the list's new company, the company page's edit). */
export function CompanyFields({
  plans,
  company,
}: {
  plans: { id: string; name: string }[];
  company?: {
    cnpj: string;
    legalName: string;
    tradeName: string;
    planId: string | null;
    billingCycle?: BillingCycle;
    cycleStartedOn?: string | null;
  };
}) {
  const cycles = planTexts("pt").cycles;
  return (
    <>
      <label className="field">
        <span className="field__label">{t.cnpj}</span>
        <input
          type="text"
          name="cnpj"
          required
          maxLength={30}
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={company ? formatCnpjForDisplay(company.cnpj) : ""}
        />
      </label>
      <label className="field">
        <span className="field__label">{t.legalName}</span>
        <input
          type="text"
          name="legalName"
          required
          minLength={2}
          maxLength={200}
          defaultValue={company?.legalName}
        />
      </label>
      <label className="field">
        <span className="field__label">{t.tradeName}</span>
        <input type="text" name="tradeName" maxLength={200} defaultValue={company?.tradeName} />
      </label>
      <label className="field">
        <span className="field__label">{t.plan}</span>
        <select name="planId" defaultValue={company?.planId ?? ""}>
          <option value="">{t.noPlan}</option>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{planAdminTexts.cycle}</span>
        <select name="billingCycle" defaultValue={company?.billingCycle ?? "monthly"}>
          <option value="monthly">{cycles.monthly}</option>
          <option value="annual">{cycles.annual}</option>
        </select>
      </label>
      <label className="field">
        <span className="field__label">{planAdminTexts.cycleStart}</span>
        <span className="field__hint">{planAdminTexts.cycleStartHint}</span>
        <input type="date" name="cycleStartedOn" defaultValue={company?.cycleStartedOn ?? ""} />
      </label>
    </>
  );
}
