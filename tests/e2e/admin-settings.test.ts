import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, signedInPage, waitHydrated, watchProblems, withBrowser } from "../support/browser.ts";
import { demoAccounts, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/** What the settings screen held, each a screen of its own under "Configurações" (decision 135). */
const SCREENS = [
  { path: "/admin/usuarios", title: "Usuários", shot: "admin-users", shows: "Criar usuário" },
  {
    path: "/admin/chaves-api",
    title: "Chaves de API",
    shot: "admin-api-keys",
    shows: "Nenhuma chave criada ainda.",
  },
  { path: "/admin/privacidade", title: "Privacidade", shot: "admin-privacy", shows: "Salvar prazo" },
  {
    path: "/admin/jira",
    title: "Integração com o Jira",
    shot: "admin-jira",
    shows: "Serviço não configurado",
  },
];

describe("the settings' screens in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await withBrowser(startServerProcess());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("each opens at its address with its heading and its sidebar entry current, at 1280 and 390 px", async () => {
    for (const width of [1280, 390]) {
      const admin = demoAccounts(server).admin;
      const { context, page } = await signedInPage(browser, server.url, admin, "/admin/usuarios", { width });
      const problems = watchProblems(page);
      const nav = page.getByRole("navigation", { name: "Menu da administração" });
      for (const screen of SCREENS) {
        await gotoHydrated(page, server.url + screen.path);
        await page.getByRole("heading", { level: 1, name: screen.title }).waitFor();
        await page.getByText(screen.shows).first().waitFor();
        // At 390 px the sidebar is closed behind the menu button: its entry is read, not seen.
        const entry = page.locator(`#admin-menu a[href="${screen.path}"]`);
        expect(await entry.textContent()).toBe(screen.title);
        expect(await entry.getAttribute("aria-current")).toBe("page");
        if (width === 1280) {
          // The sidebar scrolls on its own, lower than the menu: the current entry is kept in sight.
          const [entryBox, menuBox] = await Promise.all([entry.boundingBox(), nav.boundingBox()]);
          expect(entryBox!.y + entryBox!.height, `${screen.path}: entry in sight`).toBeLessThanOrEqual(
            menuBox!.y + menuBox!.height,
          );
        }
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          `${screen.path} at ${width}: no sideways scroll`,
        ).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(screenshots, `${screen.shot}-${width}.png`),
          fullPage: true,
        });
      }
      // The sidebar's heading names them together, in the table's order.
      if (width === 390) await page.getByRole("button", { name: "Abrir o menu da administração" }).click();
      const group = nav.locator(".admin__group", { hasText: "Configurações" });
      expect(await group.getByRole("link").allTextContents()).toEqual(SCREENS.map((screen) => screen.title));
      await page.screenshot({
        path: path.join(screenshots, `admin-settings-menu-${width}.png`),
        fullPage: true,
      });

      // The old address lands on the users.
      await page.goto(`${server.url}/admin/settings`);
      await page.waitForURL(`${server.url}/admin/usuarios`);
      await waitHydrated(page);
      await page.getByRole("heading", { level: 1, name: "Usuários" }).waitFor();
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
