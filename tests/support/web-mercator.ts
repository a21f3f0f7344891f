/**
 * Where Leaflet's default projection (Web Mercator, 256 px tiles) puts a point at a zoom, in pixels
 * from the world's top-left corner: what map.project gives. The partner map tests compare marker
 * positions with it, in Node (the unit test) and against the page (the end-to-end test).
 */
export function projectToPixels(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}
