import QRCode from "qrcode";

/** Modules of white around the symbol, as ISO/IEC 18004 asks for a reader to find it. */
export const QR_QUIET_ZONE = 4;

/** A QR code's dark modules: rows of booleans, `size` by `size`, without the quiet zone. */
export interface QrMatrix {
  size: number;
  dark(row: number, column: number): boolean;
}

/** The QR code of a text (the qrcode library; error correction M, as banks' Pix codes use). */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (row, column) => modules.get(row, column) === 1 };
}

/**
 * The QR code as one SVG path in a square of `size + 2 × QR_QUIET_ZONE` units: a horizontal run of
 * dark modules per rectangle. The page draws it in an inline <svg> (no image request, nothing for
 * the CSP to allow).
 */
export function qrSvgPath(text: string): { size: number; path: string } {
  const matrix = qrMatrix(text);
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.dark(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.dark(row, column)) column++;
      parts.push(`M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${column - start}v1h-${column - start}z`);
    }
  }
  return { size: matrix.size + 2 * QR_QUIET_ZONE, path: parts.join("") };
}
