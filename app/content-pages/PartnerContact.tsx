import { CHAT_PARTNER_ATTRIBUTE } from "@domain/chat.ts";
import type { PageTexts } from "@domain/content/page-texts.ts";
import type { Partner } from "@domain/content/partners-schema.ts";
import { FORM_PATHS } from "@domain/forms/form-paths.ts";
import { chatPartnerOf, partnerWhatsapp } from "@domain/partners.ts";
import type { ReactNode } from "react";
import { SiteLink } from "~/components/SiteLink.tsx";

/**
 * A partner's 'Entrar em Contato' (decision 129): the chat popup (the chat island) opens for the
 * partner from it, stores the lead naming the partner, then opens the partner's WhatsApp, or the
 * company's when the partner has none. Without JavaScript it is the contact page, whose form keeps
 * the lead.
 */
export function PartnerContactLink({
  partner,
  className,
  children,
}: {
  partner: Partner;
  className?: string;
  children: ReactNode;
}) {
  return (
    <SiteLink
      to={FORM_PATHS.contato[0]}
      className={className}
      data-opens-chat=""
      {...{ [CHAT_PARTNER_ATTRIBUTE]: JSON.stringify(chatPartnerOf(partner)) }}
    >
      {children}
    </SiteLink>
  );
}

/** Which WhatsApp the conversation opens on: the partner's own, or the company's. */
export function partnerChannel(partner: Partner, t: PageTexts["map"]): string {
  return partnerWhatsapp(partner) ? t.viaPartner : t.viaCompany;
}
