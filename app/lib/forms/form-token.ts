import { createContext, useContext } from "react";

/**
 * The document's signed "shown at" token (server/leads/spam.ts) for the forms every page carries
 * (newsletter, chat). It is not loader data: it appears only in attributes (this meta tag and the
 * forms' hidden inputs), never in an inline script, so a cached page keeps its script hashes and
 * the page cache can splice a fresh token into each copy it serves.
 */
export const FORM_TOKEN_META = "form-token";

export const FormTokenContext = createContext("");

export function useFormToken(): string {
  return useContext(FormTokenContext);
}

/** In the browser: the token the server rendered into this document. */
export function documentFormToken(): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${FORM_TOKEN_META}"]`)?.content ?? "";
}

/** The token the last accepted submission handed back (browser only: set in event handlers). */
let handedBack: string | null = null;

/**
 * After an accepted submission: the server spent the token it carried (decision 077) and
 * answered with a fresh one for the page's next form (the newsletter, then the chat popup, say).
 */
export function rememberFormToken(token: unknown): void {
  if (typeof token === "string" && token) handedBack = token;
}

/** The token to send with a submission: the last one handed back, else the one the page rendered. */
export function currentFormToken(rendered: string | undefined): string | undefined {
  return handedBack ?? rendered;
}
