import { createRequire } from "node:module";
import type { Feature, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { Plugin } from "vite";

/** The module the partner map imports: Brazil's outline as GeoJSON. */
export const BRAZIL_OUTLINE_MODULE = "virtual:brazil-outline";
const RESOLVED = `\0${BRAZIL_OUTLINE_MODULE}`;
/** Brazil in Natural Earth (ISO 3166-1 numeric). */
const BRAZIL_ID = "076";

/**
 * Brazil's outline from Natural Earth (world-atlas's 1:50m TopoJSON), cut out of the world map at
 * build time, so the map draws the country with no tile server and nobody types coordinates.
 */
export function brazilOutline(): Feature<Polygon | MultiPolygon> {
  const require = createRequire(import.meta.url);
  const world = require("world-atlas/countries-50m.json") as Topology<{ countries: GeometryCollection }>;
  const countries = feature(world, world.objects.countries);
  const brazil = countries.features.find((country) => String(country.id) === BRAZIL_ID);
  if (!brazil) throw new Error("world-atlas: Brazil (076) not found");
  const geometry = brazil.geometry as Polygon | MultiPolygon;
  // Four decimals (about 11 m) are far finer than zoom 4 shows, and keep the map chunk small.
  const round = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(round)
      : typeof value === "number"
        ? Math.round(value * 1e4) / 1e4
        : value;
  return {
    type: "Feature",
    id: BRAZIL_ID,
    properties: { name: "Brasil" },
    geometry: { ...geometry, coordinates: round(geometry.coordinates) } as Polygon | MultiPolygon,
  };
}

/** Vite plugin: `import outline from "virtual:brazil-outline"` gives the GeoJSON feature. */
export function brazilOutlinePlugin(): Plugin {
  return {
    name: "vertice:brazil-outline",
    resolveId(id) {
      return id === BRAZIL_OUTLINE_MODULE ? RESOLVED : null;
    },
    load(id) {
      return id === RESOLVED ? `export default ${JSON.stringify(brazilOutline())};` : null;
    },
  };
}
