import { LoadError } from "~/components/SectionState.tsx";
import { messagesFor } from "~/lib/i18n.ts";
import type { OfferedLanguage } from "~/lib/locale.ts";
import { defineIsland } from "./island.tsx";

/** A section that could not load, with its 'Tentar novamente' button (A §2, §8). */
export default function SectionErrorIsland({
  title,
  language,
}: {
  title: string;
  language: OfferedLanguage;
}) {
  return <LoadError title={title} t={messagesFor(language)} />;
}

export const SectionError = defineIsland("section-error", SectionErrorIsland);
