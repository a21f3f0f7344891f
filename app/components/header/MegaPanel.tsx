import type { MenuData } from "@domain/content/schemas.ts";
import { SiteLink } from "../SiteLink.tsx";

type MenuItem = MenuData["main_menu"][number];

/** The columns of a submenu (A §3: content entries grouped by column, each with a section title). */
export function menuColumns(item: MenuItem) {
  const columns = new Map<number, NonNullable<MenuItem["content"]>>();
  for (const entry of item.content ?? []) {
    const list = columns.get(entry.column) ?? [];
    list.push(entry);
    columns.set(entry.column, list);
  }
  return [...columns.entries()].sort(([a], [b]) => a - b).map(([, entries]) => entries);
}

export function MegaPanel({ item, id, onNavigate }: { item: MenuItem; id: string; onNavigate?: () => void }) {
  return (
    <div className="mega" id={id}>
      {item.intro && <p className="mega__intro">{item.intro}</p>}
      <div className="mega__columns">
        {menuColumns(item).map((entries, index) => (
          <div className="mega__column" key={index}>
            {entries.map((entry) => (
              <div key={`${entry.column}-${entry.section_title ?? index}`} className="mega__section">
                {entry.section_title && <p className="mega__section-title">{entry.section_title}</p>}
                <ul>
                  {entry.items.map((link) => (
                    <li key={link.title}>
                      {link.link ? (
                        <SiteLink to={link.link} onClick={onNavigate} className="mega__link">
                          <span className="mega__link-title">
                            {link.title}
                            {link.badge && <span className="mega__badge">{link.badge}</span>}
                          </span>
                          {link.description && (
                            <span className="mega__link-description">{link.description}</span>
                          )}
                        </SiteLink>
                      ) : (
                        <span className="mega__link-title">{link.title}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
