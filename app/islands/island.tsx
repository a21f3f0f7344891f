import { type ComponentType, createContext, type ReactNode, useContext } from "react";
import type { IslandManifest } from "./manifest.ts";
import type { IslandName } from "./names.ts";

/**
 * Islands (decision 108): the public pages are rendered whole on the server and, in the browser,
 * only their interactive parts are hydrated by React, each on its own element (app/islands/entry.ts
 * loads them, hydrate.tsx hydrates them: decision 114). A part is marked by rendering it
 * through `defineIsland`: on an island page its HTML goes inside a `<div data-island>` followed by
 * its props as JSON (a data block, never executed, so the CSP stays without inline scripts).
 */

/** The islands a page rendered, collected during its render for the scripts at the end of the body. */
export class IslandsOnPage {
  readonly names = new Set<IslandName>();
  constructor(readonly manifest: IslandManifest) {}
}

/** Present only while an island page is rendered on the server (entry.server.tsx). */
export const IslandsContext = createContext<IslandsOnPage | null>(null);

/** Whether this render is an island page's (no React Router in the browser). */
export function useIslandPage(): boolean {
  return useContext(IslandsContext) !== null;
}

/** JSON safe inside `<script type="application/json">`: nothing in it can close the element. */
export function islandJson(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The component each island name renders on the server, to check the browser's registry against. */
const defined = new Map<IslandName, ComponentType<never>>();

export function componentOfIsland(name: IslandName): ComponentType<never> | undefined {
  return defined.get(name);
}

/**
 * The component of an island as its pages render it. Its props must be plain JSON (the browser gets
 * them from the page); anything the component needs beyond that (texts by language, a form's
 * challenge, fetched when it is touched) it derives itself. Outside an island page (a page React Router hydrates whole) it is the plain
 * component.
 */
export function defineIsland<P extends object>(name: IslandName, Component: ComponentType<P>) {
  defined.set(name, Component as ComponentType<never>);
  function Island(props: P): ReactNode {
    const page = useContext(IslandsContext);
    if (!page) return <Component {...props} />;
    page.names.add(name);
    return (
      <>
        <div data-island={name} className="island">
          <Component {...props} />
        </div>
        <script
          type="application/json"
          data-island-props=""
          dangerouslySetInnerHTML={{ __html: islandJson(props) }}
        />
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/**
 * The script of an island page, at the end of its body: the loader alone (entry.ts, decision 114).
 * It fetches React and the islands' chunks itself once the page is drawn, so nothing here competes
 * with the stylesheet, the fonts and the LCP image.
 */
export function IslandScripts() {
  const page = useContext(IslandsContext);
  if (!page) return null;
  return <script type="module" src={page.manifest.entry} />;
}
