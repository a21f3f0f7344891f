import { messagesFor } from "@domain/i18n.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import type { Loaded } from "@domain/shell.ts";
import { loadSection } from "@server/content/load.ts";
import { sectionsFor } from "@server/http/sections.ts";
import { redirect, useRouteLoaderData } from "react-router";
import { PageMediaProvider } from "~/components/ContentImage.tsx";
import { MissingData } from "~/components/SectionState.tsx";
import { Accordion, Cards, Hero, TestimonialsPart, Video, Wheel } from "~/islands/home-sections.tsx";
import { Newsletter } from "~/islands/newsletter.tsx";
import { SectionError } from "~/islands/section-error.tsx";
import { WhyChoose } from "~/sections/WhyChoose.tsx";
import { routeHead } from "~/seo/route-head.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/home";

export function meta({ matches, location }: Route.MetaArgs) {
  // The templates give the segment's own title and description on a segment subdomain (A §2, §9).
  return routeHead(matches, location.pathname, "home");
}

/** The home page in the section order of A §2; the segments and circle wheels only without a segment. */
/** The same for every anonymous visitor: served from the front page cache. */
export const handle: RouteHandle = { pageCache: true, islands: true };

export async function loader({ context }: Route.LoaderArgs) {
  const { request } = context;
  // The 'admin' subdomain opens the admin area (spec README).
  if (request.adminHost) throw redirect("/admin");
  const query = { segment: request.segment, lang: request.language };
  const onMainSite = request.segment === null;
  const sections = sectionsFor(context);
  const [hero, video, cards, segments, circle, why, accordion, testimonials, newsletter] = await Promise.all([
    loadSection(sections, "hero-section-data", query),
    loadSection(sections, "video-demo-data", query),
    loadSection(sections, "cards-slider-data", query),
    onMainSite ? loadSection(sections, "vertice-segments-data", query) : null,
    onMainSite ? loadSection(sections, "circle-features-data", query) : null,
    loadSection(sections, "why-choose-data", query),
    loadSection(sections, "accordion-features-data", query),
    loadSection(sections, "testimonials-data", query),
    loadSection(sections, "newsletter-data", query),
  ]);
  // The library's srcset, alt text and focal point of the images the hero and the video show (decision 099).
  const media = await context.services.media.forPage([hero, video], request.uiLanguage);
  return {
    sections: { hero, video, cards, segments, circle, why, accordion, testimonials, newsletter },
    media,
  };
}

/** Renders a section in its state: the section itself, the missing-data message or the error (A §2). */
function Section<T>({
  state,
  name,
  language,
  children,
}: {
  state: Loaded<T> | null;
  name: string;
  language: OfferedLanguage;
  children: (data: T) => React.ReactNode;
}) {
  const t = messagesFor(language);
  if (!state) return null;
  if (state.status === "loaded") return <>{children(state.data)}</>;
  if (state.status === "missing") return <MissingData section={name} searched={state.searched} t={t} />;
  return <SectionError title={t.sectionError(name)} language={language} />;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const language = root?.language ?? "pt";
  const s = loaderData.sections;
  const media = loaderData.media;
  return (
    <PageMediaProvider media={media}>
      <Section state={s.hero} name="Hero" language={language}>
        {(data) => <Hero data={data} language={language} media={media} />}
      </Section>
      <Section state={s.video} name="Vídeo" language={language}>
        {(data) => <Video data={data} language={language} media={media} />}
      </Section>
      <Section state={s.cards} name="Cards" language={language}>
        {(data) => <Cards data={data} language={language} media={media} />}
      </Section>
      <Section state={s.segments} name="Segmentos" language={language}>
        {(data) => (
          <Wheel
            id="segmentos"
            title={data.sectionTitle}
            description={data.sectionDescription}
            items={data.segments.map((segment) => ({ ...segment, name: segment.name }))}
            intervalMs={5000}
            resumeAfterClickMs={10000}
            centralImage={data.img_circle}
            exploreText={data.exploreSolutionText}
            cta={data.cta}
          />
        )}
      </Section>
      <Section state={s.circle} name="Recursos" language={language}>
        {(data) => (
          <Wheel
            id="recursos"
            title={data.title}
            subtitle={data.subtitle}
            description={data.description}
            items={data.features}
            intervalMs={4000}
            resumeAfterClickMs={10000}
            centralImage={data.centralImage}
            // The data format knows the video by three names (see circleFeaturesVideo).
            backgroundVideo={data.video_background ?? data.video_backgroud ?? data.videoBackground}
            cta={data.cta}
          />
        )}
      </Section>
      <Section state={s.why} name="Por que escolher" language={language}>
        {(data) => <WhyChoose data={data} defaultCta={messagesFor(language).requestDemo} />}
      </Section>
      <Section state={s.accordion} name="Recursos em destaque" language={language}>
        {(data) => <Accordion data={data} />}
      </Section>
      <Section state={s.testimonials} name="Depoimentos" language={language}>
        {(data) => <TestimonialsPart data={data} language={language} />}
      </Section>
      <Section state={s.newsletter} name="Newsletter" language={language}>
        {(data) => <Newsletter data={data} language={language} />}
      </Section>
    </PageMediaProvider>
  );
}
