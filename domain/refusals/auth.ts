import { refusalPart } from "./part.ts";

/** Accounts, sign-in, password resets and sessions (A §8). */
export const authRefusals = refusalPart({
  pt: {
    invalidCredentials: "Credenciais inválidas, tente novamente.",
    tooManyAttempts: "Muitas tentativas de login. Aguarde um minuto e tente novamente.",
    resetInvalid: "Este link de redefinição é inválido ou já expirou. Peça um novo.",
    inviteUnavailable:
      "O convite por e-mail não está disponível: o envio de e-mails (SMTP_URL) não está configurado.",
    passwordTooShort: (min: number) => `A senha deve ter pelo menos ${min} caracteres.`,
    emailTaken: "Já existe um usuário com este e-mail.",
    userNotFound: "Usuário não encontrado.",
    sessionNotFound: "Sessão não encontrada ou já encerrada.",
    currentPasswordWrong: "A senha atual não confere.",
    companySuspended: "O acesso da sua empresa ao portal está suspenso. Fale com o nosso suporte.",
  },
  en: {
    invalidCredentials: "Invalid credentials, please try again.",
    tooManyAttempts: "Too many sign-in attempts. Wait a minute and try again.",
    resetInvalid: "This reset link is invalid or has expired. Ask for a new one.",
    inviteUnavailable: "Invitations by e-mail are not available: sending e-mail (SMTP_URL) is not set up.",
    passwordTooShort: (min: number) => `The password must have at least ${min} characters.`,
    emailTaken: "A user with this e-mail already exists.",
    userNotFound: "User not found.",
    sessionNotFound: "Session not found or already ended.",
    currentPasswordWrong: "The current password does not match.",
    companySuspended: "Your company's access to the portal is suspended. Please contact our support.",
  },
});

/** Two-step verification (decision 112). */
export const twoFactorRefusals = refusalPart({
  pt: {
    codeRequired: "Informe o código do seu aplicativo autenticador.",
    invalidCode: "Código inválido ou já usado. Confira o código atual do aplicativo e tente de novo.",
    noSetupInProgress: "A configuração expirou. Recarregue a página para gerar um novo QR code.",
    alreadyEnabled: "A verificação em duas etapas já está ativada nesta conta.",
    notEnabled: "A verificação em duas etapas não está ativada nesta conta.",
    staffMustKeep: "Contas da equipe precisam manter a verificação em duas etapas.",
    tooManyCodes: "Muitas tentativas de código. Aguarde um minuto e tente novamente.",
    setupRequired:
      "Contas da equipe precisam da verificação em duas etapas. Entre pelo navegador e configure-a para continuar.",
  },
  en: {
    codeRequired: "Enter the code from your authenticator app.",
    invalidCode: "Invalid or already used code. Check the app's current code and try again.",
    noSetupInProgress: "The setup has expired. Reload the page to get a new QR code.",
    alreadyEnabled: "Two-step verification is already on for this account.",
    notEnabled: "Two-step verification is not on for this account.",
    staffMustKeep: "Team accounts must keep two-step verification.",
    tooManyCodes: "Too many code attempts. Wait a minute and try again.",
    setupRequired:
      "Team accounts need two-step verification. Sign in with a browser and set it up to continue.",
  },
});

/** The API keys of billing and of the platform (decision 096). */
export const apiKeyRefusals = refusalPart({
  pt: {
    missing: "Chave de API não informada: envie Authorization: Bearer <chave>.",
    invalid: "Chave de API inválida ou revogada.",
    wrongScope: (scope: string) =>
      `Esta chave de API não tem acesso a este recurso (escopo exigido: ${scope}).`,
    nameRequired: "Informe um nome para a chave (pelo menos 2 caracteres).",
    notFound: "Chave de API não encontrada.",
  },
  en: {
    missing: "No API key given: send Authorization: Bearer <key>.",
    invalid: "Invalid or revoked API key.",
    wrongScope: (scope: string) => `This API key has no access to this resource (scope required: ${scope}).`,
    nameRequired: "Give the key a name (at least 2 characters).",
    notFound: "API key not found.",
  },
});
