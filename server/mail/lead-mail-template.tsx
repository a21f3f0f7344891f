import { formTexts } from "@domain/forms/texts.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type * as EmailKit from "@react-email/components";
import type { CSSProperties } from "react";
import { leadMailTexts } from "./lead-mail-texts.ts";

/** What a lead's e-mail says: the success block of its form, its protocol, and for the newsletter its way out. */
export interface LeadMailModel {
  language: OfferedLanguage;
  /** A confirmation of a request, or the newsletter's welcome (with its unsubscribe link). */
  kind: "confirmation" | "welcome";
  /** The visitor's first name as typed (escaped like any text), or null for a greeting without it. */
  firstName: string | null;
  /** The success block of the form in the lead's language: title, description (the promise), next steps. */
  title: string;
  promise: string;
  nextSteps: readonly string[];
  urgent: { title: string; subtitle?: string; phone: string; whatsapp: string } | null;
  /** What the success screen showed (null when the form hides protocols: `logs: false`). */
  protocol: string | null;
  /** The local protocol, when the e-mail names the Jira key and the visitor may have seen this one. */
  alsoRecordedAs: string | null;
  /** The newsletter's purpose the visitor consented to (welcome only). */
  consentPurpose: string | null;
  unsubscribeUrl: string | null;
  /** The site's public address (PUBLIC_BASE_URL). */
  siteUrl: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Kit = typeof EmailKit;
let kit: Promise<Kit> | undefined;

/**
 * @react-email/components is loaded by the first e-mail, not when the server starts: its index
 * brings Tailwind and a code highlighter along, about 0.5 s and 40 MB that a server sending no
 * e-mail never needs (measured here). The server bundle keeps it external, so this stays a real
 * dynamic import.
 */
function loadKit(): Promise<Kit> {
  kit ??= import("@react-email/components");
  return kit;
}

/** Both parts from one template: the HTML rendered by React Email, the text made from that HTML. */
export async function renderLeadMail(model: LeadMailModel): Promise<RenderedMail> {
  const email = await loadKit();
  const html = await email.render(<LeadMail kit={email} model={model} />);
  const text = email.toPlainText(html, {
    // Headings keep their case (html-to-text writes them in capitals by default).
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      // A phone number is its own text; a tel: address after it says nothing more.
      { selector: 'a[href^="tel:"]', format: "anchor", options: { ignoreHref: true } },
    ],
  });
  const t = leadMailTexts(model.language);
  const subject = model.kind === "welcome" ? t.welcomeSubject : t.subject(model.title, model.protocol);
  return { subject: oneLine(subject), html, text };
}

/** A subject is one header line: content typed by an admin cannot add a line of its own. */
function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const colors = {
  brand: "#0b3d91",
  accent: "#ff7a1a",
  ink: "#1b2437",
  muted: "#5a6478",
  surfaceAlt: "#f4f6fb",
  line: "#dfe4ee",
};
const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' as const;

