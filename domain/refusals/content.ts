import { ALT_MAX } from "../media-library.ts";
import { MAX_UPLOAD_BYTES } from "../uploads.ts";
import { refusalPart } from "./part.ts";

const UPLOAD_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/**
 * The admin's content API (decision 070). A reason or a level named in an argument is already in
 * Portuguese (a schema's message, the name of a field); English carries it as it is.
 */
export const contentRefusals = refusalPart({
  pt: {
    unknownDocument: (name: string) => `Documento "${name}" não encontrado.`,
    conflict:
      "Este conteúdo foi alterado por outra pessoa depois que você o abriu. Compare com a versão atual e salve de novo.",
    invalid: (where: string, reason: string) => `Conteúdo inválido. ${where ? `${where}: ` : ""}${reason}`,
    unknownIcon: (where: string, name: string) =>
      `Conteúdo inválido. ${where}: o ícone "${name}" não existe no site. Escolha um dos ícones da lista.`,
    noRevision: (version: number) => `Versão ${version} não encontrada.`,
    emptyFileList: "Lista de arquivos deve ser um array não vazio",
    unknownSegment: (segment: string) => `Segmento desconhecido: "${segment}".`,
    unacceptedLanguage: (lang: string) => `Idioma não aceito: "${lang}".`,
    patchNotObject: "Um salvamento parcial deve ser um objeto.",
    restoreNoPath: "Informe o campo a restaurar (path), por exemplo plans.2.monthly_price.",
    restoreBadMode: (mode: string) => `Modo de restauração desconhecido: "${mode}". Use insert ou remove.`,
  },
  en: {
    unknownDocument: (name: string) => `Document "${name}" not found.`,
    conflict:
      "Someone else changed this content after you opened it. Compare it with the current version and save again.",
    invalid: (where: string, reason: string) => `Invalid content. ${where ? `${where}: ` : ""}${reason}`,
    unknownIcon: (where: string, name: string) =>
      `Invalid content. ${where}: the site has no icon "${name}". Choose one of the icons in the list.`,
    noRevision: (version: number) => `Version ${version} not found.`,
    emptyFileList: "The list of files must be a non-empty array",
    unknownSegment: (segment: string) => `Unknown segment: "${segment}".`,
    unacceptedLanguage: (lang: string) => `Language not accepted: "${lang}".`,
    patchNotObject: "A partial save must be an object.",
    restoreNoPath: "Name the field to restore (path), for example plans.2.monthly_price.",
    restoreBadMode: (mode: string) => `Unknown restore mode: "${mode}". Use insert or remove.`,
  },
});

/** Drafts, publication and schedules (decision 100). */
export const workflowRefusals = refusalPart({
  pt: {
    noDraft:
      "Não há rascunho deste conteúdo. Salve um rascunho antes de publicar, agendar ou pré-visualizar.",
    draftConflict:
      "O rascunho foi salvo por outra pessoa depois que você o abriu. Recarregue a página para ver a versão dela.",
    advancedOnly: (fields: string) =>
      `Só administradores alteram os campos avançados, que podem quebrar a pontuação, a entrega ao Jira ou o endereço do formulário: ${fields}. Desfaça essas mudanças ou peça a um administrador.`,
    noSchedule: "Agendamento não encontrado.",
    notPending: "Este agendamento já foi executado ou cancelado.",
    notUnpublishable: "Só artigos do blog e páginas de conteúdo podem ser despublicados em uma data.",
    noItem: (item: string) => `Item "${item}" não encontrado no conteúdo publicado.`,
    moved: (from: number | null, to: number) =>
      `A versão publicada mudou depois do agendamento (${from === null ? "nenhuma" : `versão ${from}`} → versão ${to}). Revise o rascunho e agende de novo.`,
    timeInvalid: "Informe a data e a hora da publicação (dia, mês, ano, hora e minuto).",
    timePast: "Escolha uma data e hora futuras (horário de Brasília).",
    timeTooFar: "A data deve estar dentro dos próximos 12 meses.",
  },
  en: {
    noDraft: "This content has no draft. Save a draft before publishing, scheduling or previewing.",
    draftConflict: "Someone else saved the draft after you opened it. Reload the page to see their version.",
    advancedOnly: (fields: string) =>
      `Only administrators change the advanced fields, which can break scoring, delivery to Jira or the form's address: ${fields}. Undo those changes or ask an administrator.`,
    noSchedule: "Schedule not found.",
    notPending: "This schedule has already run or been cancelled.",
    notUnpublishable: "Only blog posts and content pages can be taken off the site at a date.",
    noItem: (item: string) => `Item "${item}" not found in the published content.`,
    moved: (from: number | null, to: number) =>
      `The published version changed after the schedule was made (${from === null ? "none" : `version ${from}`} → version ${to}). Review the draft and schedule it again.`,
    timeInvalid: "Enter the date and time of publication (day, month, year, hour and minute).",
    timePast: "Choose a date and time in the future (Brasília time).",
    timeTooFar: "The date must be within the next 12 months.",
  },
});

