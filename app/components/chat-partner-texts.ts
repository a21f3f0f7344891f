import type { OfferedLanguage } from "@domain/locale.ts";

/**
 * The chat popup's texts for a partner of the map (decision 129): its title, which WhatsApp the
 * conversation opens on, and the message naming the partner. Only the popup's chunk needs them,
 * not every page's code (decision 084).
 */
const pt = {
  title: (partner: string) => `Fale com ${partner}`,
  intro: (place: string, ownNumber: boolean) =>
    ownNumber
      ? `Parceiro Vértice em ${place}. A conversa abre no WhatsApp do parceiro.`
      : `Parceiro Vértice em ${place}. A conversa abre no WhatsApp da Vértice, que apresenta você ao parceiro.`,
  message: (name: string, partner: string, protocol: string) =>
    `Olá! Meu nome é ${name}. Quero falar com o parceiro ${partner}, do mapa de parceiros do Vértice. (Protocolo ${protocol})`,
};

const en: typeof pt = {
  title: (partner) => `Talk to ${partner}`,
  intro: (place, ownNumber) =>
    ownNumber
      ? `Vértice partner in ${place}. The conversation opens on the partner's WhatsApp.`
      : `Vértice partner in ${place}. The conversation opens on Vértice's WhatsApp, and we introduce you to the partner.`,
  message: (name, partner, protocol) =>
    `Hello! My name is ${name}. I'd like to talk to the partner ${partner}, from Vértice's partner map. (Protocol ${protocol})`,
};

export function chatPartnerTexts(language: OfferedLanguage): typeof pt {
  return language === "en" ? en : pt;
}
