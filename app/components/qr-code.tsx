/**
 * A QR code drawn by the server (server/billing/qr.ts: one path of dark modules on white) as an
 * inline SVG named for screen readers: no image request, nothing for the CSP to allow. A Pix
 * charge and a two-factor set-up show one.
 */
export function QrCode({ id, size, path, title }: { id: string; size: number; path: string; title: string }) {
  return (
    <svg
      className="pix-qr"
      viewBox={`0 0 ${size} ${size}`}
      width="208"
      height="208"
      role="img"
      aria-labelledby={id}
      shapeRendering="crispEdges"
    >
      <title id={id}>{title}</title>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
