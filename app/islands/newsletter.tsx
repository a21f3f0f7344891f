import type { NewsletterData } from "@domain/content/schemas.ts";
import { formTexts } from "@domain/forms/texts.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { type NewsletterOutcome, NewsletterSection } from "~/components/forms/NewsletterSection.tsx";
import { defineIsland } from "./island.tsx";

interface Props {
  data: NewsletterData;
  language: OfferedLanguage;
  outcome?: NewsletterOutcome | null;
}

/** The newsletter sign-up (home, blog, /newsletter). */
export default function NewsletterIsland({ language, ...props }: Props) {
  return <NewsletterSection {...props} texts={formTexts(language)} />;
}

export const Newsletter = defineIsland("newsletter", NewsletterIsland);
