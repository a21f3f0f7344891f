import type { Messages } from "@domain/i18n.ts";

/** The missing-data state of every data-driven section (A §2): names the document and the lookup order. */
export function MissingData({ section, searched, t }: { section: string; searched: string[]; t: Messages }) {
  return (
    <div className="section-state section-state--missing" role="status">
      <p className="section-state__title">{t.sectionMissing(section)}</p>
      <p>{t.lookupOrder}</p>
      <ol>
        {searched.map((path) => (
          <li key={path}>
            <code>{path}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The error state (A §2, §8): message and a 'Tentar novamente' button that reloads the page. */
export function LoadError({ title, t }: { title: string; t: Messages }) {
  return (
    <div className="section-state section-state--error" role="alert">
      <p className="section-state__title">{title}</p>
      <p>{t.sectionErrorDetail}</p>
      <button type="button" className="button button--outline" onClick={() => window.location.reload()}>
        {t.tryAgain}
      </button>
    </div>
  );
}
