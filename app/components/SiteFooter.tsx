import { COOKIE_POLICY_PATH } from "@domain/consent/cookie-list.ts";
import { consentTexts } from "@domain/consent/texts.ts";
import type { FooterData, MenuData } from "@domain/content/schemas.ts";
import type { Messages } from "@domain/i18n.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type { Loaded } from "@domain/shell.ts";
import { SITE_NAME } from "@domain/site.ts";
import { SectionError } from "~/islands/section-error.tsx";
import { MissingData } from "./SectionState.tsx";
import { SiteLink } from "./SiteLink.tsx";

interface Props {
  footer: Loaded<FooterData>;
  menu: Loaded<MenuData>;
  year: number;
  language: OfferedLanguage;
  t: Messages;
}

/** The menu entry whose items the footer lists as features (A §2), in each offered language. */
const SOLUTIONS_TITLES = new Set(["Soluções", "Solutions"]);

const SOCIAL_LABELS = { facebook: "Facebook", instagram: "Instagram", linkedin: "LinkedIn" } as const;

/** The footer of A §2: description, link sections, the 'Soluções' features, contact, social icons, copyright. */
export function SiteFooter({ footer, menu, year, language, t }: Props) {
  if (footer.status === "error") {
    return (
      <footer className="site-footer">
        <SectionError title={t.footerError} language={language} />
      </footer>
    );
  }
  if (footer.status === "missing") {
    return (
      <footer className="site-footer">
        <MissingData section="Footer" searched={footer.searched} t={t} />
      </footer>
    );
  }
  const data = footer.data;
  const solutions =
    menu.status === "loaded"
      ? menu.data.main_menu.find((item) => SOLUTIONS_TITLES.has(item.title))
      : undefined;
  const features = solutions?.content?.flatMap((column) => column.items) ?? [];
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          {data.img_logo ? (
            <img src={data.img_logo} alt={SITE_NAME} width={148} height={36} loading="lazy" />
          ) : (
            <span className="site-footer__wordmark">{SITE_NAME}</span>
          )}
          <p>{data.description}</p>
        </div>
        {data.sections.map((section) => (
          <nav key={section.title} aria-label={section.title} className="site-footer__section">
            <h2>{section.title}</h2>
            <ul>
              {section.links.map((link) => (
                <li key={link.url + link.title}>
                  <SiteLink to={link.url}>{link.title}</SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {features.length > 0 && (
          <nav aria-label={solutions!.title} className="site-footer__section">
            <h2>{solutions!.title}</h2>
            <ul>
              {features.map((feature) => (
                <li key={feature.title}>
                  {feature.link ? <SiteLink to={feature.link}>{feature.title}</SiteLink> : feature.title}
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="site-footer__section">
          <h2>{t.contact}</h2>
          <ul>
            <li>
              <a href={`mailto:${data.contact.email}`}>{data.contact.email}</a>
            </li>
            <li>
              <a href={`tel:${data.contact.phone.replace(/[^\d+]/g, "")}`}>
                {data.contact.phone.replace(/ /g, "\u00a0").replace(/-/g, "\u2011")}
              </a>
            </li>
          </ul>
          <ul className="social">
            {data.social.networks.map((network) => (
              <li key={network.url}>
                <a
                  href={network.url}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={SOCIAL_LABELS[network.icon]}
                >
                  <SocialIcon name={network.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="site-footer__copyright">
        © {year} {data.copyright.text}
        {" · "}
        {/* Reopens the cookie choice (decision 123); without JavaScript, the policy's cookie list. */}
        <SiteLink to={COOKIE_POLICY_PATH} data-consent-open="">
          {consentTexts[language === "en" ? "en" : "pt"].footerLink}
        </SiteLink>
      </p>
    </footer>
  );
}

function SocialIcon({ name }: { name: keyof typeof SOCIAL_LABELS }) {
  const paths = {
    facebook: "M14 8h3V4h-3c-2.8 0-4 1.9-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z",
    instagram:
      "M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-9.1a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 3c-2.4 0-2.7 0-3.7.1C5.5 3.2 3.2 5.5 3.1 8.3 3 9.3 3 9.6 3 12s0 2.7.1 3.7c.1 2.8 2.4 5.1 5.2 5.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c2.8-.1 5.1-2.4 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.1-2.8-2.4-5.1-5.2-5.2C14.7 3 14.4 3 12 3z",
    linkedin:
      "M6.5 8.5h-3V20h3V8.5zM5 4a1.7 1.7 0 1 0 0 3.5A1.7 1.7 0 0 0 5 4zm15 9.3c0-3-1.6-4.9-4.2-4.9-1.5 0-2.5.8-2.9 1.6V8.5h-3V20h3v-6c0-1.5.6-2.6 2-2.6s1.9 1 1.9 2.6v6h3.2v-6.7z",
  } as const;
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={paths[name]} />
    </svg>
  );
}
