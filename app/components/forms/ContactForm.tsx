import { maskPhone } from "@domain/forms/masks.ts";
import type { FormTexts } from "@domain/forms/texts.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { trackLead } from "~/browser/consent/lead-events.ts";
import { newRequestKey, postLead, storedUtm } from "~/browser/outbox.ts";
import { useFormChallenge } from "~/react/form-token.ts";
import { PrivacyNotice } from "./PrivacyNotice.tsx";

/** The answer of the contact action (no JavaScript) or of /api/leads (with it). */
export type ContactResult =
  | { kind: "sent"; protocol: string; simulated: boolean }
  | { kind: "missing"; values: ContactValues }
  | { kind: "invalid"; errors: Record<string, string>; values: ContactValues }
  /** Posted without JavaScript, so without a challenge: drawn again to confirm (decision 122). */
  | { kind: "confirm"; values: ContactValues; challenge: string; requestKey: string };

export interface ContactValues {
  nome: string;
  email: string;
  telefone: string;
  mensagem: string;
}

type Banner = { tone: "info" | "success" | "warning" | "error"; text: string };

/** Contact success and banners clear by themselves after 7 s (B §4.1, §9.5). */
export const CONTACT_CLEAR_MS = 7_000;

/** The banner for a protocol code (B §4.1, §8.1). */
export function contactBanner(code: string, texts: FormTexts): Banner {
  if (/SIM/.test(code)) return { tone: "warning", text: texts.contactSimulated };
  if (code.startsWith("FDVW-")) return { tone: "success", text: texts.contactSent(code) };
  if (/ERR/.test(code)) return { tone: "warning", text: texts.contactWithProblems(code) };
  return { tone: "success", text: texts.contactProcessed(code) };
}

/** The tag shown next to a protocol (B §4.1). */
export function protocolTag(code: string, texts: FormTexts): string | null {
  if (/ERR/.test(code)) return texts.tagError;
  if (/SIM/.test(code)) return texts.tagSimulated;
  if (code.startsWith("FDVW-")) return texts.tagJira;
  return null;
}

interface Props {
  texts: FormTexts;
  /** LGPD: what the data is for and the policy link, from the contato form definition. */
  privacy: { text: string; linkText: string; linkUrl: string; purpose: string } | null;
  result?: ContactResult;
  /** Placed on another page (a campaign's): a post without JavaScript goes to /contato's action. */
  action?: string;
}

