import {
  CHAT_PARTNER_ATTRIBUTE,
  type ChatPartner,
  chatLink,
  partnerLabel,
  readChatPartner,
} from "@domain/chat.ts";
import type { FormTexts } from "@domain/forms/texts.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { type ComponentType, useEffect, useRef, useState } from "react";
import type { ChatDialogProps } from "./ChatDialog.tsx";

interface Props {
  texts: FormTexts;
  language: OfferedLanguage;
  /** The company's WhatsApp number. */
  whatsapp: string;
  privacyUrl: string;
}

type Dialog = ComponentType<ChatDialogProps>;

/**
 * The popup's code, fetched once. A failed fetch is not kept here, so the next click asks again;
 * browsers may still answer that from their own record of the failure (then the fallback below).
 */
let loading: Promise<Dialog> | null = null;
function loadDialog(): Promise<Dialog> {
  loading ??= import("./ChatDialog.tsx").then(
    (module) => module.ChatDialog,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The floating WhatsApp button (A §2, §4). The popup's code is not part of the page's own: it is
 * fetched when the browser is idle after the page is interactive, so a click opens it at once,
 * and a click before then waits for it (decision 084).
 */
export function ChatWidget(props: Props) {
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  /** The map's partner the popup was opened for (decision 129), or null: the company. */
  const [partner, setPartner] = useState<ChatPartner | null>(null);
  /** A click is waiting for the popup's code (the button says so to assistive technology). */
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    const prefetch = () =>
      void loadDialog().then(
        (found) => setDialog(() => found),
        () => {},
      );
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(prefetch, { timeout: 3_000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 1_000);
    return () => clearTimeout(timer);
  }, []);

  const openChat = async (forPartner: ChatPartner | null = null) => {
    setWaiting(true);
    try {
      const found = await loadDialog();
      setDialog(() => found);
      setPartner(forPartner);
      setOpen(true);
    } catch {
      // The popup cannot load (the connection dropped): the conversation can still start, without
      // the lead the popup would have stored first (decision 084), still naming the partner.
      const url = forPartner
        ? chatLink(
            forPartner.whatsapp ?? props.whatsapp,
            props.texts.chatPartnerFallback(partnerLabel(forPartner)),
          )
        : chatLink(props.whatsapp, "");
      window.open(url, "_blank", "noopener");
    } finally {
      setWaiting(false);
    }
  };

  const openChatRef = useRef(openChat);
  openChatRef.current = openChat;
  // Any link on the page marked data-opens-chat (the contact page's cards, the partner map's
  // 'Entrar em Contato') opens this popup, so the conversation starts with its lead; without
  // JavaScript the link goes where its href says. A partner's link says which (decision 129).
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const opener = (event.target as Element | null)?.closest?.("[data-opens-chat]");
      if (!opener || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      event.preventDefault();
      void openChatRef.current(readChatPartner(opener.getAttribute(CHAT_PARTNER_ATTRIBUTE)));
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return (
    <>
      <button
        type="button"
        className="chat-button"
        onClick={() => void openChat()}
        aria-haspopup="dialog"
        aria-busy={waiting || undefined}
        aria-label={props.texts.chatOpen}
      >
        <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
          <path
            fill="currentColor"
            d="M16 3C8.8 3 3 8.7 3 15.8c0 2.5.7 4.9 2 7L3 29l6.4-2c2 1.1 4.3 1.7 6.6 1.7 7.2 0 13-5.7 13-12.8S23.2 3 16 3zm0 23.4c-2.1 0-4.1-.6-5.9-1.7l-.4-.3-3.8 1.2 1.2-3.7-.3-.4a10.4 10.4 0 0 1-1.7-5.7C5.1 9.9 10 5.2 16 5.2s10.9 4.7 10.9 10.6S22 26.4 16 26.4zm6-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.9 8.9 0 0 1-4.4-3.8c-.3-.6.3-.5 1-1.8.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6c-.2 0-.5.1-.8.4s-1 1-1 2.5 1.1 2.9 1.2 3.1c.2.2 2.1 3.2 5.1 4.5 1.9.8 2.6.9 3.6.7.6-.1 1.9-.8 2.1-1.5.3-.7.3-1.4.2-1.5l-.6-.3z"
          />
        </svg>
        <span className="chat-button__label">{props.texts.chatButton}</span>
      </button>
      {Dialog && <Dialog {...props} partner={partner} open={open} onClosed={() => setOpen(false)} />}
    </>
  );
}
