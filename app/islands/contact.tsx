import { formTexts } from "@domain/forms/texts.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type { ComponentProps } from "react";
import { ContactForm } from "~/components/forms/ContactForm.tsx";
import { defineIsland } from "./island.tsx";

type Props = Omit<ComponentProps<typeof ContactForm>, "texts"> & {
  language: OfferedLanguage;
};

/** The contact form (B §2.5). */
export default function ContactIsland({ language, ...props }: Props) {
  return <ContactForm {...props} texts={formTexts(language)} />;
}

export const Contact = defineIsland("contact", ContactIsland);
