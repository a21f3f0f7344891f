import { formTexts } from "@domain/forms/texts.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { ChatWidget } from "~/components/ChatWidget.tsx";
import { defineIsland } from "./island.tsx";

interface Props {
  language: OfferedLanguage;
  whatsapp: string;
  privacyUrl: string;
}

/** The floating WhatsApp button and its popup. */
export default function ChatIsland({ language, ...props }: Props) {
  return <ChatWidget texts={formTexts(language)} language={language} {...props} />;
}

export const Chat = defineIsland("chat", ChatIsland);
