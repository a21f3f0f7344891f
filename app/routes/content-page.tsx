import { cookieRows, fillCookieTables, hasCookieTable } from "@domain/consent/cookie-list.ts";
import { pageTexts } from "@domain/content/page-texts.ts";
import { aboutUsFallback, findPage, MAP_TEMPLATES, mayView, pageSearchTexts } from "@domain/content/pages.ts";
import type { CampaignForm } from "@domain/content/pages-schema.ts";
import { FORM_HOME_PATH } from "@domain/forms/form-paths.ts";
import { splitLanguagePrefix } from "@domain/locale.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { loadData, loadSection } from "@server/content/load.ts";
import { currentUser, requirePageUser } from "@server/http/auth-guard.ts";
import { sectionsFor } from "@server/http/sections.ts";
import { fillRetentionPeriod, mentionsRetentionPeriod } from "@server/privacy/policy-text.ts";
import { data, replace } from "react-router";
import { PageMediaProvider } from "~/components/ContentImage.tsx";
import type { CampaignFormData } from "~/content-pages/Campaign.tsx";
import { ContentPageView } from "~/content-pages/ContentPageView.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import { routeHead } from "~/seo/route-head.ts";
import type { Route } from "./+types/content-page";

export const headers = passOnHeaders;

/** Public pages are the same for every anonymous visitor; a private one redirects them (never a 200 to keep). */
export const handle: RouteHandle = { pageCache: true, islands: true };

/**
 * Any other path (B §2.1, §2.3): the content page with that path, drawn by its template; private
 * pages only for signed-in visitors. When the pages document cannot be loaded, the built-in About
 * Us page stands in (A §3). A path with no page goes home, replacing the history entry.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The path without its language prefix; an area that lives only at the root (/en/dashboard) is
  // moved there before this (server/http/language-routes.ts).
  const { path } = splitLanguagePrefix(new URL(request.url).pathname);

  const { request: info } = context;
  const query = { segment: info.segment, lang: info.language };
  const sections = sectionsFor(context);
  const pages = await loadSection(sections, "pages-data", query);
  const available = pages.status === "loaded" ? pages.data.pages : [aboutUsFallback(info.uiLanguage)];
  const found = findPage(available, path);
  // Home, under the page's language prefix (React Router's basename puts it in the redirect).
  if (!found) throw replace("/");
  // The privacy policy states the lead retention period staff set (decision 111).
  const withPeriod = mentionsRetentionPeriod(found.content)
    ? fillRetentionPeriod(found, await context.services.privacySettings.retentionMonths())
    : found;
  // Its cookie table lists the cookies the site sets with the tags staff turned on (decision 123).
  const page = hasCookieTable(withPeriod.content)
    ? fillCookieTables(
        withPeriod,
        cookieRows(await context.services.marketingTags.current(), info.uiLanguage === "en" ? "en" : "pt"),
      )
    : withPeriod;
  // Only a private page needs to know who is asking: public pages cost no session lookup.
  const signedIn = page.isPublic || (await currentUser(request, context)) !== null;
  if (!mayView(page, signedIn)) await requirePageUser(request, context);

  // The map's segments are the site's (decision 129): named in the page's language by its segments document.
  const [partners, segments] = MAP_TEMPLATES.has(page.template)
    ? await Promise.all([
        loadData(
          sections,
          "partners-data",
          async () => (await context.services.content.get("partners-data", query))?.data.partners ?? [],
        ),
        loadSection(sections, "vertice-segments-data", query),
      ])
    : [null, null];
  return data(
    {
      page,
      campaignForm:
        page.template === "campanha" ? await campaignFormOf(page.content.leadForm?.form, context) : null,
      partners: partners?.status === "loaded" ? partners.data : [],
      segments:
        segments?.status === "loaded"
          ? segments.data.segments.map(({ id, name }) => ({ id: String(id), name }))
          : [],
      language: info.uiLanguage,
      // A public tile address for the map (not a secret); without one the map draws the shipped outline.
      tileUrl: MAP_TEMPLATES.has(page.template) ? (context.services.config.MAP_TILE_URL ?? null) : null,
      // The library's srcset, alt text and focal point of the page's images (decision 099).
      media: await context.services.media.forPage(page.content, info.uiLanguage),
    },
    // A private page is personal: never kept by a shared cache.
    { headers: { "Cache-Control": page.isPublic ? "public, max-age=60" : "private, no-store" } },
  );
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [{ title: SITE_NAME }];
  const search = pageSearchTexts(data.page);
  const head = routeHead(matches, location.pathname, "default", search);
  // Private pages, and pages staff marked "não indexar" (campaigns, decision 133).
  const robots = data.page.isPublic && !data.page.noindex ? [] : [{ name: "robots", content: "noindex" }];
  return [
    ...(head.length
      ? head
      : [{ title: `${search.title} | ${SITE_NAME}` }, { name: "description", content: search.description }]),
    ...robots,
  ];
}

/** The form a campaign page holds, read as its own page reads it (null when none is chosen). */
async function campaignFormOf(
  key: CampaignForm | undefined,
  context: Route.LoaderArgs["context"],
): Promise<CampaignFormData> {
  if (!key) return null;
  const query = { segment: context.request.segment, lang: context.request.language };
  if (key === "newsletter") {
    const newsletter = await loadSection(sectionsFor(context), "newsletter-data", query);
    return newsletter.status === "loaded" ? { kind: "newsletter", data: newsletter.data } : null;
  }
  const definition = await context.services.forms.get(key, query);
  if (!definition) return null;
  if (key === "contato") return { kind: "contato", privacy: definition.privacy ?? null };
  // A visitor never reads their own score (decision 116).
  return {
    kind: "lead",
    formKey: key,
    form: { ...definition, infolead: false },
    action: FORM_HOME_PATH[key],
  };
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const texts = pageTexts(loaderData.language);
  return (
    <article className={`content-page content-page--${loaderData.page.template}`}>
      <PageMediaProvider media={loaderData.media}>
        <ContentPageView
          page={loaderData.page}
          partners={loaderData.partners}
          segments={loaderData.segments}
          texts={texts}
          tileUrl={loaderData.tileUrl}
          language={loaderData.language}
          media={loaderData.media}
          campaignForm={loaderData.campaignForm}
        />
      </PageMediaProvider>
    </article>
  );
}
