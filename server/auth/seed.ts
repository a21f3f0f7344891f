import { randomBytes } from "node:crypto";
import type { CompanyService } from "../portal/companies.ts";
import { createCustomer } from "../portal/customers.ts";
import type { AccountService } from "./users.ts";

/** The demo customer's company: the Receita Federal's example of an alphanumeric CNPJ. */
export const DEMO_COMPANY = {
  cnpj: "12ABC34501DE35",
  legalName: "Agro Sul Comércio de Insumos Ltda",
  tradeName: "Agro Sul",
  planId: "profissional",
};

/**
 * Two demo accounts with random passwords, for a fresh embedded database: an admin, and a customer
 * who owns a demo company on the Profissional plan. The customer's dashboard shows that company's
 * own records (decision 093): no sample figures are written for it.
 */
export async function seedDemoUsers(accounts: AccountService, companies: CompanyService) {
  const password = () => randomBytes(9).toString("base64url");
  const admin = { email: "admin@vertice.local", password: password() };
  const customer = { email: "cliente@vertice.local", password: password() };
  await accounts.createUser({ ...admin, role: "admin", name: "Administração Vértice", username: "admin" });
  const company = await companies.create(DEMO_COMPANY);
  await createCustomer(accounts, companies, {
    ...customer,
    name: "Carla Mendes",
    username: "carla",
    cnpj: company.cnpj,
    companyRole: "owner",
  });
  return { admin, customer };
}
