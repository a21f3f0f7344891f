import type { OfferedLanguage } from "../languages.ts";

/** The words of booking a demonstration (decision 138): the success screen, the booking pages, the e-mails. */
const TEXTS = {
  pt: {
    title: "Agende sua demonstração",
    intro: (seller: string, minutes: number) =>
      `Escolha um horário com ${seller}. A conversa é on-line e leva ${minutes} minutos.`,
    none: "Não há horários livres nos próximos dias. Nossa equipe entrará em contato para combinar.",
    failed: "Não foi possível carregar os horários agora. Nossa equipe entrará em contato.",
    booking: "Agendando…",
    zoneNote: (zone: string) => `Horários no seu fuso (${zone}), com o de Brasília ao lado.`,
    brasilia: "Brasília",
    brasiliaNote: "Horários de Brasília.",
    bookedTitle: "Demonstração agendada!",
    booked: (when: string, seller: string) => `Demonstração agendada para ${when} com ${seller}.`,
    inviteSent: "Enviamos o convite para o seu e-mail, com os links para remarcar ou cancelar.",
    joinAt: "Endereço da reunião",
    bookingLink: "Agendar um horário",
    manageTitle: "Sua demonstração",
    scheduledFor: (when: string, seller: string) => `Marcada para ${when} com ${seller}.`,
    reschedule: "Remarcar",
    rescheduleIntro: "Escolha um novo horário com a mesma pessoa:",
    rescheduledTitle: "Demonstração remarcada",
    rescheduled: (when: string, seller: string) => `Demonstração remarcada para ${when} com ${seller}.`,
    cancel: "Cancelar demonstração",
    cancelConfirm: "Cancelar a demonstração? O horário fica livre para outra pessoa.",
    cancelling: "Cancelando…",
    cancelledTitle: "Demonstração cancelada",
    cancelled: "Sua demonstração foi cancelada. Quando quiser, agende outra pelo site.",
    invalidTitle: "Link inválido",
    backToSite: "Voltar ao site",
    requestDemo: "Solicitar demonstração",
  },
  en: {
    title: "Book your demo",
    intro: (seller: string, minutes: number) =>
      `Pick a time with ${seller}. The call is online and takes ${minutes} minutes.`,
    none: "There are no free times in the next days. Our team will contact you to arrange one.",
    failed: "The free times could not be loaded now. Our team will contact you.",
    booking: "Booking…",
    zoneNote: (zone: string) => `Times in your time zone (${zone}), with Brasília's beside them.`,
    brasilia: "Brasília",
    brasiliaNote: "Times in Brasília.",
    bookedTitle: "Demo booked!",
    booked: (when: string, seller: string) => `Demo booked for ${when} with ${seller}.`,
    inviteSent: "We sent the invitation to your e-mail, with the links to reschedule or cancel.",
    joinAt: "Meeting address",
    bookingLink: "Book a time",
    manageTitle: "Your demo",
    scheduledFor: (when: string, seller: string) => `Booked for ${when} with ${seller}.`,
    reschedule: "Reschedule",
    rescheduleIntro: "Pick a new time with the same person:",
    rescheduledTitle: "Demo rescheduled",
    rescheduled: (when: string, seller: string) => `Demo rescheduled to ${when} with ${seller}.`,
    cancel: "Cancel demo",
    cancelConfirm: "Cancel the demo? The time becomes free for someone else.",
    cancelling: "Cancelling…",
    cancelledTitle: "Demo cancelled",
    cancelled: "Your demo was cancelled. Whenever you like, book another on the site.",
    invalidTitle: "Invalid link",
    backToSite: "Back to the site",
    requestDemo: "Request a demo",
  },
} satisfies Record<OfferedLanguage, unknown>;

export type BookingTexts = (typeof TEXTS)["pt"];

export function bookingTexts(language: OfferedLanguage): BookingTexts {
  return TEXTS[language];
}
