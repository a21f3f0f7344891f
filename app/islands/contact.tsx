import type { ComponentProps } from "react";
import { ContactForm } from "~/components/forms/ContactForm.tsx";
import { useFormToken } from "~/lib/forms/form-token.ts";
import { formTexts } from "~/lib/forms/texts.ts";
import type { OfferedLanguage } from "~/lib/locale.ts";
import { defineIsland } from "./island.tsx";

type Props = Omit<ComponentProps<typeof ContactForm>, "texts" | "formToken" | "requestKey"> & {
  language: OfferedLanguage;
};

/** The contact form; the document's token is also its first request key (lead-form.tsx). */
export default function ContactIsland({ language, ...props }: Props) {
  const formToken = useFormToken();
  return <ContactForm {...props} texts={formTexts(language)} formToken={formToken} requestKey={formToken} />;
}

export const Contact = defineIsland("contact", ContactIsland);
