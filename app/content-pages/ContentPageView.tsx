import type { PageTexts } from "~/lib/content/page-texts.ts";
import type { ContentPage } from "~/lib/content/pages-schema.ts";
import type { Partner } from "~/lib/content/partners-schema.ts";
import { MapPage } from "./MapPage.tsx";
import { Model1 } from "./Model1.tsx";
import { Model2 } from "./Model2.tsx";
import { Model3 } from "./Model3.tsx";
import { Model4 } from "./Model4.tsx";
import { Model6 } from "./Model6.tsx";
import { Model7 } from "./Model7.tsx";

/** A content page drawn by its template (B §2.3). */
export function ContentPageView({
  page,
  partners,
  texts,
  tileUrl,
}: {
  page: ContentPage;
  partners: Partner[];
  texts: PageTexts;
  tileUrl: string | null;
}) {
  switch (page.template) {
    case "model1":
      return <Model1 content={page.content} texts={texts} />;
    case "model2":
      return <Model2 content={page.content} texts={texts} />;
    case "model3":
      return <Model3 content={page.content} texts={texts} />;
    case "model4":
      return <Model4 content={page.content} texts={texts} />;
    case "model6":
      return <Model6 content={page.content} texts={texts} />;
    case "model7":
      return <Model7 content={page.content} texts={texts} />;
    default:
      return <MapPage content={page.content} partners={partners} texts={texts} tileUrl={tileUrl} />;
  }
}
