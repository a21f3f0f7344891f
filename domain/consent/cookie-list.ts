import { FIRST_TOUCH_COOKIE, FIRST_TOUCH_DAYS } from "../attribution/touch.ts";
import { LANGUAGE_COOKIE } from "../languages.ts";
import { configuredProviders, type MarketingTags, type TagProviderId } from "./providers.ts";

/**
 * Every cookie (and browser storage) the site may set, with its purpose, duration and category
 * (decision 123): the banner's categories and the privacy policy's table are drawn from this one
 * list. A change to it raises COOKIE_LIST_VERSION, and every visitor is asked again.
 */
export const COOKIE_LIST_VERSION = 1;

/** Where the privacy policy lists the cookies (its section drawn from this list). */
export const COOKIE_POLICY_PATH = "/politicas#cookies-e-analytics";

/** The necessary cookie that keeps the visitor's choice (and the anonymous id its record has). */
export const CONSENT_COOKIE = "vertice_consent";
export const CONSENT_DAYS = 365;

export type ConsentCategory = "necessary" | "measurement" | "marketing";

type Text = { pt: string; en: string };

export interface ListedCookie {
  name: string;
  /** Who sets it: the site itself, or a configured tag's provider. */
  provider: "site" | TagProviderId;
  category: ConsentCategory;
  purpose: Text;
  duration: Text;
}

const days = (n: number): Text => ({ pt: `${n} dias`, en: `${n} days` });
const SESSION: Text = { pt: "até fechar a aba", en: "until the tab is closed" };
const YEAR: Text = { pt: "1 ano", en: "1 year" };

export const COOKIE_LIST: readonly ListedCookie[] = [
  {
    name: CONSENT_COOKIE,
    provider: "site",
    category: "necessary",
    purpose: {
      pt: "Guarda a sua escolha sobre cookies e o identificador anônimo do registro dela.",
      en: "Keeps your cookie choice and the anonymous id of its record.",
    },
    duration: days(CONSENT_DAYS),
  },
  {
    name: "session",
    provider: "site",
    category: "necessary",
    purpose: {
      pt: "Mantém a sessão de quem entra na área do cliente ou na administração.",
      en: "Keeps the session of who signs in to the customer area or the admin.",
    },
    duration: {
      pt: "até fechar o navegador, ou 30 dias com “Lembrar de mim”",
      en: "until the browser closes, or 30 days with “Remember me”",
    },
  },
  {
    name: "preview",
    provider: "site",
    category: "necessary",
    purpose: {
      pt: "Só para a equipe da Vértice: mostra o rascunho de uma página antes de publicá-la.",
      en: "Vértice staff only: shows a page's draft before it is published.",
    },
    duration: SESSION,
  },
  {
    name: LANGUAGE_COOKIE,
    provider: "site",
    category: "necessary",
    purpose: { pt: "Lembra o idioma que você escolheu.", en: "Remembers the language you chose." },
    duration: YEAR,
  },
  {
    name: "vertice-lead-outbox",
    provider: "site",
    category: "necessary",
    purpose: {
      pt: "Armazenamento local: guarda um formulário enviado sem conexão até ele chegar.",
      en: "Local storage: keeps a form sent while offline until it arrives.",
    },
    duration: { pt: "até o envio, no máximo 7 dias", en: "until it is sent, 7 days at most" },
  },
  {
    name: "vertice-utm",
    provider: "site",
    category: "necessary",
    purpose: {
      pt: "Armazenamento da sessão: as etiquetas de campanha (UTM) da visita, enviadas com o formulário.",
      en: "Session storage: the visit's campaign tags (UTM), sent with the form.",
    },
    duration: SESSION,
  },
  {
    name: FIRST_TOUCH_COOKIE,
    provider: "site",
    category: "measurement",
    purpose: {
      pt: "Lembra a origem da sua primeira visita (campanha, site de origem, página de entrada), sem dados pessoais.",
      en: "Remembers where your first visit came from (campaign, referring site, landing page), with no personal data.",
    },
    duration: days(FIRST_TOUCH_DAYS),
  },
  {
    name: "_ga, _ga_*",
    provider: "ga4",
    category: "measurement",
    purpose: {
      pt: "Google Analytics: distingue visitantes para medir visitas e páginas, com dados agregados.",
      en: "Google Analytics: tells visitors apart to measure visits and pages, in aggregate.",
    },
    duration: { pt: "2 anos", en: "2 years" },
  },
  {
    name: "_ga, _gcl_au",
    provider: "gtm",
    category: "measurement",
    purpose: {
      pt: "Google Tag Manager: as tags que ele carrega medem visitas e conversões.",
      en: "Google Tag Manager: the tags it loads measure visits and conversions.",
    },
    duration: days(90),
  },
  {
    name: "_clck, _clsk",
    provider: "clarity",
    category: "measurement",
    purpose: {
      pt: "Microsoft Clarity: mapas de calor e gravações de sessão com os campos de formulário mascarados.",
      en: "Microsoft Clarity: heatmaps and session recordings with form fields masked.",
    },
    duration: YEAR,
  },
  {
    name: "_fbp",
    provider: "metaPixel",
    category: "marketing",
    purpose: {
      pt: "Meta Pixel: mede os resultados dos anúncios no Facebook e no Instagram.",
      en: "Meta Pixel: measures the results of ads on Facebook and Instagram.",
    },
    duration: days(90),
  },
  {
    name: "li_sugr, lidc, bcookie",
    provider: "linkedIn",
    category: "marketing",
    purpose: {
      pt: "LinkedIn Insight: mede os resultados dos anúncios no LinkedIn.",
      en: "LinkedIn Insight: measures the results of ads on LinkedIn.",
    },
    duration: days(90),
  },
];

