import type { Messages } from "@domain/i18n.ts";
import { livesAtRoot, OFFERED_LANGUAGES, type OfferedLanguage, splitLanguagePrefix } from "@domain/locale.ts";
import { type MouseEvent, useState } from "react";
import { useHref, useLocation, useRevalidator } from "react-router";
import { Flag } from "./Flag.tsx";
import { languageHref, saveLanguage } from "./language.ts";

interface Props {
  language: OfferedLanguage;
  t: Messages;
  /** Desktop: flags only. Mobile: a collapsible list with names. */
  variant: "flags" | "list";
  onChange?: () => void;
}

/** The language selector (A §2): pt and en offered; a switch saves the choice and reloads the data. */
export function LanguageSelector({ language, t, variant, onChange }: Props) {
  const location = useLocation();
  // The address as the visitor sees it, with its language prefix (React Router's basename, decision 109).
  const pathname = useHref(location.pathname);
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);

  const choose = (code: OfferedLanguage) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    saveLanguage(code);
    onChange?.();
    setOpen(false);
    const { language: prefix, path } = splitLanguagePrefix(pathname);
    // The address decides the language (decision 122): the page is loaded under the new prefix (another
    // basename, a document of its own); Portuguese, from a prefixed page, at the address without one.
    // The areas that live only at the root read the saved choice itself: their data is loaded again.
    if (livesAtRoot(path)) void revalidator.revalidate();
    else
      window.location.assign(
        prefix && code === "pt"
          ? `${path}${location.search}`
          : `${languageHref(code, pathname)}${location.search}`,
      );
  };

  const links = OFFERED_LANGUAGES.map((code) => (
    <li key={code}>
      <a
        href={languageHref(code, pathname)}
        hrefLang={code}
        lang={code}
        aria-current={code === language ? "true" : undefined}
        aria-label={variant === "flags" ? t.languageNames[code] : undefined}
        title={t.languageNames[code]}
        onClick={choose(code)}
        className="language__option"
      >
        <Flag code={code} />
        {variant === "list" && <span>{t.languageNames[code]}</span>}
      </a>
    </li>
  ));

  if (variant === "flags") {
    return (
      // A list takes no name of its own (validators discourage it): the group around it does.
      <div role="group" aria-label={t.language} className="language-group">
        <ul className="language language--flags">{links}</ul>
      </div>
    );
  }
  return (
    <div className="language language--list">
      <button
        type="button"
        className="language__toggle"
        aria-expanded={open}
        aria-controls="idiomas-mobile"
        onClick={() => setOpen((v) => !v)}
      >
        <Flag code={language} /> {t.language}: {t.languageNames[language]}
      </button>
      <ul id="idiomas-mobile" className="language__list" hidden={!open}>
        {links}
      </ul>
    </div>
  );
}
