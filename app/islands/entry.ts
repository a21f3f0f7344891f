import { showMissingImages } from "~/browser/media.ts";
import { needsReplay } from "./replay.ts";

/**
 * The island loader (decision 114): the only script an island page asks for, a few hundred bytes
 * with no React in it. The page is drawn and its LCP element loaded before any island code is
 * fetched; then React and each island's chunk come, and an island is hydrated when it comes near
 * the screen, or at once when the visitor touches it, whichever is first. Nothing the visitor does
 * meanwhile is lost: links work as HTML, a form sent waits for its island, a click on a button of
 * an island not yet hydrated is played again once it is, and typed text stays (hydrate.tsx).
 */

type HydrateModule = typeof import("./hydrate.tsx");

/** Where each island is: waiting for its turn, handed to React (whose event replay takes over). */
const handedToReact = new WeakSet<HTMLElement>();
const started = new Map<HTMLElement, Promise<void>>();
/** Clicks on an island before React had it, played again once it has (a menu button, an arrow). */
const clicksToReplay = new Map<HTMLElement, HTMLElement[]>();

let react: Promise<HydrateModule> | null = null;
const reactSide = () => {
  react ??= import("./hydrate.tsx");
  return react;
};

function hydrate(island: HTMLElement): Promise<void> {
  let running = started.get(island);
  if (!running) {
    // The island's chunk and React's side load together.
    const name = island.dataset.island ?? "";
    running = reactSide()
      .then(async (side) => {
        const Component = await side.loadIsland(name);
        if (!Component) return;
        handedToReact.add(island);
        const hydrated = side.hydrateIsland(island, Component);
        for (const target of clicksToReplay.get(island) ?? []) if (target.isConnected) target.click();
        clicksToReplay.delete(island);
        await hydrated;
        island.dataset.islandHydrated = "true";
      })
      .catch((error: unknown) => {
        // One island that fails leaves the others (and the page's HTML) working.
        console.error(`island ${name}`, error);
      });
    started.set(island, running);
  }
  return running;
}

/** The first touch of an island hydrates it at once; a click before React has it is kept. */
function onInteraction(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const island = target?.closest<HTMLElement>("[data-island]");
  if (!target || !island || handedToReact.has(island)) return;
  if (event.type === "click") {
    const replayed = needsReplay(target);
    if (replayed) clicksToReplay.set(island, [...(clicksToReplay.get(island) ?? []), replayed]);
  }
  void hydrate(island);
}
for (const type of ["pointerdown", "touchstart", "keydown", "focusin", "click", "input"])
  document.addEventListener(type, onInteraction, { capture: true, passive: true });

/** How long a form sent before its island is hydrated waits for it before going as plain HTML. */
const SUBMIT_HOLD_MS = 5_000;
/** Forms held until their island is hydrated; those let through to go as plain HTML posts. */
const heldForms = new WeakSet<HTMLFormElement>();
const sentAsHtml = new WeakSet<HTMLFormElement>();

/**
 * A form sent before React has its island (typed fast, or on a slow phone) waits for it and is then
 * sent by the form's own code, with its challenge: sent as plain HTML it would take the no-JavaScript
 * confirmation step (decision 122). The island failing to load, or taking too long, lets the HTML
 * post go, so the submission is never lost.
 */
function onSubmitBeforeHydration(event: SubmitEvent): void {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  const island = form?.closest<HTMLElement>("[data-island]");
  if (!form || !island || island.dataset.islandHydrated === "true" || sentAsHtml.has(form)) return;
  event.preventDefault();
  if (heldForms.has(form)) return;
  heldForms.add(form);
  const submitter = event.submitter;
  let settled = false;
  const send = (asHtml: boolean) => {
    if (settled) return;
    settled = true;
    heldForms.delete(form);
    if (asHtml) sentAsHtml.add(form);
    if (!form.isConnected) return;
    const button = submitter?.isConnected && submitter.closest("form") === form ? submitter : null;
    form.requestSubmit(button);
  };
  setTimeout(() => send(true), SUBMIT_HOLD_MS);
  // In a task of its own: a form still firing this submission ignores a new one (HTML's submit algorithm).
  void hydrate(island)
    .then(nextTask)
    .then(() => send(island.dataset.islandHydrated !== "true"));
}
document.addEventListener("submit", onSubmitBeforeHydration, { capture: true });

/** After the page's load (its stylesheet, fonts and images, the LCP element with them). */
function loaded(): Promise<void> {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
}

/**
 * After the work the browser has queued (a background task: below input and rendering), else when
 * it is idle. Not a timer, nor an idle callback where a background task exists: a page whose
 * timers are held (a test's paused clock, a background tab) must still become interactive.
 */
function idle(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { postTask?: SchedulerPostTask } }).scheduler;
  if (typeof scheduler?.postTask === "function")
    return scheduler.postTask(() => {}, { priority: "background" });
  if (typeof requestIdleCallback === "function")
    return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 1_000 }));
  return nextTask();
}
type SchedulerPostTask = (task: () => void, options: { priority: "background" }) => Promise<void>;

/** Yields to the browser (input, paint) before the next piece of work. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * The island's boxes: its wrapper is `display: contents` (no box of its own), so the screen is
 * asked about its children. An island that draws nothing yet (a popup) counts as in view.
 */
function boxesOf(island: HTMLElement): Element[] {
  return [...island.children].filter((child) => !(child instanceof HTMLScriptElement));
}

async function start(): Promise<void> {
  // Before any island: the page's static images that failed show 'Imagem não disponível'.
  showMissingImages(document);
  await loaded();
  await idle();
  const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  const ownerOf = new Map<Element, HTMLElement>();
  const inView = await new Promise<Set<HTMLElement>>((resolve) => {
    let first = true;
    const seen = new Set<HTMLElement>();
    // Near the screen: 300 px ahead, so a part is ready by the time it scrolls in.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const island = ownerOf.get(entry.target);
          if (!island || !entry.isIntersecting) continue;
          if (first) seen.add(island);
          else void hydrate(island);
          for (const box of boxesOf(island)) observer.unobserve(box);
        }
        if (first) {
          first = false;
          resolve(seen);
        }
      },
      { rootMargin: "300px 0px" },
    );
    for (const island of islands) {
      const boxes = boxesOf(island);
      if (boxes.length === 0) seen.add(island);
      for (const box of boxes) {
        ownerOf.set(box, island);
        observer.observe(box);
      }
    }
    if (ownerOf.size === 0) resolve(seen);
  });
  // The parts in view, in page order (the header first), each in a task of its own: one long task
  // for all of them kept a slow phone's main thread busy (Lighthouse's TBT).
  for (const island of islands) {
    if (!inView.has(island)) continue;
    await hydrate(island);
    await nextTask();
  }
  // The page is interactive from here: tests (and styles) can tell a hydrated page from its HTML.
  document.documentElement.dataset.hydrated = "true";
  (await reactSide().catch(() => null))?.afterFirstIslands();
}

void start();
