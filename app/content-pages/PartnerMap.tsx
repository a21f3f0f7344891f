import "leaflet/dist/leaflet.css";
import brazil from "virtual:brazil-outline";
import type { PageTexts } from "@domain/content/page-texts.ts";
import type { Partner } from "@domain/content/partners-schema.ts";
import { spreadApart } from "@domain/marker-spread.ts";
import { drawingOrder, type MapSegment, segmentOf } from "@domain/partners.ts";
import L from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { GeoJSON, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { PartnerContactLink, partnerChannel } from "./PartnerContact.tsx";

/** B §2.4, §9.5: the map's centre, zoom and height; active markers bounce twice, 4000 ms apart, 700 ms each. */
export const MAP_CENTER: [number, number] = [-14.235, -51.9253];
export const MAP_ZOOM = 4;
export const BOUNCE_EVERY_MS = 4_000;
export const BOUNCE_MS = 700;
export const MAX_BOUNCES = 2;
/** A marker's target around its 22 px dot: WCAG 2.2's minimum target size is 24 px. */
const MARKER_SIZE_PX = 28;
/** Apart by a target and 2 px more: still clear once Leaflet rounds positions to whole pixels. */
const MARKER_GAP_PX = MARKER_SIZE_PX + 2;

function markerIcon(partner: Partner, color: string, bouncing: boolean): L.DivIcon {
  const classes = [
    "partner-marker",
    partner.ativo ? "partner-marker--active" : "partner-marker--expanding",
    bouncing && partner.ativo ? "is-bouncing" : "",
  ].join(" ");
  return L.divIcon({
    className: "partner-marker-wrapper",
    html: `<span class="${classes}" style="--marker-color:${color}"></span>`,
    iconSize: [MARKER_SIZE_PX, MARKER_SIZE_PX],
    iconAnchor: [MARKER_SIZE_PX / 2, MARKER_SIZE_PX / 2],
    popupAnchor: [0, -10],
  });
}

/**
 * The interactive map of Brazil (B §2.4), loaded only on the map page: the country outline shipped
 * with the site (and tiles when MAP_TILE_URL is set), one marker per partner coloured by segment,
 * active ones on top; each marker is keyboard-reachable and opens its info window.
 */
export default function PartnerMap({
  partners,
  segments,
  texts,
  tileUrl,
}: {
  partners: Partner[];
  segments: MapSegment[];
  texts: PageTexts;
  tileUrl: string | null;
}) {
  const t = texts.map;
  const [bounce, setBounce] = useState(0);
  const [bouncing, setBouncing] = useState(false);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (bounce >= MAX_BOUNCES) return;
    const start = setTimeout(() => {
      setBouncing(true);
      setTimeout(() => {
        setBouncing(false);
        setBounce((n) => n + 1);
      }, BOUNCE_MS);
    }, BOUNCE_EVERY_MS);
    return () => clearTimeout(start);
  }, [bounce]);

  // The markers come in a task after the map and its outline: drawn together they were one long
  // task on a slow phone (Lighthouse's TBT 80 ms on this page).
  const [markersShown, setMarkersShown] = useState(false);
  useEffect(() => {
    const later = setTimeout(() => setMarkersShown(true), 0);
    return () => clearTimeout(later);
  }, []);

  const ordered = useMemo(() => drawingOrder(partners), [partners]);
  return (
    <MapContainer
      center={MAP_CENTER}
      zoom={MAP_ZOOM}
      className="partner-map"
      scrollWheelZoom={false}
      attributionControl={Boolean(tileUrl)}
      aria-label={t.map}
    >
      {tileUrl && <TileLayer url={tileUrl} />}
      <GeoJSON
        data={brazil}
        style={{ color: "#7aa7ff", weight: 1.5, fillColor: "#1c2b4a", fillOpacity: tileUrl ? 0.25 : 1 }}
        interactive={false}
      />
      {markersShown && (
        <PartnerMarkers
          partners={ordered}
          segments={segments}
          bouncing={bouncing}
          // A visitor who opened a partner's window has found the markers: a bounce then would
          // redraw the marker under the open window (and, on a slow phone, close it).
          onPopupOpen={() => {
            setBouncing(false);
            setBounce(MAX_BOUNCES);
          }}
          t={t}
        />
      )}
    </MapContainer>
  );
}

/**
 * One marker per partner, where it is or, when it would cover another at this zoom, moved just
 * clear of it (decision 089): a marker half under another is too small a target to touch. Moved
 * again at each zoom; zoomed in, every marker stands on its city.
 */
function PartnerMarkers({
  partners,
  segments,
  bouncing,
  onPopupOpen,
  t,
}: {
  partners: Partner[];
  segments: MapSegment[];
  bouncing: boolean;
  onPopupOpen: () => void;
  t: PageTexts["map"];
}) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()), popupopen: onPopupOpen });
  const positions = useMemo(() => {
    const points = partners.map((p) => map.project([p.lat, p.lng], zoom));
    return spreadApart(points, MARKER_GAP_PX).map((p) => map.unproject(L.point(p.x, p.y), zoom));
  }, [map, partners, zoom]);
  return (
    <>
      {partners.map((partner, i) => {
        const segment = segmentOf(segments, partner.segmento);
        return (
          <Marker
            key={partner.id}
            position={positions[i]!}
            icon={markerIcon(partner, segment.color, bouncing)}
            opacity={partner.ativo ? 1 : 0.6}
            zIndexOffset={partner.ativo ? 1000 : 0}
            title={`${partner.nome}, ${partner.cidade} – ${partner.estado}: ${segment.name}`}
            alt={`${partner.nome}, ${partner.cidade} – ${partner.estado}`}
            keyboard
          >
            <Popup>
              <div className="partner-popup">
                <strong className="partner-popup__name">{partner.nome}</strong>
                <span>
                  {partner.cidade} – {partner.estado}
                </span>
                <span className="partner-popup__segment">
                  <span
                    className="map-legend__dot"
                    style={{ backgroundColor: segment.color }}
                    aria-hidden="true"
                  />
                  {segment.name}
                </span>
                <span className={`badge ${partner.ativo ? "badge--active" : "badge--expanding"}`}>
                  {partner.ativo ? t.activeBadge : t.expandingBadge}
                </span>
                <PartnerContactLink partner={partner} className="button button--whatsapp">
                  {t.contact}
                </PartnerContactLink>
                <small className="partner-popup__channel">{partnerChannel(partner, t)}</small>
              </div>
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}
