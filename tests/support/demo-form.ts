import type { Page } from "playwright-core";

/** The demo form's first step as Maria of Agro Sul fills it (a hot lead once the form is finished). */
export async function fillDemoFirstStep(page: Page): Promise<void> {
  await page.getByLabel("Nome completo").fill("Maria Oliveira");
  await page.getByLabel("E-mail corporativo").fill("maria@agrosul.com.br");
  await page.getByLabel("Telefone / WhatsApp").fill("62998765432");
  await page.getByLabel("Nome da empresa").fill("Agro Sul Ltda");
  // An alphanumeric CNPJ as issued since July 2026 (the Receita's example), typed in lower case.
  await page.getByLabel("CNPJ").fill("12abc34501de35");
}

/** The choices of the demo form's second and third steps. */
export interface DemoChoices {
  segment: string;
  employees: string;
  urgency: string;
  role: string;
  bestTime: string;
}

/** A large agribusiness in a hurry: a hot lead. */
const HURRIED_AGRIBUSINESS: DemoChoices = {
  segment: "Agronegócio",
  employees: "grande",
  urgency: "ontem",
  role: "diretor",
  bestTime: "manha",
};

/** From the second step ("Sua empresa") to "Finalizar", with these choices. */
export async function finishDemoForm(page: Page, choices: DemoChoices = HURRIED_AGRIBUSINESS): Promise<void> {
  await page.getByLabel(choices.segment, { exact: true }).check();
  await page.getByLabel("Número de funcionários").selectOption(choices.employees);
  await page.getByLabel("Planilhas", { exact: false }).first().check();
  await page.locator('input[name="principalDesafio"]').first().check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("heading", { name: "Seu momento" }).waitFor();
  await page.locator('select[name="urgencia"]').selectOption(choices.urgency);
  await page.locator('select[name="cargoResponsavel"]').selectOption(choices.role);
  await page.locator('select[name="melhorHorario"]').selectOption(choices.bestTime);
  await page.getByRole("button", { name: "Finalizar" }).click();
}

/** The whole demo form, from its first step to "Finalizar": a large agribusiness in a hurry. */
export async function fillDemoForm(page: Page): Promise<void> {
  await fillDemoFirstStep(page);
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
  await finishDemoForm(page);
}
