import { ACCEPTED_LANGUAGES, LANGUAGE_COOKIE, type Language, PATH_LANGUAGES } from "@domain/languages.ts";

/**
 * Agents that must see what an address answers, never be sent elsewhere by a guess from their
 * language: search engines index the address they asked for (hreflang tells them of the others).
 */
const NEVER_REDIRECTED = "bot|crawl|spider|slurp|facebookexternalhit|lighthouse|preview";

/**
 * The inline script at the top of an unprefixed public page (decision 122). What an address answers
 * never depends on a cookie or the browser's language, so a shared cache can serve it to everyone;
 * A §4's order still holds for the visitor, here: the saved choice (the `lang` cookie) first, then,
 * when the site configures no default language, the browser's; either takes the visitor to the
 * same page under that language's prefix before anything is drawn. `own` is the language the
 * address answers in.
 */
export function languageRedirectScript(own: Language, browserMayChoose: boolean): string {
  const prefixes = JSON.stringify(PATH_LANGUAGES);
  const accepted = JSON.stringify(ACCEPTED_LANGUAGES);
  return [
    "(function(){try{",
    `var m=document.cookie.match(/(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)/),l=m?decodeURIComponent(m[1]):"";`,
    browserMayChoose
      ? `if(!l&&!/${NEVER_REDIRECTED}/i.test(navigator.userAgent)){var a=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||""];for(var i=0;i<a.length;i++){var c=String(a[i]).toLowerCase().split("-")[0];if(${accepted}.indexOf(c)>=0){l=c;break}}}`
      : "",
    `if(l&&l!==${JSON.stringify(own)}&&${prefixes}.indexOf(l)>=0){var p=location.pathname;location.replace("/"+l+(p==="/"?"":p)+location.search+location.hash)}`,
    "}catch(e){}})()",
  ].join("");
}
