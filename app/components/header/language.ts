import { LANGUAGE_COOKIE, type OfferedLanguage, splitLanguagePrefix } from "@domain/locale.ts";

/** Where a language link points without JavaScript: the same page under the language prefix. */
export function languageHref(code: OfferedLanguage, pathname: string): string {
  const { path } = splitLanguagePrefix(pathname);
  return path === "/" ? `/${code}` : `/${code}${path}`;
}

/** The event other parts of the page can listen to after a manual switch (A §4). */
export const LANGUAGE_CHANGE_EVENT = "vertice:languagechange";

/**
 * A manual switch (A §4): the choice is saved (a host-only cookie, so per subdomain), announced, and
 * the page data reloaded in the new language without a full page load.
 */
export function saveLanguage(code: OfferedLanguage): void {
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    // Cached client data in the old language is dropped.
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith("vertice-data:")) sessionStorage.removeItem(key);
  } catch {}
  window.dispatchEvent(new CustomEvent(LANGUAGE_CHANGE_EVENT, { detail: { language: code } }));
}
