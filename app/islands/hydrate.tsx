import { hydrateRoot } from "react-dom/client";
import { trackPageView } from "~/lib/analytics.ts";
import { documentFormToken, FormTokenContext } from "~/lib/forms/form-token.ts";
import { showMissingImages } from "~/lib/media.ts";
import { flushOutbox } from "~/lib/outbox.ts";
import type { IslandName } from "./names.ts";
import { islandModules } from "./registry.ts";

/**
 * The browser's side of an island page (decision 108): each `[data-island]` element is hydrated
 * with its component and the props the server wrote beside it. Built by scripts/build-islands.ts
 * with `react` and `react-dom` standing for Preact's compat layer and `react-router` for
 * router-shim.tsx; the admin, the portal and the sign-in pages keep React Router (entry.client.tsx).
 */
async function hydrateIsland(element: HTMLElement, formToken: string): Promise<void> {
  const load = islandModules[element.dataset.island as IslandName];
  const data = element.nextElementSibling;
  if (!load || !(data instanceof HTMLScriptElement) || !data.hasAttribute("data-island-props")) return;
  const Component = await load();
  hydrateRoot(
    element,
    <FormTokenContext.Provider value={formToken}>
      <Component {...JSON.parse(data.textContent ?? "{}")} />
    </FormTokenContext.Provider>,
  );
}

/**
 * Yields to the browser (input, paint) before the next piece of work: `scheduler.yield()` where the
 * browser has it, else a message to itself. Not a timer: a page whose timers are held (a test's
 * paused clock, a background tab's throttling) must still become interactive.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function start(): Promise<void> {
  // Before any island: the page's static images that failed show 'Imagem não disponível'.
  showMissingImages(document);
  const formToken = documentFormToken();
  const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  // Every island's code is fetched at once (the page asked for it with modulepreload)...
  const loading = islands.map((element) => islandModules[element.dataset.island as IslandName]?.());
  // ...and each is hydrated in a task of its own, in page order (the header first): one long task
  // for all of them kept the main thread busy for 110 ms on a slow phone (Lighthouse's TBT 60 ms).
  for (const [index, element] of islands.entries()) {
    await loading[index]?.catch(() => {});
    await hydrateIsland(element, formToken).catch((error: unknown) => {
      // One island that fails leaves the others (and the page's HTML) working.
      console.error(`island ${element.dataset.island}`, error);
    });
    await nextTask();
  }
  // The page is interactive from here: tests (and styles) can tell a hydrated page from its HTML.
  document.documentElement.dataset.hydrated = "true";
  trackPageView({
    title: document.title,
    location: window.location.href,
    segment: document.documentElement.dataset.segment ?? null,
    route: window.location.pathname,
  });
  // Web Vitals, the visit's touches and the funnel's beacon: a chunk of their own, after the page
  // (decisions 104, 105).
  void import("~/lib/after-page.ts").then(
    (after) => after.afterPage(),
    () => {},
  );
  // Submissions an earlier page view could not send go now (same request keys: stored once).
  void flushOutbox();
}

void start();
