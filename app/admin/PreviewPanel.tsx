import { previewUrl } from "@domain/content/preview-routes.ts";
import { useState } from "react";
import { contentTexts } from "./content-texts.ts";
import { timeOf } from "./useDocumentDraft.ts";

const t = contentTexts.workflow;

export interface PreviewChoicesData {
  token: string;
  expiresAt: string;
  routes: { path: string; label: string }[];
  sites: { segment: string; label: string; baseUrl: string }[];
  languages: { code: string; label: string; prefix: string }[];
}

/**
 * The choice of where to see a draft (decision 100): a page that uses the document, a site (main or a
 * segment's) and a language; the signed link opens the real page with the draft, and can be copied
 * to send to a colleague.
 */
export function PreviewPanel({ choices, onClose }: { choices: PreviewChoicesData; onClose: () => void }) {
  const [route, setRoute] = useState(choices.routes[0]?.path ?? "/");
  const [site, setSite] = useState(choices.sites[0]?.segment ?? "");
  const [language, setLanguage] = useState(choices.languages[0]?.code ?? "pt");
  const [copied, setCopied] = useState(false);
  const base = choices.sites.find((s) => s.segment === site) ?? choices.sites[0];
  const prefix = choices.languages.find((l) => l.code === language)?.prefix ?? "";
  const url = base ? previewUrl(base.baseUrl, prefix, route, choices.token) : "";
  return (
    <section className="workflow-panel" aria-labelledby="previa-titulo">
      <h2 id="previa-titulo">{t.previewTitle}</h2>
      {choices.routes.length === 0 ? (
        <p>{t.previewNone}</p>
      ) : (
        <>
          <p className="field__help">{t.previewIntro}</p>
          <label className="field">
            <span className="field__label">{t.previewPage}</span>
            <select value={route} onChange={(event) => setRoute(event.target.value)}>
              {choices.routes.map((r) => (
                <option key={r.path} value={r.path}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
          {choices.sites.length > 1 && (
            <label className="field">
              <span className="field__label">{t.previewSite}</span>
              <select value={site} onChange={(event) => setSite(event.target.value)}>
                {choices.sites.map((s) => (
                  <option key={s.segment} value={s.segment}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {choices.languages.length > 1 && (
            <label className="field">
              <span className="field__label">{t.previewLanguage}</span>
              <select value={language} onChange={(event) => setLanguage(event.target.value)}>
                {choices.languages.map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="field">
            <span className="field__label">{t.previewLink}</span>
            <input type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          </label>
          <p className="field__help">{t.previewUntil(timeOf(choices.expiresAt))}</p>
          <div className="workflow-panel__actions">
            <a href={url} target="_blank" rel="noopener" className="button button--primary">
              {t.previewOpen}
            </a>
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                void navigator.clipboard?.writeText(url).then(() => setCopied(true));
              }}
            >
              {t.previewCopy}
            </button>
            <span aria-live="polite">{copied ? t.previewCopied : ""}</span>
          </div>
        </>
      )}
      <button type="button" className="button button--link" onClick={onClose}>
        {t.close}
      </button>
    </section>
  );
}
