import {
  type ChatErrors,
  type ChatPartner,
  chatLink,
  chatPhoneErrorWhileTyping,
  lettersAndSpaces,
  partnerLabel,
  validateChat,
} from "@domain/chat.ts";
import { maskChatPhone } from "@domain/forms/masks.ts";
import type { FormTexts } from "@domain/forms/texts.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { trackLead } from "~/browser/consent/lead-events.ts";
import { newRequestKey, postLead, storedUtm } from "~/browser/outbox.ts";
import { SiteLink } from "~/components/SiteLink.tsx";
import { useFormChallenge } from "~/react/form-token.ts";
import { chatPartnerTexts } from "./chat-partner-texts.ts";

/** The popup closes 2 s after success (A §4, §9). */
export const CHAT_CLOSE_MS = 2_000;

export interface ChatDialogProps {
  texts: FormTexts;
  language: OfferedLanguage;
  /** The company's WhatsApp number. */
  whatsapp: string;
  privacyUrl: string;
  /**
   * The map's partner the visitor asked for (decision 129): the lead names it and the chat opens
   * with its number (the company's when it has none). Null: a conversation with the company.
   */
  partner?: ChatPartner | null;
  /** Shown as a modal while true; onClosed tells the button it was closed (Escape, ×, a link). */
  open: boolean;
  onClosed: () => void;
}

type Phase = "closed" | "open" | "submitting" | "success" | "error";

/**
 * The WhatsApp button's popup (A §2, §4, §5): the lead is stored first, then the chat opens with the
 * company's number and a prepared message. A native modal <dialog> gives focus trapping, Escape and
 * an inert background without extra code. Its code (masks and checks included) loads after the
 * page's (ChatWidget.tsx): a page needs only the button before the visitor uses it.
 */
