import type { OfferedLanguage } from "../locale.ts";
import { authRefusals, twoFactorRefusals } from "../refusals/auth.ts";

/** Texts of two-factor sign-in, the sessions list and the password change (decision 112), and English. */
const pt = {
  code: "Código",
  codeStepTitle: "Verificação em duas etapas",
  codeStepLead:
    "Digite o código de 6 dígitos do seu aplicativo autenticador. Sem o celular? Use um dos seus códigos de recuperação.",
  codeMissing: "Informe o código.",
  // Refusals this screen says itself (the sign-in's code step, a session already gone): their words
  // are the catalogue's (domain/refusals/auth.ts, decision 115).
  invalidCode: twoFactorRefusals.pt.invalidCode,
  tooManyCodes: twoFactorRefusals.pt.tooManyCodes,
  sessionNotFound: authRefusals.pt.sessionNotFound,
  verify: "Verificar",
  verifying: "Verificando...",
  back: "Voltar",
  setupTitle: "Ative a verificação em duas etapas",
  setupLeadStaff:
    "Contas da equipe Vértice entram com senha e um código do celular. Configure agora para continuar.",
  setupLead: "Além da senha, sua conta pedirá um código do celular a cada entrada.",
  setupStep1:
    "Abra um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) e leia o QR code.",
  setupStep2: "Sem câmera? Digite esta chave no aplicativo:",
  setupStep3: "Digite o código de 6 dígitos que o aplicativo mostra.",
  secretLabel: "Chave secreta",
  qrTitle: "QR code para o aplicativo autenticador",
  activate: "Ativar",
  activating: "Ativando...",
  enabledTitle: "Verificação em duas etapas ativada",
  recoveryLead:
    "Guarde estes códigos de recuperação em um lugar seguro (gerenciador de senhas, papel guardado). Cada um entra uma vez se você perder o celular. Eles não serão mostrados de novo.",
  recoveryTitle: "Códigos de recuperação",
  copyCodes: "Copiar os códigos",
  codesCopied: "Códigos copiados.",
  copyFailed: "Não foi possível copiar: selecione os códigos e copie-os.",
  downloadCodes: "Baixar como arquivo .txt",
  codesFile: "vertice-codigos-de-recuperacao.txt",
  continue: "Continuar",
  securityTitle: "Segurança da conta",
  twoFactorTitle: "Verificação em duas etapas",
  twoFactorOn: (date: string) => `Ativada desde ${date}.`,
  twoFactorOff: "Desativada. Ative para que sua senha sozinha não baste para entrar na sua conta.",
  twoFactorRequiredStaff: "Obrigatória para a equipe.",
  recoveryLeft: (n: number) =>
    n === 1 ? "Resta 1 código de recuperação." : `Restam ${n} códigos de recuperação.`,
  turnOn: "Ativar verificação em duas etapas",
  turnOff: "Desativar",
  turnOffSummary: "Desativar a verificação em duas etapas",
  newRecoveryCodes: "Gerar novos códigos de recuperação",
  confirmWithCode: "Confirme com um código do aplicativo ou de recuperação",
  twoFactorDisabled: "Verificação em duas etapas desativada. As outras sessões foram encerradas.",
  newCodesShown: "Novos códigos gerados: os anteriores não funcionam mais.",
  sessionsTitle: "Sessões ativas",
  sessionsLead: "Onde sua conta está conectada agora. Encerre o que você não reconhecer.",
  sessionsEmpty: "Nenhuma outra sessão ativa.",
  device: "Dispositivo",
  place: "Local aproximado (rede)",
  firstUse: "Entrou em",
  lastUse: "Último uso",
  thisDevice: "Este dispositivo",
  unknownPlace: "Desconhecido",
  end: "Encerrar",
  endOthers: "Encerrar todas as outras",
  sessionEnded: "Sessão encerrada.",
  othersEnded: (n: number) =>
    n === 0 ? "Não havia outras sessões." : n === 1 ? "1 sessão encerrada." : `${n} sessões encerradas.`,
  passwordTitle: "Trocar senha",
  passwordLead: "Ao trocar a senha, todas as outras sessões são encerradas.",
  currentPassword: "Senha atual",
  newPassword: "Nova senha",
  passwordHint: "Pelo menos 8 caracteres.",
  changePassword: "Trocar senha",
  passwordChangedOthersEnded: (n: number) =>
    n === 0
      ? "Senha trocada."
      : n === 1
        ? "Senha trocada. 1 outra sessão foi encerrada."
        : `Senha trocada. ${n} outras sessões foram encerradas.`,
  fieldRequired: (label: string) => `Informe: ${label}.`,
};

