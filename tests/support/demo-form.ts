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

/** The whole demo form, from its first step to "Finalizar": a large agribusiness in a hurry. */
export async function fillDemoForm(page: Page): Promise<void> {
  await fillDemoFirstStep(page);
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
  await page.getByLabel("Agronegócio", { exact: true }).check();
  await page.getByLabel("Número de funcionários").selectOption("grande");
  await page.getByLabel("Planilhas", { exact: false }).first().check();
  await page.locator('input[name="principalDesafio"]').first().check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("heading", { name: "Seu momento" }).waitFor();
  await page.locator('select[name="urgencia"]').selectOption("ontem");
  await page.locator('select[name="cargoResponsavel"]').selectOption("diretor");
  await page.locator('select[name="melhorHorario"]').selectOption("manha");
  await page.getByRole("button", { name: "Finalizar" }).click();
}
