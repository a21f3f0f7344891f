/**
 * What the API's guards answer (A §8), in Portuguese: HTTP by nature (decision 059). The refusals
 * of accounts and sessions are in the catalogue (domain/refusals/auth.ts, decision 115).
 */
export const authMessages = {
  tokenMissing: "Token não encontrado",
  sessionInvalid: "Sessão inválida ou expirada. Entre novamente.",
} as const;
