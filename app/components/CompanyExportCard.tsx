import type { OfferedLanguage } from "@domain/languages.ts";
import { companyExportTexts } from "@domain/privacy/texts.ts";

/**
 * The owner's download of the company's data (decision 111): a plain link to the ZIP (a download, so
 * the browser stays on the page), with a line saying what it contains.
 */
export function CompanyExportCard({ language }: { language: OfferedLanguage }) {
  const t = companyExportTexts[language === "en" ? "en" : "pt"];
  return (
    <section className="member-card company-export" aria-labelledby="dados-empresa-titulo">
      <h2 id="dados-empresa-titulo">{t.title}</h2>
      <p id="dados-empresa-texto">{t.text}</p>
      <a
        href="/user/empresa/dados"
        className="button button--outline"
        download
        aria-describedby="dados-empresa-texto"
        // A download, not a page: React Router must not fetch it as a route.
        data-discover="false"
        rel="nofollow"
      >
        {t.button}
      </a>
    </section>
  );
}
