import { placeLink } from "@domain/inline-link.ts";
import { SiteLink } from "~/components/SiteLink.tsx";

interface Props {
  privacy: { text: string; linkText: string; linkUrl: string; purpose: string };
  purposeLabel: string;
  className?: string;
}

/**
 * The LGPD notice under a form (B §3.4): the form's privacy text with its policy link, and the purpose of
 * the processing. A text that already names the policy gets that name as the link, not a second copy.
 */
export function PrivacyNotice({ privacy, purposeLabel, className = "lead-form__privacy" }: Props) {
  const link = placeLink(privacy.text, privacy.linkText);
  return (
    <p className={className}>
      {link.before}
      <SiteLink to={privacy.linkUrl} target="_blank" rel="noopener">
        {link.label}
      </SiteLink>
      {link.inline ? link.after : "."}{" "}
      <span className="lead-form__purpose">
        {purposeLabel}: {privacy.purpose}
      </span>
    </p>
  );
}
