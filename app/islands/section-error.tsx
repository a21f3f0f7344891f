import { messagesFor } from "@domain/i18n.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { LoadError } from "~/components/SectionState.tsx";
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