export function ChatDialog({
  texts,
  language,
  whatsapp,
  privacyUrl,
  partner = null,
  open,
  onClosed,
}: ChatDialogProps) {
  const challenge = useFormChallenge("whatsapp");
  const forPartner = chatPartnerTexts(language);
  const dialog = useRef<HTMLDialogElement>(null);
  const [phase, setPhase] = useState<Phase>("closed");
  const [nome, setNome] = useState("");
  const [telefone, setTelefone] = useState("");
  const [errors, setErrors] = useState<ChatErrors>({});
  const [link, setLink] = useState<string | null>(null);
  const [chatOpened, setChatOpened] = useState(false);
  const key = useRef(newRequestKey());
  /** Whom the current request key's attempt was for: another partner is another submission. */
  const keyFor = useRef<number | null>(null);

  useEffect(() => {
    if (!open || dialog.current?.open) return;
    setPhase("open");
    setLink(null);
    if (keyFor.current !== (partner?.id ?? null)) {
      key.current = newRequestKey();
      keyFor.current = partner?.id ?? null;
    }
    dialog.current?.showModal();
    // The popup opening is the form's first interaction: its challenge is fetched now (decision 122).
    challenge.arm();
  }, [open, challenge.arm, partner]);
  const close = () => {
    dialog.current?.close();
  };

  // Closes 2 s after success, unless the browser kept the chat from opening: the link then stays.
  useEffect(() => {
    if (phase !== "success" || !chatOpened) return;
    const timer = setTimeout(close, CHAT_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, chatOpened]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === "submitting") return;
    const found = validateChat(nome, telefone, texts);
    setErrors(found);
    if (found.nome || found.telefone) return;
    setPhase("submitting");
    // The chat's window is opened during the click, or browsers block it; it is sent to the chat
    // once the lead is stored (the message carries the protocol).
    const chatWindow = window.open("", "_blank");
    const result = await postLead({
      form: "whatsapp",
      stage: "complete",
      answers: { nomeResponsavel: nome.trim(), telefoneContato: telefone },
      requestKey: key.current,
      formToken: await challenge.token(),
      tracking: { page: window.location.href, referrer: document.referrer || undefined, utm: storedUtm() },
      // The server names the partner from the map's content (decision 129).
      ...(partner ? { context: { partnerId: partner.id } } : {}),
    });
    if (result.kind === "invalid" || result.kind === "refused") {
      chatWindow?.close();
      if (result.kind === "invalid") {
        setErrors({ nome: result.errors.nomeResponsavel, telefone: result.errors.telefoneContato });
      }
      setPhase("error");
      return;
    }
    // Stored, or kept in this browser to be sent again: either way the conversation can start.
    const protocol = result.kind === "ok" ? result.answer.protocol : `ERR-${Date.now()}`;
    const url = partner
      ? chatLink(
          partner.whatsapp ?? whatsapp,
          forPartner.message(nome.trim(), partnerLabel(partner), protocol),
        )
      : chatLink(whatsapp, texts.chatMessage(nome.trim(), protocol));
    setLink(url);
    if (chatWindow) {
      chatWindow.opener = null;
      chatWindow.location.href = url;
    }
    setChatOpened(chatWindow !== null);
    key.current = newRequestKey();
    challenge.spent();
    if (result.kind === "ok") trackLead({ form: "whatsapp", temperature: result.answer.temperature.level });
    setPhase("success");
    setNome("");
    setTelefone("");
  };

  const status = phase === "success" ? texts.chatSuccess : phase === "error" ? texts.chatError : null;

  return (
    <dialog
      ref={dialog}
      className="chat-dialog"
      aria-labelledby="chat-titulo"
      // The funnel's beacon: shown when opened, done once the lead is stored (decision 104).
      data-funnel="whatsapp"
      data-funnel-done={phase === "success" ? "" : undefined}
      onClose={() => {
        setPhase("closed");
        onClosed();
      }}
    >
      <div className="chat-dialog__header">
        <h2 id="chat-titulo">{partner ? forPartner.title(partner.nome) : texts.chatTitle}</h2>
        <button type="button" className="chat-dialog__close" onClick={close} aria-label={texts.close}>
          ×
        </button>
      </div>
      <form onSubmit={onSubmit} noValidate>
        {partner && (
          <p className="chat-dialog__intro">
            {forPartner.intro(`${partner.cidade} – ${partner.estado}`, partner.whatsapp !== null)}
          </p>
        )}
        <div className="field">
          <label htmlFor="chat-nome" className="field__label">
            {texts.chatName}
          </label>
          <input
            id="chat-nome"
            type="text"
            name="nome"
            autoComplete="name"
            value={nome}
            maxLength={100}
            aria-invalid={errors.nome ? true : undefined}
            aria-describedby={errors.nome ? "chat-nome-erro" : undefined}
            onChange={(e) => {
              setNome(lettersAndSpaces(e.target.value));
              setErrors((current) => ({ ...current, nome: undefined }));
            }}
          />
          {errors.nome && (
            <p id="chat-nome-erro" className="field__error" role="alert">
              {errors.nome}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="chat-telefone" className="field__label">
            {texts.chatPhone}
          </label>
          <input
            id="chat-telefone"
            name="telefone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            value={telefone}
            // No maxLength: the mask keeps the value within 19 characters (A §5), and a browser limit
            // would block a 16th digit after "+1234 11 99999-8888" or cut a pasted number before the
            // mask sees its digits.
            placeholder="(11) 99999-9999"
            aria-invalid={errors.telefone ? true : undefined}
            aria-describedby={errors.telefone ? "chat-telefone-erro" : undefined}
            onChange={(e) => {
              const masked = maskChatPhone(e.target.value);
              setTelefone(masked);
              setErrors((current) => ({ ...current, telefone: chatPhoneErrorWhileTyping(masked, texts) }));
            }}
          />
          {errors.telefone && (
            <p id="chat-telefone-erro" className="field__error" role="alert">
              {errors.telefone}
            </p>
          )}
        </div>
        <div aria-live="polite">
          {status && <p className={`banner banner--${phase === "error" ? "error" : "success"}`}>{status}</p>}
          {phase === "success" && link && (
            <p>
              <a href={link} target="_blank" rel="noopener noreferrer">
                {texts.chatOpenLink}
              </a>
            </p>
          )}
        </div>
        <button
          type="submit"
          className="button button--whatsapp"
          disabled={phase === "submitting" || phase === "success"}
        >
          {phase === "submitting"
            ? texts.chatSending
            : phase === "success"
              ? texts.chatSent
              : texts.chatSubmit}
        </button>
        <p className="chat-dialog__privacy">
          {texts.chatPrivacy}{" "}
          <SiteLink to={privacyUrl} onClick={close}>
            {texts.chatPrivacyLink}
          </SiteLink>
          .
        </p>
      </form>
    </dialog>
  );
}
