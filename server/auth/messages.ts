import { MIN_PASSWORD_LENGTH } from "./passwords.ts";

/** What accounts and sessions tell a visitor (A §8), in Portuguese. */
export const authMessages = {
  invalidCredentials: "Credenciais inválidas, tente novamente.",
  tooManyAttempts: "Muitas tentativas de login. Aguarde um minuto e tente novamente.",
  tokenMissing: "Token não encontrado",
  sessionInvalid: "Sessão inválida ou expirada. Entre novamente.",
  resetInvalid: "Este link de redefinição é inválido ou já expirou. Peça um novo.",
  inviteUnavailable:
    "O convite por e-mail não está disponível: o envio de e-mails (SMTP_URL) não está configurado.",
  passwordTooShort: `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  emailTaken: "Já existe um usuário com este e-mail.",
  userNotFound: "Usuário não encontrado.",
  sessionNotFound: "Sessão não encontrada ou já encerrada.",
  currentPasswordWrong: "A senha atual não confere.",
  companySuspended: "O acesso da sua empresa ao portal está suspenso. Fale com o nosso suporte.",
} as const;
