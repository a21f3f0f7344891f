/** Brazil's outline, cut from Natural Earth at build time (scripts/vite-brazil-outline.ts). */
declare module "virtual:brazil-outline" {
  const outline: import("geojson").Feature<import("geojson").Polygon | import("geojson").MultiPolygon>;
  export default outline;
}