const styles = {
  body: {
    backgroundColor: colors.surfaceAlt,
    fontFamily: font,
    color: colors.ink,
    margin: 0,
    padding: "24px 0",
  },
  container: {
    maxWidth: "600px",
    backgroundColor: "#ffffff",
    border: `1px solid ${colors.line}`,
    borderRadius: "10px",
    overflow: "hidden",
  },
  header: { backgroundColor: colors.brand, padding: "20px 32px" },
  brand: { color: "#ffffff", fontSize: "22px", fontWeight: 700, letterSpacing: "0.5px", margin: 0 },
  content: { padding: "28px 32px 8px" },
  text: { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  h1: { fontSize: "24px", lineHeight: "32px", margin: "0 0 12px", color: colors.brand },
  h2: { fontSize: "18px", lineHeight: "26px", margin: "24px 0 8px", color: colors.ink },
  protocolBox: {
    backgroundColor: colors.surfaceAlt,
    borderLeft: `4px solid ${colors.accent}`,
    borderRadius: "6px",
    padding: "12px 16px",
    margin: "8px 0 8px",
  },
  protocolLabel: { fontSize: "13px", lineHeight: "18px", color: colors.muted, margin: 0 },
  protocolValue: {
    fontSize: "20px",
    lineHeight: "28px",
    fontWeight: 700,
    margin: "2px 0 0",
    letterSpacing: "0.5px",
  },
  protocolNote: { fontSize: "13px", lineHeight: "18px", color: colors.muted, margin: "4px 0 0" },
  list: { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", paddingLeft: "22px" },
  item: { margin: "0 0 8px" },
  urgent: {
    backgroundColor: colors.surfaceAlt,
    borderRadius: "6px",
    padding: "4px 16px 4px",
    margin: "8px 0 16px",
  },
  link: { color: colors.brand, textDecoration: "underline" },
  hr: { borderColor: colors.line, margin: "8px 0 16px" },
  small: { fontSize: "13px", lineHeight: "20px", color: colors.muted, margin: "0 0 8px" },
  footerBox: { maxWidth: "600px" },
  footer: {
    fontSize: "12px",
    lineHeight: "18px",
    color: colors.muted,
    margin: "16px 24px 0",
    textAlign: "center",
  },
} satisfies Record<string, CSSProperties>;

/** The one template of a lead's e-mail: the success screen's content, in an e-mail's tables. */
function LeadMail({ kit, model }: { kit: Kit; model: LeadMailModel }) {
  const { Html, Head, Preview, Body, Container, Section, Heading, Text, Link, Hr } = kit;
  const t = leadMailTexts(model.language);
  const f = formTexts(model.language);
  const site = new URL(model.siteUrl).host;
  const urgent = model.urgent;
  return (
    <Html lang={model.language === "pt" ? "pt-BR" : "en"}>
      <Head />
      <Preview>{model.promise}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>Vértice</Text>
          </Section>
          <Section style={styles.content}>
            <Text style={styles.text}>{t.greeting(model.firstName)}</Text>
            <Text style={styles.text}>{model.kind === "welcome" ? t.welcomeIntro : t.intro}</Text>
            <Heading as="h1" style={styles.h1}>
              {model.title}
            </Heading>
            <Text style={styles.text}>{model.promise}</Text>
            {model.protocol && (
              <Section style={styles.protocolBox}>
                <Text style={styles.protocolLabel}>{f.protocol}</Text>
                <Text style={styles.protocolValue}>{model.protocol}</Text>
                {model.alsoRecordedAs && (
                  <Text style={styles.protocolNote}>{t.alsoRecordedAs(model.alsoRecordedAs)}</Text>
                )}
              </Section>
            )}
            {model.nextSteps.length > 0 && (
              <>
                <Heading as="h2" style={styles.h2}>
                  {f.nextSteps}
                </Heading>
                <ol style={styles.list}>
                  {model.nextSteps.map((step) => (
                    <li key={step} style={styles.item}>
                      {step}
                    </li>
                  ))}
                </ol>
              </>
            )}
            {urgent && (
              <Section style={styles.urgent}>
                <Heading as="h2" style={{ ...styles.h2, margin: "12px 0 4px" }}>
                  {urgent.title}
                </Heading>
                {urgent.subtitle && (
                  <Text style={{ ...styles.text, margin: "0 0 8px" }}>{urgent.subtitle}</Text>
                )}
                <Text style={{ ...styles.text, margin: "0 0 12px" }}>
                  {f.phone}:{" "}
                  <Link href={`tel:${urgent.phone.replace(/[^\d+]/g, "")}`} style={styles.link}>
                    {urgent.phone}
                  </Link>
                  {" · "}
                  {f.whatsapp}:{" "}
                  <Link href={`https://wa.me/${urgent.whatsapp.replace(/\D/g, "")}`} style={styles.link}>
                    {urgent.whatsapp.replace(/^55(\d{2})(\d{5})(\d{4})$/, "($1) $2-$3")}
                  </Link>
                </Text>
              </Section>
            )}
            {model.consentPurpose && <Text style={styles.small}>{t.consentGiven(model.consentPurpose)}</Text>}
            {model.unsubscribeUrl && (
              <>
                <Hr style={styles.hr} />
                <Text style={styles.small}>
                  <strong>{t.unsubscribeTitle}</strong> {t.unsubscribeText}
                </Text>
                <Text style={{ ...styles.small, margin: "0 0 20px" }}>
                  <Link href={model.unsubscribeUrl} style={styles.link}>
                    {t.unsubscribeLink}
                  </Link>
                </Text>
              </>
            )}
          </Section>
        </Container>
        <Container style={styles.footerBox}>
          <Text style={styles.footer}>
            {model.kind === "welcome" ? t.welcomeFooter(site) : t.footer(site)} {t.automatic}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
