import { randomUUID } from "node:crypto";
import { FUNNEL_PATH } from "@domain/funnel/events.ts";
import { LEAD_INTAKE_PATH } from "@server/http/lead-intake.ts";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "@server/mail/unsubscribe-links.ts";
import routes from "~/routes.ts";

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every route of app/routes.ts with its full path pattern, nested routes included. */
function flatten(list: RouteEntry[], prefix = ""): { path: string; file: string }[] {
  return list.flatMap((route) => {
    const path = route.index ? prefix : [prefix, route.path ?? ""].filter(Boolean).join("/");
    return [{ path: `/${path}`, file: route.file }, ...flatten(route.children ?? [], path)];
  });
}

/** Endpoints Express answers itself, before React Router (server/app.ts), with the module that does. */
const serverEndpoints = [
  { path: LEAD_INTAKE_PATH, file: "server/http/lead-intake.ts" },
  { path: FUNNEL_PATH, file: "server/http/funnel-beacon.ts" },
  { path: ONE_CLICK_UNSUBSCRIBE_PATH, file: "server/http/newsletter-unsubscribe.ts" },
];

/**
 * Every endpoint: the route table, less the /pt, /en and /es copies of public pages (same module,
 * same rules), and the endpoints the server answers before it.
 */
export const routeTable = [
  ...flatten(routes as RouteEntry[]).filter((route) => !/^\/(pt|en|es)(\/|$)/.test(route.path)),
  ...serverEndpoints,
];

/** A value for each route parameter that reaches the route's own code. */
const PARAMS: Record<string, string> = {
  docname: "hero-section-data",
  filename: "plans-data.json",
  version: "1",
  key: "default:menu_data:pt",
  file: "menu_data.json",
  id: randomUUID(),
  slug: "como-escolher-um-erp",
  planId: "basico",
  // The demo company (a local trial's) and an integration of the catalogue.
  cnpj: "12ABC34501DE35",
  integrationId: "itau",
  "*": "sobre",
};

/** A path of the pattern that can be requested. */
export function concretePath(pattern: string): string {
  return pattern.replace(
    /:(\w+)\??|\*/g,
    (match, name?: string) => PARAMS[name ?? "*"] ?? PARAMS[match] ?? "x",
  );
}

/**
 * The pages a visitor can load, one concrete path each: no API, data, feed, account or admin route
 * (an invitation, /convite/{token}, is an account page: without a real token it is a 404; /conta is
 * the two-factor set-up of a signed-in person).
 */
export const publicPages = [
  ...new Set(
    routeTable
      .filter(
        (route) =>
          !/^\/(api|data)\/|\.(xml|txt|csv)$|^\/(admin|user|dashboard|conta\/|logout|convite)/.test(
            route.path,
          ),
      )
      .map((route) => concretePath(route.path)),
  ),
];
