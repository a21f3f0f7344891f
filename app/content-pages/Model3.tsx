import { formatContentDate, type PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import { useEffect, useState } from "react";
import { Icon } from "~/components/Icon.tsx";
import { ContentLink, PageHero } from "./parts.tsx";

type Model3Content = Extract<ContentPage, { template: "model3" }>["content"];
type CookieTableItem = Extract<
  Model3Content["contentBlocks"][number]["content"][number],
  { type: "cookie-table" }
>;

/** B §2.3, §9.5: a click scrolls so the block's heading sits 100 px below the top. */
export const SCROLL_OFFSET_PX = 100;
/** The sidebar sticks once the page has scrolled this far. */
export const STICKY_AFTER_PX = 100;

/** The block the reader is in: the last one whose top has passed the offset line (the first at the top). */
export function activeBlock(tops: { id: string; top: number }[], offset = SCROLL_OFFSET_PX): string | null {
  let active = tops[0]?.id ?? null;
  for (const block of tops) if (block.top - offset <= 1) active = block.id;
  return active;
}

/**
 * model3 (B §2.3), the legal and policy pages: a sticky sidebar navigation with icons and blocks
 * of headings, paragraphs and bulleted sections, each with its 'Atualizado em' date. The block
 * being read is marked in the sidebar (aria-current); a click scrolls smoothly to the block.
 */
export function Model3({ content, texts }: { content: Model3Content; texts: PageTexts }) {
  const navigation = content.sidebarContent.navigation.length
    ? content.sidebarContent.navigation
    : content.contentBlocks.map((b) => ({ id: b.id, label: b.title, icon: undefined }));
  const [active, setActive] = useState<string | null>(content.contentBlocks[0]?.id ?? null);
  const [stuck, setStuck] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setStuck(window.scrollY > STICKY_AFTER_PX);
      const tops = content.contentBlocks.flatMap((block) => {
        const element = document.getElementById(block.id);
        return element ? [{ id: block.id, top: element.getBoundingClientRect().top }] : [];
      });
      setActive(activeBlock(tops));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [content.contentBlocks]);

  const goTo = (event: React.MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({
      top: target.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX,
      behavior: reduced ? "auto" : "smooth",
    });
    window.history.replaceState(null, "", `#${id}`);
    target.focus({ preventScroll: true });
    setActive(id);
  };

  return (
    <>
      <PageHero hero={content.hero} />
      <div className="legal-layout">
        <nav
          className={`legal-sidebar ${stuck ? "is-stuck" : ""}`}
          aria-label={texts.onThisPage}
          style={
            content.sidebarContent.backgroundColor
              ? { backgroundColor: content.sidebarContent.backgroundColor }
              : undefined
          }
        >
          <ul>
            {navigation.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  aria-current={active === item.id ? "location" : undefined}
                  className={active === item.id ? "is-active" : undefined}
                  onClick={(event) => goTo(event, item.id)}
                >
                  <Icon name={item.icon ?? "file-text"} size={18} />
                  <span>{item.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="legal-content">
          {content.contentBlocks.map((block) => (
            <section
              key={block.id}
              id={block.id}
              className="legal-block"
              tabIndex={-1}
              aria-labelledby={`${block.id}-titulo`}
            >
              <h2 id={`${block.id}-titulo`}>{block.title}</h2>
              {block.content.map((item, index) => {
                const key = `${block.id}-${index}`;
                if (item.type === "heading") return <h3 key={key}>{item.text}</h3>;
                if (item.type === "cookie-table")
                  return <CookieTable key={key} rows={item.cookies ?? []} texts={texts} />;
                if (item.type === "paragraph")
                  return (
                    <p key={key}>
                      {item.text}
                      {item.link && (
                        <>
                          {" "}
                          <ContentLink to={item.link.link}>{item.link.text}</ContentLink>
                        </>
                      )}
                    </p>
                  );
                return (
                  <div key={key} className="legal-block__list">
                    {item.title && <h3>{item.title}</h3>}
                    <ul>
                      {item.items.map((entry) => (
                        <li key={entry}>{entry}</li>
                      ))}
                    </ul>
                  </div>
                );
              })}
              <p className="legal-block__updated">
                {texts.updatedAt}{" "}
                <time dateTime={block.lastUpdate}>{formatContentDate(block.lastUpdate, texts)}</time>
              </p>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

/** The site's cookies (decision 123): drawn from the list the cookie choice uses. */
function CookieTable({ rows, texts }: { rows: NonNullable<CookieTableItem["cookies"]>; texts: PageTexts }) {
  return (
    <div className="legal-table-wrap">
      <table className="legal-table">
        <thead>
          <tr>
            <th scope="col">{texts.cookieTable.name}</th>
            <th scope="col">{texts.cookieTable.purpose}</th>
            <th scope="col">{texts.cookieTable.duration}</th>
            <th scope="col">{texts.cookieTable.category}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">
                <code>{row.name}</code>
              </th>
              <td data-label={texts.cookieTable.purpose}>{row.purpose}</td>
              <td data-label={texts.cookieTable.duration}>{row.duration}</td>
              <td data-label={texts.cookieTable.category}>{row.category}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
