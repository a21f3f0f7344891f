import { ChatWidget } from "~/components/ChatWidget.tsx";
import { formTexts } from "~/lib/forms/texts.ts";
import type { OfferedLanguage } from "~/lib/locale.ts";
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
