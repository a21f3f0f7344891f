import { pageTexts } from "@domain/content/page-texts.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type { PageMedia } from "@domain/responsive-images.ts";
import { PageMediaProvider } from "~/components/ContentImage.tsx";
import { MapPage } from "~/content-pages/MapPage.tsx";
import { Model3 } from "~/content-pages/Model3.tsx";
import { Model6 } from "~/content-pages/Model6.tsx";
import { defineIsland } from "./island.tsx";

/** The content templates that react to the visitor: the scroll-spy index, the tabs, the partner map. */
type WithLanguage<C extends (props: never) => unknown> = Omit<Parameters<C>[0], "texts"> & {
  language: OfferedLanguage;
  media?: Record<string, PageMedia>;
};

export function Model3Island({ language, media, ...props }: WithLanguage<typeof Model3>) {
  return (
    <PageMediaProvider media={media}>
      <Model3 {...props} texts={pageTexts(language)} />
    </PageMediaProvider>
  );
}

export function Model6Island({ language, media, ...props }: WithLanguage<typeof Model6>) {
  return (
    <PageMediaProvider media={media}>
      <Model6 {...props} texts={pageTexts(language)} />
    </PageMediaProvider>
  );
}

export function MapIsland({ language, media, ...props }: WithLanguage<typeof MapPage>) {
  return (
    <PageMediaProvider media={media}>
      <MapPage {...props} texts={pageTexts(language)} />
    </PageMediaProvider>
  );
}

export const Model3Part = defineIsland("model3", Model3Island);
export const Model6Part = defineIsland("model6", Model6Island);
export const MapPart = defineIsland("map", MapIsland);
