import { trackPageView } from "@domain/analytics.ts";
import { chatVisibleOn } from "@domain/chat.ts";
import { COOKIE_POLICY_PATH, consentVersion } from "@domain/consent/cookie-list.ts";
import { CONSENT_CONFIG_ID, type ConsentPageConfig, consentConfigJson } from "@domain/consent/page-config.ts";
import { messagesFor } from "@domain/i18n.ts";
import { htmlLang, isLoginPath, livesAtRoot, type OfferedLanguage } from "@domain/locale.ts";
import { isBare, isStandalone, pageLanguage, type RouteHandle } from "@domain/route-handle.ts";
import type { ShellData } from "@domain/shell.ts";
import { loadData, loadedOrNull, loadSection } from "@server/content/load.ts";
import type { ContentQuery } from "@server/content/service.ts";
import { currentUser } from "@server/http/auth-guard.ts";
import { sectionsFor } from "@server/http/sections.ts";
import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { languageRedirectScript } from "~/browser/language-redirect.ts";
import { flushOutbox } from "~/browser/outbox.ts";
import { SiteFooter } from "~/components/SiteFooter.tsx";
import { Chat } from "~/islands/chat.tsx";
import { Header } from "~/islands/header.tsx";
import { IslandScripts, useIslandPage } from "~/islands/island.tsx";
import { seoForHost } from "~/seo/head.ts";
import { siteBaseUrl } from "~/seo/sitemap.ts";
import type { Route } from "./+types/root";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request: httpRequest, context }: Route.LoaderArgs) {
  const { services, request } = context;
  const query: ContentQuery = { segment: request.segment, lang: request.language };
  const sections = sectionsFor(context);
  const [menu, footer, chat, user, seo, tags] = await Promise.all([
    loadSection(sections, "menu_data", query),
    loadSection(sections, "footer-data", query),
    loadData(sections, "form-whatsapp", () => services.forms.get("whatsapp", query)),
    currentUser(httpRequest, context),
    loadSection(sections, "seo-config", query),
    // The configured marketing tags: a failed read loads none (decision 123).
    services.marketingTags.current().catch(() => ({})),
  ]);
  const chatForm = loadedOrNull(chat);
  const seoDoc = loadedOrNull(seo);
  const shell: ShellData = { menu, footer };
  return data({
    ...shell,
    chat: chatForm?.success.urgentContact
      ? { whatsapp: chatForm.success.urgentContact.whatsapp, privacyUrl: chatForm.privacy.linkUrl }
      : null,
    language: request.uiLanguage,
    pathLanguage: request.pathLanguage,
    // The browser's language may choose only when the site configures no default (A §4).
    browserMayChooseLanguage: request.languageSource === "fallback",
    segment: request.segment,
    // Page-head configuration of this host (A §3, §9), read by every route's meta.
    seo: seoDoc ? seoForHost(seoDoc, request.segment) : null,
    baseUrl: siteBaseUrl(services.config.publicBaseUrl, request.segment) ?? services.config.publicBaseUrl,
    mainBaseUrl: services.config.publicBaseUrl,
    segmentName: request.segment ? (services.domains.subdomains[request.segment]?.name ?? null) : null,
    year: new Date().getFullYear(),
    account: user ? { name: user.name, home: user.role === "customer" ? "/dashboard" : "/admin" } : null,
    // The cookie choice's block, the same for every visitor (decision 123).
    consent: {
      version: consentVersion(tags),
      lang: request.uiLanguage,
      policyUrl: `${request.pathLanguage ? `/${request.pathLanguage}` : ""}${COOKIE_POLICY_PATH}`,
      tags,
    } satisfies ConsentPageConfig,
  });
}

/**
 * The shell's data (the header's account button) is read again when the visitor leaves the login
 * page: a sign-in through the API sets the session cookie without a form action.
 */
