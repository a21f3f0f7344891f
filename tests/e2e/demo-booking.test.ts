import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import ICAL from "ical.js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type FakeJira, jiraEnv, SALES_ANA, startFakeJira } from "../fakes/jira.ts";
import { type FakeSmtp, type ReceivedMail, startFakeSmtp } from "../fakes/smtp.ts";
import { seriousViolations } from "../support/axe.ts";
import {
  gotoHydrated,
  launchBrowser,
  signedInPage,
  VISITOR_AGENT,
  watchProblems,
  withBrowser,
} from "../support/browser.ts";
import { fillDemoForm } from "../support/demo-form.ts";
import { hotDemoAnswers } from "../support/lead-stack.ts";
import { demoAccounts, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * A demonstration booked on the spot (decision 138), in Chromium: staff open Ana's calendar in the
 * admin; a visitor in Manaus completes the demo form on a phone and books one of Ana's slots from the
 * success screen, read in their own time with Brasília's beside it; another books without
 * JavaScript on the booking page, where the first one's slot is no longer offered; staff see both.
 */
describe("booking a demonstration from the success screen in Chromium", () => {
  let jira: FakeJira;
  let smtp: FakeSmtp;
  let server: ServerProcess;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [jira, smtp] = await Promise.all([startFakeJira(), startFakeSmtp()]);
    [server, browser] = await withBrowser(
      startServerProcess({ ...jiraEnv(jira), SMTP_URL: smtp.url, FORM_MIN_FILL_MS: "0" }),
    );
    admin = await signedInPage(browser, server.url, demoAccounts(server).admin, "/admin/vendas", {
      bypassCSP: true,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all([jira?.close(), smtp?.close()]);
  });

  /** The invitations Maria got, oldest first, with their calendar event read by ical.js. */
  const invitations = () =>
    smtp.messages
      .filter((mail): mail is ReceivedMail & { calendar: { method: string; content: string } } =>
        Boolean(mail.to.includes("maria@agrosul.com.br") && mail.calendar),
      )
      .map((mail) => {
        const calendar = new ICAL.Component(ICAL.parse(mail.calendar.content));
        return {
          mail,
          method: mail.calendar.method,
          event: new ICAL.Event(calendar.getFirstSubcomponent("vevent")!),
        };
      });
  const manageLink = (text: string) =>
    (/https?:\/\/\S+\/agenda\/[0-9a-f-]{36}\?t=\S+/.exec(text)?.[0] ?? "").replace(
      /^https?:\/\/[^/]+/,
      server.url,
    );

  it("staff open Ana's calendar: routed demos go to her, with her e-mail and room", async () => {
    const { page } = admin;
    const problems = watchProblems(page);
    // Before there is a sales team, the calendar says what to do.
    await gotoHydrated(page, `${server.url}/admin/vendas/agenda`);
    await page.getByText("Nenhuma pessoa na equipe comercial ainda.", { exact: false }).waitFor();
    await page.screenshot({
      path: path.join(screenshots, "admin-demo-calendar-empty-1280.png"),
      fullPage: true,
    });
    await gotoHydrated(page, `${server.url}/admin/vendas`);
    await page.getByRole("heading", { level: 1, name: "Distribuição de leads" }).waitFor();
    await page.getByRole("button", { name: "Adicionar pessoa" }).click();
    await page.getByLabel("Nome", { exact: true }).last().fill("Ana Souza");
    await page.getByLabel("ID da conta no Jira").last().fill(SALES_ANA.accountId);
    await page.getByRole("combobox", { name: /^Responsável padrão/ }).selectOption({ label: "Ana Souza" });
    await page.getByRole("button", { name: "Salvar distribuição" }).click();
    await page.getByText("Distribuição salva.").waitFor();

    await gotoHydrated(page, `${server.url}/admin/vendas/agenda`);
    await page.getByRole("heading", { level: 1, name: "Agenda de demonstrações" }).waitFor();
    const card = page.locator(".demo-calendar", { hasText: "Ana Souza" });
    await card.getByText("Sem agenda: não recebe agendamentos").waitFor();
    // A room that is not https is named at its field, nothing saved.
    await card.getByLabel("E-mail para os convites").fill("ana@vertice.example");
    await card.getByLabel("Sala da reunião (link)").fill("http://meet.example/ana");
    await card.getByRole("button", { name: "Salvar agenda" }).click();
    await card.getByText("Revise os campos marcados.").waitFor();
    await card.getByText("Use um endereço que começa com https://.").waitFor();
    expect(await card.getByLabel("Sala da reunião (link)").getAttribute("aria-invalid")).toBe("true");
    await card.getByLabel("Sala da reunião (link)").fill("https://meet.example/ana");
    // Her calendar's address is read on saving: one that cannot be reached says so under the field.
    await card.getByLabel("Agenda particular (endereço iCal)").fill("webcal://127.0.0.1:9/ana/basic.ics");
    await card.getByRole("button", { name: "Salvar agenda" }).click();
    await card.getByText("Agenda de Ana Souza salva.").waitFor();
    await card.getByText("Recebe agendamentos").waitFor();
    await card
      .getByText(/^Não foi possível ler a agenda em .+: o endereço não pôde ser acessado\.$/)
      .waitFor();
    await card.screenshot({ path: path.join(screenshots, "admin-demo-calendar-read-failed-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.screenshot({ path: path.join(screenshots, "admin-demo-calendar-read-failed-390.png") });
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.getByLabel("Agenda particular (endereço iCal)").fill("");
    await card.getByRole("button", { name: "Salvar agenda" }).click();
    await card.getByText("Agenda de Ana Souza salva.").waitFor();
    await card.getByText(/Não foi possível ler a agenda/).waitFor({ state: "detached" });
    // A form left open after the person left the sales team saves nothing.
    await card.locator('input[name="accountId"]').evaluate((input: HTMLInputElement) => {
      input.value = "acc-quem-saiu";
    });
    await card.getByRole("button", { name: "Salvar agenda" }).click();
    await page.getByText("Esta pessoa não está mais na equipe comercial. Recarregue a página.").waitFor();
    await gotoHydrated(page, `${server.url}/admin/vendas/agenda`);
    await page.getByText("Nenhuma demonstração marcada.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(screenshots, "admin-demo-calendar-1280.png"), fullPage: true });
    expect(problems).toEqual([]);
  });

  let bookedStart = "";
  /** The admin's page of Maria's lead (the soonest meeting). */
  let mariasLead = "";

  it("a visitor in Manaus books on the success screen, on a phone, in their time with Brasília's beside it", async () => {
    // Under a browser's name, not HeadlessChrome's: the funnel counts this visit (decision 104).
    const visitorBrowser = await launchBrowser([`--user-agent=${VISITOR_AGENT}`]);
    onTestFinished(() => visitorBrowser.close());
    const context = await visitorBrowser.newContext({
      locale: "pt-BR",
      timezoneId: "America/Manaus",
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, `${server.url}/demonstracao`);
    await fillDemoForm(page);

    await page.getByRole("heading", { name: "Agende sua demonstração" }).waitFor({ timeout: 10_000 });
    await page
      .getByText("Escolha um horário com Ana Souza. A conversa é on-line e leva 30 minutos.")
      .waitFor();
    await page.getByText("Horários no seu fuso (Manaus), com o de Brasília ao lado.").waitFor();
    const slots = page.locator(".demo-booking__slot");
    expect(await slots.count()).toBe(6);
    // Manaus is an hour behind Brasília: each slot reads both.
    const first = slots.first();
    const [local, brasilia] = /^(\d\d:\d\d) · Brasília (\d\d:\d\d)$/
      .exec((await first.textContent()) ?? "")!
      .slice(1);
    expect(Number(brasilia!.slice(0, 2)) - Number(local!.slice(0, 2))).toBe(1);
    bookedStart = (await first.getAttribute("value")) ?? "";
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(screenshots, "demo-booking-slots-390.png"), fullPage: true });
    await page
      .locator(".demo-booking")
      .screenshot({ path: path.join(screenshots, "demo-booking-section-390.png") });
    // The same success screen on a desktop.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(screenshots, "demo-booking-slots-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    await first.click();
    await page.getByRole("heading", { name: "Demonstração agendada!" }).waitFor();
    const status = await page
      .getByRole("status")
      .filter({ hasText: "Demonstração agendada para" })
      .textContent();
    expect(status).toMatch(
      new RegExp(
        `^Demonstração agendada para .+, às ${local} \\(${brasilia} em Brasília\\) com Ana Souza\\.$`,
      ),
    );
    await page.getByText("https://meet.example/ana").waitFor();
    await page
      .locator(".demo-booking")
      .screenshot({ path: path.join(screenshots, "demo-booking-booked-390.png") });
    expect(problems).toEqual([]);
    // Leaving the page sends the funnel's beacon.
    await page.goto("about:blank");
    await context.close();
  });

  it("without JavaScript, the booking page offers the next slots as buttons and books one", async () => {
    // A second demo lead, sent as the form sends it: its answer carries the offer.
    const { token } = (await (await fetch(`${server.url}/api/forms/challenge?form=demo`)).json()) as {
      token: string;
    };
    const res = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({
        form: "demo",
        stage: "complete",
        answers: { ...hotDemoAnswers, emailContato: "joao@agrosul.com.br" },
        requestKey: randomUUID(),
        formToken: token,
      }),
    });
    expect(res.status).toBe(201);
    const lead = (await res.json()) as {
      leadId: string;
      accessToken: string;
      booking: { seller: string; slots: { start: string }[] };
    };
    expect(lead.booking.seller).toBe("Ana Souza");
    // The slot Maria took is no longer offered.
    expect(lead.booking.slots.map((slot) => slot.start)).not.toContain(bookedStart);

    const context = await browser.newContext({ locale: "pt-BR", javaScriptEnabled: false });
    const page = await context.newPage();
    const query = new URLSearchParams({ leadId: lead.leadId, accessToken: lead.accessToken });
    const answer = await page.goto(`${server.url}/agendar?${query}`);
    expect(answer?.headers()["cache-control"]).toBe("no-store");
    await page.getByRole("heading", { name: "Agende sua demonstração" }).waitFor();
    await page.getByText("Horários de Brasília.").waitFor();
    await page.screenshot({ path: path.join(screenshots, "booking-page-nojs-1280.png"), fullPage: true });
    const button = page.locator(".demo-booking__slot").first();
    const time = (await button.textContent()) ?? "";
    await button.click();
    await page.getByRole("heading", { name: "Demonstração agendada!" }).waitFor();
    expect(await page.getByRole("status").textContent()).toMatch(
      new RegExp(`^Demonstração agendada para .+, às ${time} \\(horário de Brasília\\) com Ana Souza\\.$`),
    );
    // A wrong token opens nothing.
    await page.goto(`${server.url}/agendar?leadId=${lead.leadId}&accessToken=errado`);
    await page.getByRole("heading", { name: "Link inválido" }).waitFor();
    await context.close();
  });

  it("staff see both meetings to come, each opening its lead", async () => {
    const { page } = admin;
    await gotoHydrated(page, `${server.url}/admin/vendas/agenda`);
    const rows = page.locator(".admin-table tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    // Listed per seller.
    await page.getByRole("table", { name: "Ana Souza: 2 demonstrações" }).waitFor();
    await page.screenshot({
      path: path.join(screenshots, "admin-demo-calendar-meetings-1280.png"),
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(screenshots, "admin-demo-calendar-390.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await rows.first().getByRole("link").click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    mariasLead = new URL(page.url()).pathname;
    // The lead's page shows its meeting.
    await page.getByRole("heading", { name: "Demonstração", exact: true }).waitFor();
    await page.getByText(/^Agendada pelo visitante para .+ com Ana Souza\.$/).waitFor();

    // The dashboard's funnel ends with the booking Maria made in her browser; the sales outcomes
    // count both leads that booked (the second one without JavaScript, which no funnel sees).
    await expect
      .poll(async () => {
        await gotoHydrated(page, `${server.url}/admin/dashboard?funil=demo&periodo=7`);
        return page.locator(".funnel__table tbody tr").last().locator("th, td").allTextContents();
      })
      .toEqual(["Demonstração agendada", "1", "100%", "0 (0%)"]);
    const byForm = page.locator("table", { has: page.locator("caption", { hasText: "Por formulário" }) });
    const headers = await byForm.locator("thead th").allTextContents();
    const demoRow = await byForm
      .locator("tbody tr", { hasText: "Demonstração" })
      .locator("th, td")
      .allTextContents();
    expect(demoRow[headers.indexOf("Agendaram demonstração")]).toBe("2");
    await page
      .locator("section.funnel")
      .screenshot({ path: path.join(screenshots, "admin-funnel-booked-1280.png") });
  });

  it("the invitation reaches Maria; its link moves the meeting with Ana, then cancels it, each a new revision", async () => {
    await expect.poll(() => invitations().length, { timeout: 20_000 }).toBe(1);
    const [first] = invitations();
    expect(first!.method).toBe("REQUEST");
    expect(first!.event.startDate.toJSDate().toISOString()).toBe(bookedStart);
    expect(first!.mail.subject).toMatch(/^Demonstração agendada: /);
    // Ana got hers, with the same event.
    const toAna = smtp.messages.find((mail) => mail.to.includes("ana@vertice.example"));
    expect(toAna?.calendar?.method).toBe("REQUEST");

    const context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, manageLink(first!.mail.text));
    await page.getByRole("heading", { name: "Sua demonstração" }).waitFor();
    await page.getByText("com Ana Souza.", { exact: false }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "demo-manage-390.png"), fullPage: true });
    await page.locator(".demo-booking__slot").first().click();
    await page.getByRole("heading", { name: "Demonstração remarcada" }).waitFor();
    await expect.poll(() => invitations().length, { timeout: 20_000 }).toBe(2);
    const moved = invitations()[1]!;
    expect([moved.method, moved.event.uid, moved.event.sequence]).toEqual(["REQUEST", first!.event.uid, 1]);
    expect(moved.event.startDate.toJSDate().toISOString()).not.toBe(bookedStart);

    // The first invitation's link is spent; the new one's cancels.
    await gotoHydrated(page, manageLink(first!.mail.text));
    await page.getByRole("heading", { name: "Link inválido" }).waitFor();
    await gotoHydrated(page, manageLink(moved.mail.text));
    await page.getByRole("button", { name: "Cancelar demonstração" }).click();
    await page.getByRole("heading", { name: "Demonstração cancelada" }).waitFor();
    await expect.poll(() => invitations().length, { timeout: 20_000 }).toBe(3);
    const cancelled = invitations()[2]!;
    expect([cancelled.method, cancelled.event.uid, cancelled.event.sequence]).toEqual([
      "CANCEL",
      first!.event.uid,
      2,
    ]);
    expect(problems).toEqual([]);
    await context.close();

    // Staff see the cancellation on her lead and on her contact's timeline.
    const cancelledLine = /^Cancelada pelo visitante: era para .+ com Ana Souza\.$/;
    await gotoHydrated(admin.page, `${server.url}${mariasLead}`);
    await admin.page.getByText(cancelledLine).waitFor();
    await admin.page
      .locator(".lead-detail__meeting")
      .screenshot({ path: path.join(screenshots, "admin-lead-meeting-cancelled-1280.png") });
    await gotoHydrated(admin.page, `${server.url}${mariasLead}/historico`);
    await admin.page.locator('.lead-timeline__item[aria-current="true"]').getByText(cancelledLine).waitFor();
    for (const width of [1280, 390]) {
      await admin.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await admin.page.screenshot({
        path: path.join(screenshots, `admin-lead-timeline-meeting-${width}.png`),
      });
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
    await admin.page.setViewportSize({ width: 1280, height: 900 });
  });
});
