import type { PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import type { Partner } from "@domain/content/partners-schema.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type { SiteSegment } from "@domain/partners.ts";
import type { PageMedia } from "@domain/responsive-images.ts";
import { MapPart, Model3Part, Model6Part } from "~/islands/content-pages.tsx";
import { Campaign, type CampaignFormData } from "./Campaign.tsx";
import { Model1 } from "./Model1.tsx";
import { Model2 } from "./Model2.tsx";
import { Model4 } from "./Model4.tsx";
import { Model7 } from "./Model7.tsx";

/** A content page drawn by its template (B §2.3). */
export function ContentPageView({
  page,
  partners,
  segments,
  texts,
  tileUrl,
  language,
  media,
  campaignForm = null,
}: {
  page: ContentPage;
  /** A campaign page's form, loaded with the page (decision 133). */
  campaignForm?: CampaignFormData;
  partners: Partner[];
  /** The site's segments, for the partner map (decision 129). */
  segments: SiteSegment[];
  texts: PageTexts;
  tileUrl: string | null;
  language: OfferedLanguage;
  /** The page's images from the media library, for the templates that are islands. */
  media: Record<string, PageMedia> | undefined;
}) {
  switch (page.template) {
    case "model1":
      return <Model1 content={page.content} texts={texts} />;
    case "model2":
      return <Model2 content={page.content} texts={texts} />;
    case "model3":
      return <Model3Part content={page.content} language={language} media={media} />;
    case "model4":
      return <Model4 content={page.content} texts={texts} />;
    case "model6":
      return <Model6Part content={page.content} language={language} media={media} />;
    case "model7":
      return <Model7 content={page.content} texts={texts} />;
    case "campanha":
      return <Campaign content={page.content} texts={texts} form={campaignForm} language={language} />;
    default:
      return (
        <MapPart
          content={page.content}
          partners={partners}
          segments={segments}
          tileUrl={tileUrl}
          language={language}
          media={media}
        />
      );
  }
}
