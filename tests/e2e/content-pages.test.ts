import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { gotoHydrated, launchBrowser, waitHydrated, watchProblems } from "../support/browser.ts";
import {
  type ServerProcess,
  type SharedServer,
  sharedServer,
  startServerProcess,
} from "../support/server-process.ts";
import { projectToPixels } from "../support/web-mercator.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/** A shipped content file. */
function shipped<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(projectRoot, "content/data", file), "utf8")) as T;
}
/** The site's segments (decision 129): what the partner map's filter and legend offer. */
const siteSegments = (file: string) =>
  shipped<{ segments: Array<{ id: string; name: string }> }>(file).segments.map(({ id, name }) => ({
    id,
    name,
  }));
type ShippedPartner = {
  id: number;
  nome: string;
  cidade: string;
  estado: string;
  lat: number;
  lng: number;
  contato?: string;
};

/** Internal links of a page's server HTML (menus, phone menu, footer, content). */
function internalLinks(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
    const href = match[1]!.replace(/&amp;/g, "&");
    if (href.startsWith("/") && !href.startsWith("//")) links.add(href.split("#")[0]!);
  }
  links.delete("");
  return [...links];
}

describe("content pages, blog and partner map in Chromium", () => {
  let server: SharedServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("every internal link of /, /en, the menus and the footer answers 200, never a redirect home", async () => {
    const seen = new Map<string, number>();
    for (const start of ["/", "/en", "/planos", "/contato", "/blog", "/sobre"]) {
      const html = await (await fetch(server.url + start)).text();
      for (const link of internalLinks(html)) {
        if (seen.has(link)) continue;
        const res = await fetch(server.url + link, { redirect: "manual" });
        await res.arrayBuffer();
        seen.set(link, res.status);
      }
    }
    const broken = [...seen].filter(([, status]) => status !== 200);
    expect(broken).toEqual([]);
    // The menus, footer and pages lead to well over forty distinct pages.
    expect(seen.size).toBeGreaterThan(40);
    console.log(`links followed: ${seen.size}`);
  });

  it("the sitemap lists only pages that answer 200", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const local = [...new Set(locs)];
    expect(local).toContain("/blog/como-escolher-um-erp");
    expect(local).toContain("/politicas");
    expect(local).not.toContain("/area-do-parceiro");
    for (const pathname of local) {
      const res = await fetch(server.url + pathname, { redirect: "manual" });
      await res.arrayBuffer();
      expect(res.status, pathname).toBe(200);
    }
    expect(xml).toMatch(/<lastmod>2026-\d\d-\d\d<\/lastmod>/);
  });

  it("an unknown page goes home, replacing the history entry; a private page asks for a sign-in", async () => {
    const unknown = await fetch(`${server.url}/pagina-que-nao-existe`, { redirect: "manual" });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/");
    const english = await fetch(`${server.url}/en/nao-existe`, { redirect: "manual" });
    expect(english.headers.get("location")).toBe("/en");
    const privatePage = await fetch(`${server.url}/area-do-parceiro`, { redirect: "manual" });
    expect(privatePage.status).toBe(302);
    expect(privatePage.headers.get("location")).toBe("/login?redirectTo=%2Farea-do-parceiro");

    const context = await browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/planos`);
    await gotoHydrated(page, `${server.url}/nao-existe`);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.goBack({ waitUntil: "load" });
    await waitHydrated(page);
    expect(new URL(page.url()).pathname).toBe("/planos");
    await context.close();
  });

  it("model3: the sidebar marks the block being read and scrolls to a block 100 px below the top", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, `${server.url}/politicas`);
    const nav = page.getByRole("navigation", { name: "Nesta página" });
    const links = nav.getByRole("link");
    expect(await links.count()).toBeGreaterThanOrEqual(6);
    await expect.poll(() => links.first().getAttribute("aria-current")).toBe("location");
    const fourth = links.nth(3);
    const target = (await fourth.getAttribute("href"))!.slice(1);
    await fourth.click();
    await expect.poll(() => fourth.getAttribute("aria-current")).toBe("location");
    await expect
      .poll(() =>
        page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), target),
      )
      .toBe(100);
    expect(await links.first().getAttribute("aria-current")).toBeNull();
    await page.getByText("Atualizado em").first().waitFor();
    await page.screenshot({ path: path.join(screenshots, "model3-1280.png") });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the pages ads point to (segments, modules) have the demo and trial buttons in the first screen", async () => {
    for (const [path, width, height, demo, trial] of [
      ["/segmentos/agronegocio", 1280, 900, "Solicitar demonstração", "Teste grátis por 30 dias"],
      ["/financeiro", 390, 844, "Solicitar demonstração", "Teste grátis por 30 dias"],
      ["/en/segmentos/comercio", 1280, 900, "Request a demo", "Free 30-day trial"],
    ] as const) {
      const context = await browser.newContext({ locale: "pt-BR", viewport: { width, height } });
      const page = await context.newPage();
      await gotoHydrated(page, `${server.url}${path}`);
      const hero = page.locator(".page-hero");
      for (const [name, href] of [
        [demo, path.startsWith("/en") ? "/en/demonstracao" : "/demonstracao"],
        [trial, path.startsWith("/en") ? "/en/teste-gratis" : "/teste-gratis"],
      ]) {
        const button = hero.getByRole("link", { name });
        expect(await button.getAttribute("href")).toBe(href);
        const box = await button.boundingBox();
        expect(box!.y + box!.height, `${path}: ${name}`).toBeLessThanOrEqual(height);
      }
      await context.close();
    }
  });

  it("model6: the first feature is selected; choosing another shows its detail; arrows move along the list", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/inteligencia-artificial`);
    const tabs = page.getByRole("tab");
    expect(await tabs.first().getAttribute("aria-selected")).toBe("true");
    const panel = page.getByRole("tabpanel");
    const secondTitle = (await tabs.nth(1).locator("strong").textContent())!;
    await tabs.nth(1).click();
    await expect.poll(() => panel.locator("h3").textContent()).toBe(secondTitle);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => tabs.nth(2).getAttribute("aria-selected")).toBe("true");
    // The floating call to action appears once the page is scrolled.
    const floating = page.locator(".floating-cta");
    await expect.poll(() => floating.evaluate((el) => el.classList.contains("is-visible"))).toBe(false);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => floating.evaluate((el) => el.classList.contains("is-visible"))).toBe(true);
    await page.screenshot({ path: path.join(screenshots, "model6-1280.png") });
    await context.close();
  });

  it("blog: a search with no results says so, 'Limpar filtros' brings the list back; filters live in the URL", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, `${server.url}/blog`);
    await page.getByRole("heading", { name: "Destaques" }).waitFor();
    await page.getByLabel("Buscar artigos", { exact: true }).fill("xyzzy inexistente");
    await page.getByRole("button", { name: "Buscar" }).first().click();
    await page.getByText("Nenhum artigo encontrado").waitFor();
    await page.getByText("Tente ajustar seus filtros ou termos de busca").waitFor();
    expect(page.url()).toContain("q=xyzzy");
    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await page.getByRole("heading", { name: "Destaques" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    // A category filter, server-rendered from the URL.
    await gotoHydrated(page, `${server.url}/blog?categoria=Seguran%C3%A7a`);
    await page.getByText("1 artigo encontrado").waitFor();
    await page.screenshot({ path: path.join(screenshots, "blog-1280.png"), fullPage: true });
    // The topics: each category as a filter, the largest first; the chosen one marked.
    await page
      .getByRole("navigation", { name: "Assuntos do blog" })
      .getByRole("link", { name: /^Segurança/ })
      .waitFor();
    expect(
      await page
        .getByRole("navigation", { name: "Assuntos do blog" })
        .locator('[aria-current="page"]')
        .textContent(),
    ).toBe("Segurança");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("blog on a phone: a search moves to its results and says how many; 'nfe' finds the NF-e post", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/blog`);
    await page.getByLabel("Buscar artigos", { exact: true }).fill("nfe");
    await page.getByRole("button", { name: "Buscar" }).first().click();
    const count = page.getByRole("status").filter({ hasText: /artigos? encontrados?/ });
    await count.waitFor();
    expect(new URL(page.url()).hash).toBe("#artigos");
    expect(await page.getByRole("heading", { name: "Resultados" }).count()).toBe(1);
    // In the viewport without scrolling: the visitor sees the answer to the search.
    const box = (await count.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.locator("#artigos .post-grid article").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("a post shows its reading time, related posts and sidebar; an unknown slug goes to /blog", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/blog/como-escolher-um-erp`);
    await page
      .getByText(/min de leitura/)
      .first()
      .waitFor();
    await page.getByRole("heading", { name: "Artigos relacionados" }).waitFor();
    const related = page.locator("#relacionados-titulo + .post-grid article");
    expect(await related.count()).toBe(3);
    // The title once before the body (the hero's heading), and the next step at the end of the post.
    const title = "Como escolher um ERP sem errar: guia para pequenas e médias empresas";
    expect(
      await page.locator(".blog-post__article, .page-hero").getByText(title, { exact: true }).count(),
    ).toBe(1);
    const cta = page.locator(".blog-post__article .page-cta");
    expect(await cta.getByRole("link", { name: "Solicitar demonstração" }).getAttribute("href")).toBe(
      "/demonstracao",
    );
    expect(await cta.getByRole("link", { name: "Teste grátis por 30 dias" }).getAttribute("href")).toBe(
      "/teste-gratis",
    );
    const html = await (await fetch(`${server.url}/blog/como-escolher-um-erp`)).text();
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    await page.screenshot({ path: path.join(screenshots, "post-390.png"), fullPage: true });
    const unknown = await fetch(`${server.url}/blog/nao-existe`, { redirect: "manual" });
    expect(unknown.headers.get("location")).toBe("/blog");
    const rss = await fetch(`${server.url}/blog/rss.xml`);
    expect(rss.headers.get("content-type")).toContain("application/rss+xml");
    const feed = await rss.text();
    expect(feed).toContain('<rss version="2.0"');
    expect(feed.match(/<item>/g)).toHaveLength(6);
    await context.close();
  });

  it("an image that fails shows 'Imagem não disponível' in its place (B §2.3), on the blog's island pages too", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Nothing fails: every image is an image, none a placeholder.
    await gotoHydrated(page, `${server.url}/blog`);
    expect(await page.locator(".image-missing").count()).toBe(0);
    expect(await page.locator(".post-card__image").count()).toBeGreaterThan(3);

    // The network loses one article's image: the cover (failing before the scripts run) and its
    // card among the related posts (lazy, failing later) both show the placeholder.
    await page.route("**/images/blog/funil-de-vendas-no-crm.svg", (route) => route.abort("connectionfailed"));
    await gotoHydrated(page, `${server.url}/blog/funil-de-vendas-no-crm`);
    const cover = page.locator(".blog-post__image");
    await expect.poll(() => cover.getAttribute("role")).toBe("img");
    expect(await cover.evaluate((element) => element.tagName)).toBe("DIV");
    expect(await cover.textContent()).toBe("Imagem não disponível");
    expect(await page.locator("img.blog-post__image").count()).toBe(0);
    await gotoHydrated(page, `${server.url}/blog/como-escolher-um-erp`);
    const related = page.locator("#relacionados-titulo + .post-grid");
    await related.scrollIntoViewIfNeeded();
    const missing = related.getByRole("img", { name: "Imagem não disponível" });
    await expect.poll(() => missing.count()).toBe(1);
    // The other two still show their image.
    expect(await related.locator("img.post-card__image").count()).toBe(2);
    await context.close();
  });

  it("partner map: filters change the markers; a marker opens its info window; the map code is only on this page", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await gotoHydrated(page, `${server.url}/`);
    const homeScripts = [...scripts];
    await gotoHydrated(page, `${server.url}/mapa-parceiros`);
    // The map island asks for Leaflet's chunk once it is hydrated, in an effect of its own.
    await expect
      .poll(() => scripts.slice(homeScripts.length).some((url) => /PartnerMap/.test(url)))
      .toBe(true);
    expect(homeScripts.some((url) => /PartnerMap/.test(url))).toBe(false);

    const markers = page.locator(".leaflet-marker-icon");
    await expect.poll(() => markers.count()).toBe(32);
    // Nearby cities' markers are moved apart at this zoom (decision 089): none covers another, so
    // each keeps its whole 28 px target. In their cities' places, 19 pairs overlapped.
    const overlapping = await markers.evaluateAll((elements) => {
      const boxes = elements.map((element) => element.getBoundingClientRect());
      let count = 0;
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          if (Math.abs(a.x - b.x) < a.width - 0.5 && Math.abs(a.y - b.y) < a.height - 0.5) count++;
        }
      }
      return boxes.every((box) => box.width >= 24 && box.height >= 24) ? count : -1;
    });
    expect(overlapping).toBe(0);

    // The filter offers the site's segments, no other (decision 129), by their ids; the legend too.
    const segments = siteSegments("vertice-segments-data.json");
    const options = page.getByLabel("Segmento").locator("option");
    expect(await options.allTextContents()).toEqual(["Todos os Segmentos", ...segments.map((s) => s.name)]);
    expect(await options.evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))).toEqual([
      "",
      ...segments.map((s) => s.id),
    ]);
    expect(await page.locator(".map-legend li").allTextContents()).toEqual(segments.map((s) => s.name));
    // Every marker's segment is one of them: none is drawn white, as an unknown segment would be.
    const colours = await markers.evaluateAll((all) =>
      all.map((m) =>
        (m.querySelector(".partner-marker") as HTMLElement).style.getPropertyValue("--marker-color"),
      ),
    );
    expect(colours.filter((c) => c === "#ffffff")).toEqual([]);

    await page.getByLabel("Em Expansão").uncheck();
    const active = await markers.count();
    expect(active).toBeLessThan(32);
    await page.getByText(`${active} parceiros`, { exact: true }).waitFor();
    await page.getByLabel("Segmento").selectOption("Agronegócio");
    await expect.poll(() => markers.count()).toBeLessThan(active);
    await page.getByLabel("Em Expansão").check();
    await page.getByLabel("Segmento").selectOption("");
    await expect.poll(() => markers.count()).toBe(32);

    // Keyboard: a marker takes focus and Enter opens its info window: the partner's name, its
    // city, its segment, its status and how to reach it.
    await page.locator('.leaflet-marker-icon[title^="Campo Forte Consultoria Agro, Rio Verde – GO"]').focus();
    await page.keyboard.press("Enter");
    const popup = page.locator(".leaflet-popup");
    await popup.waitFor();
    expect(await popup.locator(".partner-popup > *").allTextContents()).toEqual([
      "Campo Forte Consultoria Agro",
      "Rio Verde – GO",
      "Agronegócio",
      "Parceiro Ativo",
      "Entrar em Contato",
      "Conversa no WhatsApp do parceiro",
    ]);
    // Without JavaScript the link is the contact page; with it, the chat popup opens for the partner.
    const contact = popup.getByRole("link", { name: "Entrar em Contato" });
    expect(await contact.getAttribute("href")).toBe("/contato");
    expect(await contact.getAttribute("data-opens-chat")).toBe("");
    await page.screenshot({ path: path.join(screenshots, "map-1280.png") });

    // Markers are moved apart again at each zoom: from zoom 7 every one stands on its city, so two
    // markers are as far apart as their cities (at zoom 4 these two were pushed ~30 px apart).
    const centre = async (city: string) => {
      const box = (await page.locator(`.leaflet-marker-icon[title*=", ${city} – "]`).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    for (let zoom = 5; zoom <= 7; zoom++) {
      const before = await centre("São Paulo");
      await page.locator(".leaflet-control-zoom-in").click();
      await expect
        .poll(async () => {
          const now = await centre("São Paulo");
          const animating = await page.locator(".leaflet-zoom-anim").count();
          return animating === 0 && (now.x !== before.x || now.y !== before.y);
        })
        .toBe(true);
    }
    const { partners } = shipped<{ partners: ShippedPartner[] }>("partners-data.json");
    const at7 = (city: string) => {
      const { lat, lng } = partners.find((p) => p.cidade === city)!;
      return projectToPixels(lat, lng, 7);
    };
    const [saoPaulo, campinas] = [at7("São Paulo"), at7("Campinas")];
    // Leaflet rounds each position to a whole pixel: the two may be 1 px off each way.
    await expect
      .poll(async () => {
        const [a, b] = [await centre("São Paulo"), await centre("Campinas")];
        return Math.max(
          Math.abs(b.x - a.x - (campinas.x - saoPaulo.x)),
          Math.abs(b.y - a.y - (campinas.y - saoPaulo.y)),
        );
      })
      .toBeLessThanOrEqual(1.5);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("partner map in English: the segments' names in the filter, the legend and the info window; the list's contact links without JavaScript", async () => {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, `${server.url}/en/mapa-parceiros`);
    const english = siteSegments("en/vertice-segments-data.json");
    expect(english.map((s) => s.name)).toEqual([
      "Agribusiness",
      "Manufacturing",
      "Distribution",
      "Retail",
      "Construction",
      "Services",
    ]);
    const options = page.getByLabel("Segment").locator("option");
    expect(await options.allTextContents()).toEqual(["All Segments", ...english.map((s) => s.name)]);
    expect(await page.locator(".map-legend li").allTextContents()).toEqual(english.map((s) => s.name));
    await page.getByLabel("Segment").selectOption("Agribusiness");
    await expect.poll(() => page.locator(".partner-list li").count()).toBe(6);
    await page.getByLabel("Segment").selectOption("");
    const markers = page.locator(".leaflet-marker-icon");
    await expect.poll(() => markers.count()).toBe(32);
    await page.locator('.leaflet-marker-icon[title^="Tocantins Gestão, Palmas – TO"]').focus();
    await page.keyboard.press("Enter");
    const popup = page.locator(".leaflet-popup");
    await popup.waitFor();
    expect(await popup.locator(".partner-popup > *").allTextContents()).toEqual([
      "Tocantins Gestão",
      "Palmas – TO",
      "Services",
      "Expanding",
      "Get in Touch",
      "Chat through Vértice's WhatsApp",
    ]);
    expect(await popup.getByRole("link", { name: "Get in Touch" }).getAttribute("href")).toBe("/en/contato");
    expect(problems).toEqual([]);
    await context.close();

    // The server's list, for visitors without JavaScript: each partner by name, its contact the
    // contact page (whose form keeps the lead), never a WhatsApp number nobody is named to.
    const html = await (await fetch(`${server.url}/mapa-parceiros`)).text();
    const links = [...html.matchAll(/<a\b[^>]*data-opens-chat[^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(32);
    expect(links.every((a) => a.includes('href="/contato"') && a.includes("data-chat-partner="))).toBe(true);
    expect(html).not.toContain('href="https://wa.me/');
    expect(html).toContain("<strong>Campo Forte Consultoria Agro</strong>");
  });

  it("the templates at phone width", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const [pathname, name] of [
      ["/crm", "model1"],
      ["/implantacao", "model2"],
      ["/segmentos/agronegocio", "model4"],
      ["/sobre", "model7"],
      ["/mapa-parceiros", "map"],
      ["/en/politicas", "model3-en"],
    ] as const) {
      await gotoHydrated(page, server.url + pathname);
      await page.locator("h1").first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, pathname).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(screenshots, `${name}-390.png`), fullPage: true });
    }
    await context.close();
  });

  describe("partner map: 'Entrar em Contato' stores one lead naming the partner, then opens WhatsApp", () => {
    let jira: FakeJira;
    let own: ServerProcess;

    beforeAll(async () => {
      jira = await startFakeJira();
      // Its own server: this one sends leads, which the shared one's readers must not see.
      // Tests fill forms faster than a person; the minimum time is checked in the integration tests.
      own = await startServerProcess({ ...jiraEnv(jira), FORM_MIN_FILL_MS: "0" });
    });
    afterAll(async () => {
      await own?.stop();
      await jira?.close();
    });

    it("the partner's own WhatsApp, or the company's for a partner without one, the message and the Jira issue naming the partner (decision 129)", async () => {
      const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
      // The outside world is not reachable here: the chat link answers from this fake instead.
      await context.route(/^https:\/\/(wa\.me|api\.whatsapp\.com)\//, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
      );
      const page = await context.newPage();
      const problems = watchProblems(page);
      await gotoHydrated(page, `${own.url}/mapa-parceiros`);
      await expect.poll(() => page.locator(".leaflet-marker-icon").count()).toBe(32);
      const { partners } = shipped<{ partners: ShippedPartner[] }>("partners-data.json");

      const contactThrough = async (nome: string, visitor: string) => {
        const partner = partners.find((p) => p.nome === nome)!;
        const label = `${partner.nome} (${partner.cidade}/${partner.estado})`;
        await page.locator(`.leaflet-marker-icon[title^="${nome}, "]`).focus();
        await page.keyboard.press("Enter");
        const popup = page.locator(".leaflet-popup", { hasText: nome });
        await popup.waitFor();
        const before = jira.issues.length;
        await popup.getByRole("link", { name: "Entrar em Contato" }).click();
        const dialog = page.getByRole("dialog", { name: `Fale com ${nome}` });
        await dialog.waitFor();
        await dialog.getByText(`Parceiro Vértice em ${partner.cidade} – ${partner.estado}.`).waitFor();
        await dialog.getByLabel("Nome").fill(visitor);
        await dialog.getByLabel("WhatsApp").fill("11987654321");
        const opened = context.waitForEvent("page");
        await dialog.getByRole("button", { name: "Iniciar conversa" }).click();
        await dialog.getByText("WhatsApp aberto! Continue a conversa lá.").waitFor();
        const chat = await opened;
        await chat.waitForURL(/^https:\/\/wa\.me\//);
        const url = new URL(chat.url());
        await chat.close();
        await dialog.waitFor({ state: "hidden" });
        // Exactly one lead, and its issue says whom the visitor asked for.
        await expect.poll(() => jira.issues.length).toBe(before + 1);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(jira.issues.length).toBe(before + 1);
        const issue = jira.issues.at(-1)!;
        return { partner, label, url, issue };
      };

      const ownNumber = await contactThrough("Campo Forte Consultoria Agro", "Ana Souza");
      expect(ownNumber.url.pathname).toBe(`/${ownNumber.partner.contato!.split("/").at(-1)}`);
      expect(ownNumber.url.pathname).toBe("/5564983746093");
      const message = ownNumber.url.searchParams.get("text")!;
      expect(message).toContain(`Quero falar com o parceiro ${ownNumber.label}`);
      expect(message).toMatch(/Olá! Meu nome é Ana Souza\./);
      expect(message).toContain(`(Protocolo ${ownNumber.issue.key})`);
      // The temperature's prefix, then whom for and who (B §9.3's summary, decision 129).
      expect(ownNumber.issue.summary).toMatch(/^\S+ Contato com o parceiro /);
      expect(ownNumber.issue.summary.endsWith(`Contato com o parceiro ${ownNumber.label}: Ana Souza`)).toBe(
        true,
      );
      expect(ownNumber.issue.labels).toEqual(expect.arrayContaining(["whatsapp", "lead"]));
      expect(JSON.stringify(ownNumber.issue.description)).toContain(
        `Contato com o parceiro ${ownNumber.label}: `,
      );
      expect(JSON.stringify(ownNumber.issue.description)).toContain(
        "a conversa abriu no WhatsApp do parceiro (5564983746093).",
      );

      // An expanding partner without a number of its own: the company's WhatsApp, told in the info
      // window, and the message still names the partner for the company to pass on.
      await page.locator('.leaflet-marker-icon[title^="Tocantins Gestão, "]').focus();
      await page.keyboard.press("Enter");
      await page
        .locator(".leaflet-popup", { hasText: "Tocantins Gestão" })
        .getByText("Conversa pelo WhatsApp da Vértice")
        .waitFor();
      const company = await contactThrough("Tocantins Gestão", "Bruno Lima");
      expect(company.partner.contato).toBeUndefined();
      expect(company.url.pathname).toBe("/5562999990000");
      expect(company.url.searchParams.get("text")).toContain(`Quero falar com o parceiro ${company.label}`);
      expect(company.issue.summary.endsWith(`Contato com o parceiro ${company.label}: Bruno Lima`)).toBe(
        true,
      );
      expect(JSON.stringify(company.issue.description)).toContain(
        "a conversa abriu no WhatsApp da empresa: apresente o visitante ao parceiro.",
      );
      expect(problems).toEqual([]);
      await context.close();
    });
  });
});