/** The contact form of B §2.5: name, e-mail, optional phone, message; protocol and banners after sending. */
export function ContactForm({ texts, privacy, result, action }: Props) {
  const [values, setValues] = useState<ContactValues>(
    result && result.kind !== "sent" ? result.values : { nome: "", email: "", telefone: "", mensagem: "" },
  );
  const [errors, setErrors] = useState<Record<string, string>>(
    result?.kind === "invalid" ? result.errors : {},
  );
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ protocol: string } | null>(
    result?.kind === "sent" ? { protocol: result.protocol } : null,
  );
  const [banner, setBanner] = useState<Banner | null>(
    result?.kind === "sent"
      ? contactBanner(result.protocol, texts)
      : result?.kind === "missing"
        ? { tone: "error", text: texts.contactMissing }
        : result?.kind === "confirm"
          ? { tone: "info", text: texts.confirmSend }
          : null,
  );
  // A page is the same for every visitor (decision 122): the key is made at the first send, unless
  // the server drew this form after a post without JavaScript.
  const drawn = result?.kind === "confirm" ? result : null;
  const key = useRef(drawn?.requestKey ?? "");
  const challenge = useFormChallenge("contato", drawn?.challenge);
  const honeypot = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!sent && !banner) return;
    const timer = setTimeout(() => {
      setSent(null);
      setBanner(null);
    }, CONTACT_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [sent, banner]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!values.nome.trim() || !values.email.trim() || !values.mensagem.trim()) {
      setBanner({ tone: "error", text: texts.contactMissing });
      return;
    }
    setSending(true);
    setBanner(null);
    key.current ||= newRequestKey();
    const outcome = await postLead({
      form: "contato",
      stage: "complete",
      answers: { ...values },
      requestKey: key.current,
      formToken: await challenge.token(),
      website: honeypot.current?.value || undefined,
      tracking: { page: window.location.href, referrer: document.referrer || undefined, utm: storedUtm() },
    });
    setSending(false);
    if (outcome.kind === "invalid") {
      setErrors(outcome.errors);
      return;
    }
    key.current = newRequestKey();
    challenge.spent();
    if (outcome.kind === "ok") {
      trackLead({ form: "contato", temperature: outcome.answer.temperature.level });
      setSent({ protocol: outcome.answer.protocol });
      setBanner(contactBanner(outcome.answer.protocol, texts));
    } else {
      // Kept in this browser and sent again later (see postLead): still a success for the visitor.
      setSent({ protocol: `CONT-ERR-${Date.now()}` });
      setBanner({ tone: "warning", text: texts.contactException });
    }
    setValues({ nome: "", email: "", telefone: "", mensagem: "" });
    setErrors({});
  };

  const change = (name: keyof typeof values) => (event: { target: { value: string } }) => {
    const value = name === "telefone" ? maskPhone(event.target.value) : event.target.value;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: "" }));
  };
  const controlled = (name: keyof typeof values) => ({ value: values[name], onChange: change(name) });
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`contato-${name}-erro`} className="field__error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `contato-${name}-erro` } : {};

  return (
    // The funnel's beacon watches this form; -done while a stored message's success shows (decision 104).
    <div className="contact-form" data-funnel="contato" data-funnel-done={sent ? "" : undefined}>
      <div aria-live="polite">
        {banner && <p className={`banner banner--${banner.tone}`}>{banner.text}</p>}
        {sent && (
          <div className="contact-form__success">
            <p className="contact-form__success-title">{texts.contactSuccessTitle}</p>
            <p>{texts.contactSuccessText}</p>
            <p>
              <strong data-testid="protocolo">{sent.protocol}</strong>
              {protocolTag(sent.protocol, texts) && (
                <span className="tag">{protocolTag(sent.protocol, texts)}</span>
              )}
            </p>
          </div>
        )}
      </div>
      <Form
        method="post"
        action={action}
        noValidate
        onSubmit={onSubmit}
        onFocus={challenge.arm}
        onPointerDown={challenge.arm}
      >
        <div className="field">
          <label htmlFor="contato-nome" className="field__label">
            {texts.contactName} <span aria-hidden="true">*</span>
          </label>
          <input
            id="contato-nome"
            type="text"
            name="nome"
            autoComplete="name"
            required
            maxLength={200}
            {...invalid("nome")}
            {...controlled("nome")}
          />
          {fieldError("nome")}
        </div>
        <div className="field">
          <label htmlFor="contato-email" className="field__label">
            {texts.contactEmail} <span aria-hidden="true">*</span>
          </label>
          <input
            id="contato-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={200}
            {...invalid("email")}
            {...controlled("email")}
          />
          {fieldError("email")}
        </div>
        <div className="field">
          <label htmlFor="contato-telefone" className="field__label">
            {texts.contactPhone} <span className="field__optional">{texts.optional}</span>
          </label>
          <input
            id="contato-telefone"
            name="telefone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={15}
            {...invalid("telefone")}
            {...controlled("telefone")}
          />
          {fieldError("telefone")}
        </div>
        <div className="field">
          <label htmlFor="contato-mensagem" className="field__label">
            {texts.contactMessage} <span aria-hidden="true">*</span>
          </label>
          <textarea
            id="contato-mensagem"
            name="mensagem"
            rows={4}
            required
            maxLength={5000}
            {...invalid("mensagem")}
            {...controlled("mensagem")}
          />
          {fieldError("mensagem")}
        </div>
        <input type="hidden" name="formToken" value={drawn?.challenge ?? ""} />
        <input type="hidden" name="_requestKey" value={drawn?.requestKey ?? ""} />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="contato-website">{texts.honeypot}</label>
          <input
            ref={honeypot}
            id="contato-website"
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        {privacy && <PrivacyNotice privacy={privacy} purposeLabel={texts.purpose} />}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? texts.contactSending : texts.contactSend}
        </button>
      </Form>
    </div>
  );
}
