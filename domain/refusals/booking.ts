import { refusalPart } from "./part.ts";

/** Booking a demonstration (decision 138). */
export const bookingRefusals = refusalPart({
  pt: {
    slotTaken: "Este horário acabou de ser reservado. Escolha um dos próximos horários livres.",
    slotUnavailable: "Este horário não está mais disponível. Escolha um dos horários livres.",
    alreadyBooked: "Sua demonstração já está agendada.",
    noSeller: "Não há agenda disponível para demonstrações agora. Nossa equipe entrará em contato.",
    notFound: "Agendamento não encontrado.",
    linkInvalid: "Este link não é válido ou já expirou.",
    cancelled: "Esta demonstração foi cancelada.",
    availabilityInvalid: "Revise a disponibilidade: há campos com erro.",
    settingsConflict:
      "Outra pessoa salvou esta disponibilidade enquanto você editava. Recarregue para ver a versão atual.",
  },
  en: {
    slotTaken: "This time has just been booked. Choose one of the next free times.",
    slotUnavailable: "This time is no longer available. Choose one of the free times.",
    alreadyBooked: "Your demo is already booked.",
    noSeller: "No calendar is open for demos right now. Our team will contact you.",
    notFound: "Booking not found.",
    linkInvalid: "This link is not valid or has expired.",
    cancelled: "This demo was cancelled.",
    availabilityInvalid: "Check the availability: some fields have errors.",
    settingsConflict:
      "Someone else saved this availability while you were editing. Reload to see the current version.",
  },
});
