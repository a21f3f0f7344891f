import { Link } from "react-router";
import type { MenuData } from "~/lib/content/schemas.ts";
import type { Messages } from "~/lib/i18n.ts";
import { OFFERED_LANGUAGES, type OfferedLanguage } from "~/lib/locale.ts";
import type { Loaded } from "~/lib/shell.ts";
import { SITE_NAME } from "~/lib/site.ts";

interface Props {
  menu: Loaded<MenuData>;
  language: OfferedLanguage;
  homePath: string;
  /** The signed-in visitor, whose button leads to their area instead of the login. */
  account: { name: string; home: string } | null;
  t: Messages;
}

/**
 * The site header filled from menu_data (A §2, §3). This is the server-rendered shell; the mega
 * menu, sticky behaviour and mobile overlay come with the public-site work.
 */
export function SiteHeader({ menu, language, homePath, account, t }: Props) {
  const data = menu.status === "loaded" ? menu.data : null;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={homePath} className="site-header__logo">
          {data ? (
            <img src={data.logo} alt={SITE_NAME} width={148} height={36} />
          ) : (
            <span className="site-header__wordmark">{SITE_NAME}</span>
          )}
        </Link>
        <nav aria-label={t.mainNavigation} className="site-header__nav">
          {menu.status === "error" && <p className="site-header__notice">{t.menuError}</p>}
          {data && (
            <ul className="menu">
              {data.main_menu
                .filter((item) => !item.class.includes("mobile"))
                .map((item) => (
                  <li
                    key={item.title}
                    className={item.class.includes("top") ? "menu__item menu__item--top" : "menu__item"}
                  >
                    {item.content?.length ? (
                      <details className="menu__group">
                        <summary>{item.title}</summary>
                        <div className="menu__panel">
                          {item.intro && <p className="menu__intro">{item.intro}</p>}
                          {item.content.map((column) => (
                            <div
                              key={`${column.column}-${column.section_title ?? ""}`}
                              className="menu__column"
                            >
                              {column.section_title && (
                                <p className="menu__section-title">{column.section_title}</p>
                              )}
                              <ul>
                                {column.items.map((entry) => (
                                  <li key={entry.title}>
                                    {entry.link ? <Link to={entry.link}>{entry.title}</Link> : entry.title}
                                  </li>
                                ))}
                              </ul>
                            </div>
                          ))}
                        </div>
                      </details>
                    ) : item.link ? (
                      <Link
                        to={item.link}
                        className={item.highlight ? "menu__link menu__link--highlight" : "menu__link"}
                      >
                        {item.title}
                      </Link>
                    ) : (
                      <span>{item.title}</span>
                    )}
                  </li>
                ))}
            </ul>
          )}
        </nav>
        <div className="site-header__actions">
          <ul className="language-list" aria-label={t.language}>
            {OFFERED_LANGUAGES.map((code) => (
              <li key={code}>
                <a
                  href={`/${code}`}
                  hrefLang={code}
                  lang={code}
                  aria-current={code === language ? "true" : undefined}
                >
                  {t.languageNames[code]}
                </a>
              </li>
            ))}
          </ul>
          {account ? (
            <Link to={account.home} className="button button--outline">
              {t.myAccount}
            </Link>
          ) : (
            <Link to="/login" className="button button--outline">
              {t.login}
            </Link>
          )}
          <Link to="/teste-gratis" className="button button--primary">
            {t.freeTrial}
          </Link>
        </div>
      </div>
    </header>
  );
}