export type SecurityTexts = typeof pt;

const en: SecurityTexts = {
  code: "Code",
  codeStepTitle: "Two-step verification",
  codeStepLead:
    "Enter the 6-digit code from your authenticator app. No phone at hand? Use one of your recovery codes.",
  codeMissing: "Enter the code.",
  invalidCode: twoFactorRefusals.en.invalidCode,
  tooManyCodes: twoFactorRefusals.en.tooManyCodes,
  sessionNotFound: authRefusals.en.sessionNotFound,
  verify: "Verify",
  verifying: "Verifying...",
  back: "Back",
  setupTitle: "Turn on two-step verification",
  setupLeadStaff:
    "Vértice team accounts sign in with a password and a code from a phone. Set it up now to continue.",
  setupLead: "Besides your password, your account will ask for a code from your phone at each sign-in.",
  setupStep1:
    "Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) and scan the QR code.",
  setupStep2: "No camera? Type this key into the app:",
  setupStep3: "Enter the 6-digit code the app shows.",
  secretLabel: "Secret key",
  qrTitle: "QR code for the authenticator app",
  activate: "Turn on",
  activating: "Turning on...",
  enabledTitle: "Two-step verification is on",
  recoveryLead:
    "Keep these recovery codes somewhere safe (a password manager, a stored sheet of paper). Each signs in once if you lose your phone. They will not be shown again.",
  recoveryTitle: "Recovery codes",
  copyCodes: "Copy the codes",
  codesCopied: "Codes copied.",
  copyFailed: "Could not copy: select the codes and copy them.",
  downloadCodes: "Download as a .txt file",
  codesFile: "vertice-recovery-codes.txt",
  continue: "Continue",
  securityTitle: "Account security",
  twoFactorTitle: "Two-step verification",
  twoFactorOn: (date) => `On since ${date}.`,
  twoFactorOff: "Off. Turn it on so that your password alone is not enough to sign in to your account.",
  twoFactorRequiredStaff: "Required for the team.",
  recoveryLeft: (n) => (n === 1 ? "1 recovery code left." : `${n} recovery codes left.`),
  turnOn: "Turn on two-step verification",
  turnOff: "Turn off",
  turnOffSummary: "Turn off two-step verification",
  newRecoveryCodes: "Generate new recovery codes",
  confirmWithCode: "Confirm with a code from the app or a recovery code",
  twoFactorDisabled: "Two-step verification turned off. Your other sessions were ended.",
  newCodesShown: "New codes generated: the previous ones no longer work.",
  sessionsTitle: "Active sessions",
  sessionsLead: "Where your account is signed in now. End anything you do not recognise.",
  sessionsEmpty: "No other active session.",
  device: "Device",
  place: "Approximate place (network)",
  firstUse: "Signed in",
  lastUse: "Last used",
  thisDevice: "This device",
  unknownPlace: "Unknown",
  end: "End",
  endOthers: "End all others",
  sessionEnded: "Session ended.",
  othersEnded: (n) =>
    n === 0 ? "There were no other sessions." : n === 1 ? "1 session ended." : `${n} sessions ended.`,
  passwordTitle: "Change password",
  passwordLead: "Changing your password ends every other session.",
  currentPassword: "Current password",
  newPassword: "New password",
  passwordHint: "At least 8 characters.",
  changePassword: "Change password",
  passwordChangedOthersEnded: (n) =>
    n === 0
      ? "Password changed."
      : n === 1
        ? "Password changed. 1 other session was ended."
        : `Password changed. ${n} other sessions were ended.`,
  fieldRequired: (label) => `Enter: ${label}.`,
};

export function securityTexts(language: OfferedLanguage): SecurityTexts {
  return language === "en" ? en : pt;
}
