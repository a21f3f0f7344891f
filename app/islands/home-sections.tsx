import { messagesFor } from "@domain/i18n.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type { PageMedia } from "@domain/responsive-images.ts";
import type { ComponentProps } from "react";
import { PageMediaProvider } from "~/components/ContentImage.tsx";
import { AccordionFeatures } from "~/sections/AccordionFeatures.tsx";
import { CardsSlider } from "~/sections/CardsSlider.tsx";
import { FeatureWheel } from "~/sections/FeatureWheel.tsx";
import { HeroCarousel } from "~/sections/HeroCarousel.tsx";
import { Testimonials } from "~/sections/Testimonials.tsx";
import { VideoDemo } from "~/sections/VideoDemo.tsx";
import { defineIsland } from "./island.tsx";

/**
 * The home page's interactive sections as islands (one module: they share most of their code, and
 * a home page shows them all). Texts come from the language; images keep the page's media.
 */
type WithLanguage<C extends (props: never) => unknown, Omitted extends string> = Omit<
  Parameters<C>[0],
  Omitted
> & { language: OfferedLanguage; media?: Record<string, PageMedia> };

export function HeroIsland({ language, media, ...props }: WithLanguage<typeof HeroCarousel, "texts">) {
  return (
    <PageMediaProvider media={media}>
      <HeroCarousel {...props} texts={messagesFor(language).carousel} />
    </PageMediaProvider>
  );
}

export function VideoIsland({ media, ...props }: WithLanguage<typeof VideoDemo, "texts">) {
  return (
    <PageMediaProvider media={media}>
      <VideoDemo {...props} texts={messagesFor(props.language).video} />
    </PageMediaProvider>
  );
}

export function CardsIsland({ language, media, ...props }: WithLanguage<typeof CardsSlider, "texts">) {
  return (
    <PageMediaProvider media={media}>
      <CardsSlider {...props} texts={messagesFor(language).carousel} />
    </PageMediaProvider>
  );
}

export function WheelIsland(props: ComponentProps<typeof FeatureWheel>) {
  return <FeatureWheel {...props} />;
}

export function AccordionIsland(props: ComponentProps<typeof AccordionFeatures>) {
  return <AccordionFeatures {...props} />;
}

export function TestimonialsIsland({ language, ...props }: WithLanguage<typeof Testimonials, "label">) {
  return <Testimonials {...props} label={messagesFor(language).carousel.slide} />;
}

export const Hero = defineIsland("hero", HeroIsland);
export const Video = defineIsland("video", VideoIsland);
export const Cards = defineIsland("cards", CardsIsland);
export const Wheel = defineIsland("wheel", WheelIsland);
export const Accordion = defineIsland("accordion", AccordionIsland);
export const TestimonialsPart = defineIsland("testimonials", TestimonialsIsland);