export function shouldRevalidate({ currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isLoginPath(currentUrl.pathname) || defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // A bare area (the admin, decision 098) is in Portuguese whatever the visitor's language; a
  // standalone page in the language its loader chose.
  const matches = useMatches();
  const language: OfferedLanguage = isBare(matches)
    ? "pt"
    : ((isStandalone(matches) ? pageLanguage(matches) : null) ?? root?.language ?? "pt");
  const islandPage = useIslandPage();
  const { pathname } = useLocation();
  // An address without a language prefix answers the same to everyone; the saved choice (or the
  // browser's language) takes the visitor to its prefix from here (decision 122).
  const redirect =
    root && !root.pathLanguage && !isBare(matches) && !livesAtRoot(pathname)
      ? languageRedirectScript(root.language, root.browserMayChooseLanguage)
      : null;
  return (
    <html lang={htmlLang(language)} data-segment={root?.segment ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        {redirect && <script dangerouslySetInnerHTML={{ __html: redirect }} />}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {islandPage && root?.consent && (
          <script
            type="application/json"
            id={CONSENT_CONFIG_ID}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with < escaped (consentConfigJson).
            dangerouslySetInnerHTML={{ __html: consentConfigJson(root.consent) }}
          />
        )}
        {islandPage ? (
          // An island page (decision 108): its islands' scripts instead of React Router's.
          <IslandScripts />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The site's shell around every page: header, footer and chat. Shown without them: the login page
 * (A §2: it stands alone), routes whose handle says `standalone` (the two-factor set-up) and those
 * whose handle says `bare` (the admin area draws its own shell, decision 098).
 */
export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const t = messagesFor(loaderData.language);
  // A page_view per navigation (A §7), after the new page's title is set.
  useEffect(() => {
    trackPageView({
      title: document.title,
      location: window.location.href,
      segment: loaderData.segment,
      route: pathname,
    });
  }, [pathname, loaderData.segment]);
  useEffect(() => {
    // The page is interactive from here: tests (and styles) can tell a hydrated page from its HTML.
    document.documentElement.dataset.hydrated = "true";
    // Web Vitals, the visit's touches and the funnel's beacon: a chunk of their own, after the page
    // (decisions 104, 105).
    void import("~/browser/after-page.ts").then(
      (after) => after.afterPage(),
      () => {},
    );
    // Submissions an earlier page view could not send go now (same request keys: stored once).
    void flushOutbox();
  }, []);
  // The login page has no header or footer (A §2).
  if (isLoginPath(pathname) || isStandalone(matches) || isBare(matches)) return <Outlet />;
  const hideChat = matches.some((m) => (m.handle as RouteHandle | undefined)?.hideChat);
  const showChat = loaderData.chat && !hideChat && chatVisibleOn(pathname);
  return (
    <>
      <a href="#conteudo" className="skip-link">
        {t.skipToContent}
      </a>
      <Header menu={loaderData.menu} language={loaderData.language} account={loaderData.account} />
      <main id="conteudo" tabIndex={-1} aria-busy={navigation.state === "loading" || undefined}>
        {navigation.state === "loading" && (
          // The loading state of A §2 while the next page's data arrives (client navigation).
          <p className="page-loading" role="status">
            <span className="spinner" aria-hidden="true" /> {t.loading}
          </p>
        )}
        <Outlet />
      </main>
      <SiteFooter
        footer={loaderData.footer}
        menu={loaderData.menu}
        year={loaderData.year}
        language={loaderData.language}
        t={t}
      />
      {showChat && loaderData.chat && (
        <Chat
          language={loaderData.language}
          whatsapp={loaderData.chat.whatsapp}
          privacyUrl={loaderData.chat.privacyUrl}
        />
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  const t = messagesFor(root?.language ?? "pt");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="conteudo" className="error-page">
      <h1>{notFound ? t.notFoundTitle : t.errorTitle}</h1>
      <p>{t.errorText}</p>
      <p>
        <a href="/" className="button button--primary">
          {t.backHome}
        </a>
      </p>
    </main>
  );
}