/** The media library (decision 099). */
export const mediaRefusals = refusalPart({
  pt: {
    altRequired: "Informe o texto alternativo em português e em inglês.",
    altTooLong: `O texto alternativo passa de ${ALT_MAX} caracteres.`,
    focalInvalid: "Ponto focal inválido: use valores de 0 a 1.",
    notFound: "Imagem não encontrada na biblioteca.",
    tooManyPixels: "A imagem é grande demais (mais de 40 megapixels): reduza-a antes de enviar.",
    unreadable: "Não foi possível ler a imagem.",
    inUse: (where: string) => `A imagem está em uso e não pode ser excluída. Usada em: ${where}.`,
  },
  en: {
    altRequired: "Enter the alt text in Portuguese and in English.",
    altTooLong: `The alt text is longer than ${ALT_MAX} characters.`,
    focalInvalid: "Invalid focal point: use values from 0 to 1.",
    notFound: "Image not found in the library.",
    tooManyPixels: "The image is too large (over 40 megapixels): make it smaller before sending it.",
    unreadable: "The image could not be read.",
    inUse: (where: string) => `The image is in use and cannot be deleted. Used in: ${where}.`,
  },
});

/** Uploaded images (decision 073). */
export const uploadRefusals = refusalPart({
  pt: {
    empty: "Envie uma imagem.",
    tooLarge: `A imagem passa do limite de ${UPLOAD_MB} MB.`,
    wrongType: "Formato de imagem não aceito: envie PNG, JPEG, WebP, GIF ou AVIF.",
  },
  en: {
    empty: "Send an image.",
    tooLarge: `The image is over the ${UPLOAD_MB} MB limit.`,
    wrongType: "Image format not accepted: send PNG, JPEG, WebP, GIF or AVIF.",
  },
});

/**
 * The object store failed (decision 120): nothing was saved, and the person is told so, in the words
 * of the cause; the log says what the operator checks.
 */
export const fileRefusals = refusalPart({
  pt: {
    bucketMissing:
      "O armazenamento de arquivos não está disponível (o bucket configurado não existe). Nada foi salvo: avise o responsável técnico.",
    credentialsRefused:
      "O armazenamento de arquivos recusou as credenciais configuradas. Nada foi salvo: avise o responsável técnico.",
    timedOut:
      "O armazenamento de arquivos não respondeu a tempo. Nada foi salvo: tente de novo em instantes.",
    unreachable:
      "O armazenamento de arquivos não está acessível agora. Nada foi salvo: tente de novo em instantes.",
  },
  en: {
    bucketMissing:
      "File storage is unavailable (the configured bucket does not exist). Nothing was saved: tell your technical contact.",
    credentialsRefused:
      "File storage refused the configured credentials. Nothing was saved: tell your technical contact.",
    timedOut: "File storage did not answer in time. Nothing was saved: try again in a moment.",
    unreachable: "File storage cannot be reached right now. Nothing was saved: try again in a moment.",
  },
});