/** The cookies this site sets with these tags configured: its own and the configured providers'. */
export function cookiesInUse(tags: MarketingTags): ListedCookie[] {
  const providers = new Set<string>(configuredProviders(tags));
  return COOKIE_LIST.filter((cookie) => cookie.provider === "site" || providers.has(cookie.provider));
}

/**
 * The version a choice is made against: the list's, and the providers configured (a tag turned on
 * sets cookies the visitor was not told of, so everyone is asked again).
 */
export function consentVersion(tags: MarketingTags): string {
  const providers = configuredProviders(tags);
  return providers.length ? `${COOKIE_LIST_VERSION}:${providers.join("+")}` : String(COOKIE_LIST_VERSION);
}

/** A row of the privacy policy's cookie table, in the reader's language. */
export interface CookieRow {
  name: string;
  purpose: string;
  duration: string;
  category: string;
}

const CATEGORY_NAMES: Record<ConsentCategory, Text> = {
  necessary: { pt: "Necessários", en: "Necessary" },
  measurement: { pt: "Medição", en: "Measurement" },
  marketing: { pt: "Marketing", en: "Marketing" },
};

/** The table's rows for these tags, necessary ones first. */
export function cookieRows(tags: MarketingTags, language: "pt" | "en"): CookieRow[] {
  const order: ConsentCategory[] = ["necessary", "measurement", "marketing"];
  return cookiesInUse(tags)
    .sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category))
    .map((cookie) => ({
      name: cookie.name,
      purpose: cookie.purpose[language],
      duration: cookie.duration[language],
      category: CATEGORY_NAMES[cookie.category][language],
    }));
}

/** A page's content with each cookie table filled with these rows (the same object when it has none). */
export function fillCookieTables<T>(value: T, rows: CookieRow[]): T {
  const fill = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(fill);
    if (item && typeof item === "object") {
      if ((item as { type?: unknown }).type === "cookie-table")
        return { type: "cookie-table", cookies: rows };
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, fill(inner)]));
    }
    return item;
  };
  return fill(value) as T;
}

/** Whether a content value has a cookie table (only then are the tags read). */
export function hasCookieTable(value: unknown): boolean {
  return JSON.stringify(value).includes('"type":"cookie-table"');
}
