import type { PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import type { Partner } from "@domain/content/partners-schema.ts";
import {
  ALL_PARTNERS,
  filterPartners,
  LEGEND_SIZE,
  type MapSegment,
  mapSegments,
  type PartnerFilters,
  partnerSummary,
  type SiteSegment,
  segmentOf,
} from "@domain/partners.ts";
import { type ComponentType, useEffect, useMemo, useState } from "react";
import { Icon } from "~/components/Icon.tsx";
import { PartnerContactLink, partnerChannel } from "./PartnerContact.tsx";
import { PageHero } from "./parts.tsx";

type MapContent = Extract<ContentPage, { template: "map" | "mapa" | "PageModelMap" }>["content"];

/**
 * The partner map page (B §2.4): hero, section cards, the four summary tiles, the filter panel
 * with its legend, and the partners as a list (server-rendered, for screen readers and visitors
 * without JavaScript). Filters work in the browser on the list. The segments are the site's, named
 * in the page's language (decision 129).
 */
type MapComponent = ComponentType<{
  partners: Partner[];
  segments: MapSegment[];
  texts: PageTexts;
  tileUrl: string | null;
}>;

/** The map's states (B §4.2): its code loading, loaded; a failure ends the loading message. */
type MapState = { kind: "loading" } | { kind: "loaded"; Map: MapComponent } | { kind: "failed" };

export function MapPage({
  content,
  partners,
  segments: siteSegments,
  texts,
  tileUrl,
}: {
  content: MapContent;
  partners: Partner[];
  segments: SiteSegment[];
  texts: PageTexts;
  tileUrl: string | null;
}) {
  const [filters, setFilters] = useState<PartnerFilters>(ALL_PARTNERS);
  const [map, setMap] = useState<MapState>({ kind: "loading" });
  // Leaflet needs a browser, and only this page needs it: its code is fetched once the page is shown.
  useEffect(() => {
    let live = true;
    import("./PartnerMap.tsx").then(
      (module) => live && setMap({ kind: "loaded", Map: module.default }),
      () => live && setMap({ kind: "failed" }),
    );
    return () => {
      live = false;
    };
  }, []);
  const t = texts.map;
  const summary = partnerSummary(partners);
  const segments = useMemo(() => mapSegments(siteSegments), [siteSegments]);
  const shown = filterPartners(partners, filters);
  return (
    <>
      <PageHero hero={content.hero} />
      {content.sectionCards.length > 0 && (
        <ul className="map-cards">
          {content.sectionCards.map((card) => (
            <li key={card.title}>
              <Icon name={card.icon ?? "map-pin"} size={28} />
              <h2>{card.title}</h2>
              <p>{card.description}</p>
            </li>
          ))}
        </ul>
      )}
      <ul className="map-tiles">
        <li>
          <strong>{summary.total}</strong> <span>{t.total}</span>
        </li>
        <li>
          <strong>{summary.active}</strong> <span>{t.active}</span>
        </li>
        <li>
          <strong>{summary.expanding}</strong> <span>{t.expanding}</span>
        </li>
        <li>
          <strong>{summary.segments}</strong> <span>{t.segments}</span>
        </li>
      </ul>
      <section className="map-panel" aria-labelledby="filtros-titulo">
        <h2 id="filtros-titulo">{t.filters}</h2>
        <div className="map-panel__controls">
          <label className="field">
            <span className="field__label">{t.segment}</span>
            <select
              value={filters.segment ?? ""}
              onChange={(event) => setFilters({ ...filters, segment: event.target.value || null })}
            >
              <option value="">{t.allSegments}</option>
              {segments.map((segment) => (
                <option key={segment.id} value={segment.id}>
                  {segment.name}
                </option>
              ))}
            </select>
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={filters.showActive}
              onChange={(event) => setFilters({ ...filters, showActive: event.target.checked })}
            />
            <span>{t.active}</span>
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={filters.showExpanding}
              onChange={(event) => setFilters({ ...filters, showExpanding: event.target.checked })}
            />
            <span>{t.expanding}</span>
          </label>
        </div>
        <div className="map-legend">
          <p className="map-legend__title">{t.legend}</p>
          <ul>
            {segments.slice(0, LEGEND_SIZE).map((segment) => (
              <li key={segment.id}>
                <span
                  className="map-legend__dot"
                  style={{ backgroundColor: segment.color }}
                  aria-hidden="true"
                />
                {segment.name}
              </li>
            ))}
            {segments.length > LEGEND_SIZE && <li>{t.moreSegments(segments.length - LEGEND_SIZE)}</li>}
          </ul>
        </div>
      </section>
      <div className="partner-map-frame">
        {map.kind === "loaded" ? (
          <map.Map partners={shown} segments={segments} texts={texts} tileUrl={tileUrl} />
        ) : map.kind === "loading" ? (
          <p className="partner-map-frame__loading" role="status">
            {t.loading}
          </p>
        ) : null}
      </div>
      <section className="page-section" aria-labelledby="lista-parceiros-titulo">
        <h2 id="lista-parceiros-titulo">{t.list}</h2>
        <p aria-live="polite">{t.shown(shown.length)}</p>
        <ul className="partner-list">
          {shown.map((partner) => {
            const segment = segmentOf(segments, partner.segmento);
            return (
              <li key={partner.id}>
                <span
                  className="map-legend__dot"
                  style={{ backgroundColor: segment.color }}
                  aria-hidden="true"
                />
                <span className="partner-list__place">
                  <strong>{partner.nome}</strong>
                  <span>
                    {partner.cidade} – {partner.estado} · {segment.name}
                  </span>
                </span>
                <span className={`badge ${partner.ativo ? "badge--active" : "badge--expanding"}`}>
                  {partner.ativo ? t.activeBadge : t.expandingBadge}
                </span>
                <span className="partner-list__contact">
                  <PartnerContactLink partner={partner}>
                    {t.contact}
                    <span className="visually-hidden">: {partner.nome}</span>
                  </PartnerContactLink>
                  <small>{partnerChannel(partner, t)}</small>
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
