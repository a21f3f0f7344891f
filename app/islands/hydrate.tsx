import { trackPageView } from "@domain/analytics.ts";
import { type ComponentType, type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { flushOutbox } from "~/browser/outbox.ts";
import type { IslandName } from "./names.ts";
import { islandModules } from "./registry.ts";

/**
 * React's side of an island page (decision 114), loaded by the island loader (entry.ts) once the
 * page is drawn: React's runtime comes with it, in a chunk of its own that every public page
 * shares. Each island is hydrated with `hydrateRoot` on its own element, with its component and the
 * props the server wrote beside it.
 */

/** An island's component: its chunk and what it imports, loaded. */
export async function loadIsland(name: string): Promise<IslandComponent | null> {
  return ((await islandModules[name as IslandName]?.()) as IslandComponent | undefined) ?? null;
}

/** An island's component, given the props its server render wrote (checked where it is defined). */
// biome-ignore lint/suspicious/noExplicitAny: the props are the page's JSON
type IslandComponent = ComponentType<any>;

/**
 * Hands one island to React: `hydrateRoot` is called before this returns (so React's event replay
 * covers a click from then on), and the promise resolves once React has committed it. Fields the
 * visitor typed into before that keep what they typed, and the component learns it (syncTypedFields).
 */
export function hydrateIsland(element: HTMLElement, Component: IslandComponent): Promise<void> {
  const data = element.nextElementSibling;
  if (!(data instanceof HTMLScriptElement) || !data.hasAttribute("data-island-props"))
    return Promise.resolve();
  let committed = () => {};
  const hydrated = new Promise<void>((resolve) => {
    committed = resolve;
  });
  // A transition: React hydrates in slices of a few milliseconds, so a slow phone's main thread
  // stays free for input (a click meanwhile hydrates its part at once: React's event replay).
  startTransition(() => {
    hydrateRoot(
      element,
      <Committed then={committed}>
        <Component {...JSON.parse(data.textContent ?? "{}")} />
      </Committed>,
    );
  });
  // After the commit's effects, outside React's work (an event dispatched inside it is not rendered).
  return hydrated.then(() => syncTypedFields(element));
}

/** Calls `then` once the tree under it is committed (hydrated), and never again. */
function Committed({ then, children }: { then: () => void; children: ReactNode }) {
  // Once, at the commit of the hydration.
  useEffect(() => then(), []);
  return children;
}

/**
 * What the visitor typed or chose before the island was hydrated stays on the screen (React keeps
 * a hydrated field's value), but the component's state still holds the server's: tell it, with the
 * events it listens to, so the next render or the submission does not wipe or miss it. Every field
 * is read first: the render that follows the first one told sets the others back to their state.
 * React's change detection compares a field with the value it last saw, which it learns through
 * the element's own `value`/`checked` setter; the prototype's setter changes the field without
 * telling it.
 */
export function syncTypedFields(root: HTMLElement): void {
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    "input, textarea, select",
  );
  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  const changed = [...fields].flatMap((field): Array<{ field: Field; value: string; checked: boolean }> => {
    if (field instanceof HTMLSelectElement)
      return [...field.options].some((option) => option.selected !== option.defaultSelected)
        ? [{ field, value: field.value, checked: false }]
        : [];
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"))
      // A radio group's choice is told by the radio now chosen.
      return field.checked !== field.defaultChecked && (field.type === "checkbox" || field.checked)
        ? [{ field, value: field.value, checked: field.checked }]
        : [];
    return field.type !== "hidden" && field.type !== "file" && field.value !== field.defaultValue
      ? [{ field, value: field.value, checked: false }]
      : [];
  });
  for (const { field, value, checked } of changed) {
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      field.checked = !checked;
      // A click sets it back and is the event React listens to for these.
      field.click();
    } else {
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

/** Once the page's first islands are hydrated: the page view, the after-page chunk, the outbox. */
export function afterFirstIslands(): void {
  trackPageView({
    title: document.title,
    location: window.location.href,
    segment: document.documentElement.dataset.segment ?? null,
    route: window.location.pathname,
  });
  // Web Vitals, the visit's touches and the funnel's beacon: a chunk of their own, after the page
  // (decisions 104, 105).
  void import("~/browser/after-page.ts").then(
    (after) => after.afterPage(),
    () => {},
  );
  // Submissions an earlier page view could not send go now (same request keys: stored once).
  void flushOutbox();
}
