import type { MenuData } from "@domain/content/schemas.ts";
import type { Messages } from "@domain/i18n.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type { Loaded } from "@domain/shell.ts";
import { SITE_NAME } from "@domain/site.ts";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { LanguageSelector } from "./header/LanguageSelector.tsx";
import { MegaPanel, menuColumns } from "./header/MegaPanel.tsx";
import { SiteLink } from "./SiteLink.tsx";

interface Props {
  menu: Loaded<MenuData>;
  language: OfferedLanguage;
  /** The signed-in visitor, whose button leads to their area instead of the login. */
  account: { name: string; home: string } | null;
  t: Messages;
}

/** A §9: sticky look after 50 px of scroll; the mobile menu at 768 px and below. */
const STICKY_AFTER_PX = 50;
const MOBILE_QUERY = "(max-width: 768px)";

/**
 * The site header from menu_data (A §2, §3): desktop mega menu opening on hover and keyboard focus,
 * 'top' links, flag selector, login and free-trial buttons; a right-side overlay menu on phones.
 */
export function SiteHeader({ menu, language, account, t }: Props) {
  const data = menu.status === "loaded" ? menu.data : null;
  const [scrolled, setScrolled] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [openItem, setOpenItem] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const location = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape returns focus to the item's button without opening the panel again.
  const closingByKey = useRef(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > STICKY_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // The mobile menu closes when the window grows past the breakpoint, and on navigation.
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const onChange = () => {
      if (!query.matches) setMobileOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  // Both menus close on every navigation.
  useEffect(() => {
    setMobileOpen(false);
    setOpenItem(null);
  }, [location.pathname]);

  // Body scroll is locked while the overlay is open; Escape closes it.
  useEffect(() => {
    if (!mobileOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMobileOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener("keydown", onKey);
    };
  }, [mobileOpen]);

  // An open panel sits under its item but never past the window's right edge (narrow desktops).
  const menuList = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    if (!openItem) return;
    const panel = menuList.current?.querySelector<HTMLElement>(".menu__item.is-open > .mega");
    if (!panel) return;
    const place = () => {
      panel.style.transform = "";
      const overflow = panel.getBoundingClientRect().right - (document.documentElement.clientWidth - 16);
      if (overflow > 0) panel.style.transform = `translateX(${-Math.ceil(overflow)}px)`;
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [openItem]);

  const items = data?.main_menu ?? [];
  const desktopItems = items.filter((item) => !item.class.includes("mobile"));
  const accountButton = account ? (
    <SiteLink to={account.home} className="button button--outline">
      {t.myAccount}
    </SiteLink>
  ) : (
    <SiteLink to="/login" className="button button--outline">
      {t.login}
    </SiteLink>
  );
  // A signed-in customer already has the product (and staff sell it): no trial call to action for them.
  const trialButton = account ? null : (
    <SiteLink to="/teste-gratis" className="button button--primary">
      {t.freeTrial}
    </SiteLink>
  );

  const logo = (
    <SiteLink to="/" className="site-header__logo">
      <img src={data?.logo ?? "/images/logo.svg"} alt={`${SITE_NAME} — ${t.home}`} width={148} height={36} />
    </SiteLink>
  );

  return (
    <header className={`site-header${scrolled ? " is-sticky" : ""}${mobileOpen ? " menu-open" : ""}`}>
      <div className="site-header__inner">
        {logo}

        <nav aria-label={t.mainNavigation} className="site-header__nav desktop-only">
          {menu.status === "error" && <p className="site-header__notice">{t.menuError}</p>}
          <ul ref={menuList} className="menu" data-hydrated={hydrated || undefined}>
            {desktopItems.map((item) => {
              const id = `menu-${item.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
              const hasPanel = (item.content?.length ?? 0) > 0;
              const open = openItem === item.title;
              return (
                // hover and focus leaving the item only mirror what its button already does for keyboard and touch
                <li
                  key={item.title}
                  className={`menu__item${hasPanel ? " menu__item--panel" : ""}${open ? " is-open" : ""}`}
                  onMouseEnter={hasPanel ? () => setOpenItem(item.title) : undefined}
                  onMouseLeave={hasPanel ? () => setOpenItem(null) : undefined}
                  onBlur={(event) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenItem(null);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === "Escape" && open) {
                      setOpenItem(null);
                      closingByKey.current = true;
                      (event.currentTarget.querySelector("button") as HTMLButtonElement | null)?.focus();
                    }
                  }}
                >
                  {hasPanel ? (
                    <>
                      <button
                        type="button"
                        className="menu__trigger"
                        aria-expanded={open}
                        aria-controls={id}
                        onClick={() => setOpenItem(open ? null : item.title)}
                        onFocus={() => {
                          if (closingByKey.current) closingByKey.current = false;
                          else setOpenItem(item.title);
                        }}
                      >
                        {item.title}
                        <span className="menu__caret" aria-hidden="true" />
                      </button>
                      <MegaPanel item={item} id={id} onNavigate={() => setOpenItem(null)} />
                    </>
                  ) : item.link ? (
                    <SiteLink
                      to={item.link}
                      className={`menu__link${item.highlight ? " menu__link--highlight" : ""}`}
                    >
                      {item.title}
                    </SiteLink>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="site-header__actions desktop-only">
          <LanguageSelector language={language} t={t} variant="flags" />
          {accountButton}
          {trialButton}
        </div>

        <button
          ref={toggle}
          type="button"
          className="menu-toggle mobile-only"
          aria-expanded={mobileOpen}
          aria-controls={hydrated ? "menu-mobile" : undefined}
          onClick={() => setMobileOpen((v) => !v)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">{mobileOpen ? t.closeMenu : t.openMenu}</span>
        </button>
      </div>

      {/* The phone menu opens only with JavaScript (its button), so it is drawn once the header is
          hydrated: 3.9 KB less HTML on every page. */}
      {hydrated && (
        <div className={`mobile-menu${mobileOpen ? " is-open" : ""}`} id="menu-mobile" hidden={!mobileOpen}>
          <button
            type="button"
            className="mobile-menu__backdrop"
            aria-label={t.closeMenu}
            tabIndex={-1}
            onClick={() => setMobileOpen(false)}
          />
          <div className="mobile-menu__panel" role="dialog" aria-modal="true" aria-label={t.mobileNavigation}>
            <div className="mobile-menu__top">
              {logo}
              <button
                type="button"
                className="mobile-menu__close"
                onClick={() => setMobileOpen(false)}
                aria-label={t.closeMenu}
              >
                ×
              </button>
            </div>
            <LanguageSelector
              language={language}
              t={t}
              variant="list"
              onChange={() => setMobileOpen(false)}
            />
            <nav aria-label={t.mobileNavigation}>
              {menu.status === "error" && <p className="site-header__notice">{t.menuError}</p>}
              <ul className="mobile-menu__items">
                {items.map((item) =>
                  item.content?.length ? (
                    <li key={item.title}>
                      <details className="mobile-menu__section">
                        <summary>{item.title}</summary>
                        {item.intro && <p className="mega__intro">{item.intro}</p>}
                        {menuColumns(item).map((entries, index) => (
                          <div key={index} className="mobile-menu__column">
                            {entries.map((entry) => (
                              <div key={`${entry.column}-${entry.section_title ?? index}`}>
                                {entry.section_title && (
                                  <p className="mega__section-title">{entry.section_title}</p>
                                )}
                                <ul>
                                  {entry.items.map((link) => (
                                    <li key={link.title}>
                                      {link.link ? (
                                        <SiteLink to={link.link}>{link.title}</SiteLink>
                                      ) : (
                                        link.title
                                      )}
                                    </li>
                                  ))}
                                </ul>
                              </div>
                            ))}
                          </div>
                        ))}
                      </details>
                    </li>
                  ) : item.link ? (
                    <li key={item.title}>
                      <SiteLink to={item.link} className="mobile-menu__link">
                        {item.title}
                      </SiteLink>
                    </li>
                  ) : null,
                )}
              </ul>
            </nav>
            <div className="mobile-menu__actions">
              {accountButton}
              {trialButton}
            </div>
          </div>
        </div>
      )}
    </header>
  );
}
