import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "@cantoo/pdf-lib";
import { formatBoletoLine } from "@domain/billing/boleto.ts";
import { saoPauloDay } from "@domain/billing/dates.ts";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "@domain/billing/invoice-status.ts";
import { formatCentavos } from "@domain/billing/money.ts";
import { formatCnpjForDisplay } from "@domain/cnpj.ts";
import { formatCompetence, formatDay } from "@domain/format.ts";
import { QR_QUIET_ZONE, qrMatrix } from "./qr.ts";
import { VENDOR } from "./vendor.ts";

/**
 * What the invoice PDF prints (decision 097): made by the product, the same bytes' content for whoever
 * downloads it.
 */
export interface InvoicePdfInput {
  number: string;
  competence: string;
  issuedOn: string;
  dueOn: string;
  paidOn: string | null;
  amountCentavos: number;
  lines: { description: string; amountCentavos: number }[];
  status: InvoiceStatus;
  boletoLine: string | null;
  /** The Pix copia e cola, while the invoice is open and Pix is configured. */
  pixCode: string | null;
  nfseNumber: string | null;
  nfseVerificationCode: string | null;
  company: { legalName: string; tradeName: string; cnpj: string };
  /** When the PDF was made (its footer and metadata). */
  generatedAt: Date;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = A4.width - 2 * MARGIN;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.35, 0.38, 0.44);
const BRAND = rgb(0.05, 0.27, 0.6);
const LINE = rgb(0.82, 0.85, 0.89);

/** The characters Windows-1252 has beyond Latin-1 (the standard fonts' WinAnsi encoding). */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/**
 * Text the PDF's standard fonts can draw: WinAnsi holds Portuguese's accents and ç, not every
 * character a company's name or a line's description may hold; the others print as "?".
 */
export function pdfText(value: string): string {
  return [...value.normalize("NFC").replace(/[\t\r\n]+/g, " ")]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)
        ? char
        : "?";
    })
    .join("");
}

/** Words laid in lines no wider than `width`; a word wider than a line is cut where it must be. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of pdfText(text).split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines.length ? lines : [""];
}

/** A long code (Pix) cut every `width` of a monospaced font: no spaces to break at. */
function chunks(code: string, font: PDFFont, size: number, width: number): string[] {
  const perLine = Math.max(1, Math.floor(width / font.widthOfTextAtSize("0", size)));
  const out: string[] = [];
  for (let i = 0; i < code.length; i += perLine) out.push(code.slice(i, i + perLine));
  return out;
}

/**
 * The invoice as a PDF (@cantoo/pdf-lib, the maintained fork of pdf-lib, A4, the standard Helvetica and Courier fonts): the vendor and the
 * customer, the facts, the lines and total, how to pay while it is open (Pix copia e cola with its
 * QR code, the boleto's digitable line) and its NFS-e. In Portuguese: a Brazilian billing document,
 * the same for every reader and for the accountant's archive.
 */
export async function invoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const status = INVOICE_STATUS_LABELS.pt[input.status];
  const companyName = input.company.tradeName
    ? `${input.company.legalName} (${input.company.tradeName})`
    : input.company.legalName;

  doc.setTitle(`Fatura ${input.number}`);
  doc.setSubject(`Fatura ${input.number} de ${VENDOR.legalName} para ${input.company.legalName}`);
  doc.setAuthor(VENDOR.legalName);
  doc.setKeywords(["fatura", input.number, formatCompetence(input.competence)]);
  doc.setCreator("Portal do Cliente Vértice");
  doc.setLanguage("pt-BR");
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const FOOTER_SPACE = 40;

  const text = (
    value: string,
    x: number,
    options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; right?: boolean } = {},
  ) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    const safe = pdfText(value);
    const at = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font, color: options.color ?? INK });
  };
  const down = (points: number) => {
    y -= points;
  };
  /** A new page when `points` more would not fit above the footer. */
  const room = (points: number) => {
    if (y - points >= MARGIN + FOOTER_SPACE) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const rule = () => {
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 0.75,
      color: LINE,
    });
  };
  const heading = (title: string) => {
    room(40);
    down(22);
    text(title, MARGIN, { size: 12, font: bold, color: BRAND });
    down(8);
    rule();
    down(14);
  };

  // The vendor, and the invoice's number on the right.
  down(8);
  text("Vértice", MARGIN, { size: 22, font: bold, color: BRAND });
  text("FATURA", A4.width - MARGIN, { size: 10, font: bold, color: MUTED, right: true });
  down(20);
  text(`Nº ${input.number}`, A4.width - MARGIN, { size: 16, font: bold, right: true });
  text(VENDOR.legalName, MARGIN, { size: 10, font: bold });
  down(14);
  text(`CNPJ ${VENDOR.cnpj}`, MARGIN, { size: 9, color: MUTED });
  text(`Situação: ${status}`, A4.width - MARGIN, { size: 10, font: bold, right: true });
  down(12);
  text(VENDOR.address, MARGIN, { size: 9, color: MUTED });
  down(12);
  text(`${VENDOR.email} · ${VENDOR.phone}`, MARGIN, { size: 9, color: MUTED });
  down(14);
  rule();

  // The customer.
  heading("Cliente");
  for (const line of wrap(companyName, bold, 11, CONTENT)) {
    text(line, MARGIN, { size: 11, font: bold });
    down(14);
  }
  text(`CNPJ ${formatCnpjForDisplay(input.company.cnpj)}`, MARGIN, { size: 10 });
  down(4);

  // The facts, in four columns.
  heading("Dados da fatura");
  const facts: [string, string][] = [
    ["Competência", formatCompetence(input.competence)],
    ["Emissão", formatDay(input.issuedOn)],
    ["Vencimento", formatDay(input.dueOn)],
    [
      input.paidOn ? "Pagamento" : "Valor",
      input.paidOn ? formatDay(input.paidOn) : formatCentavos(input.amountCentavos),
    ],
  ];
  const column = CONTENT / facts.length;
  facts.forEach(([label], i) => {
    text(label, MARGIN + i * column, { size: 8, color: MUTED });
  });
  down(14);
  facts.forEach(([, value], i) => {
    text(value, MARGIN + i * column, { size: 11, font: bold });
  });
  down(4);

  // The lines and the total.
  heading("Itens");
  const valueColumn = 110;
  text("Descrição", MARGIN, { size: 8, color: MUTED });
  text("Valor", A4.width - MARGIN, { size: 8, color: MUTED, right: true });
  down(14);
  for (const line of input.lines) {
    const wrapped = wrap(line.description, regular, 10, CONTENT - valueColumn);
    room(wrapped.length * 13 + 6);
    text(formatCentavos(line.amountCentavos), A4.width - MARGIN, { size: 10, right: true });
    for (const part of wrapped) {
      text(part, MARGIN, { size: 10 });
      down(13);
    }
    down(3);
  }
  room(30);
  rule();
  down(16);
  text("Total", MARGIN, { size: 12, font: bold });
  text(formatCentavos(input.amountCentavos), A4.width - MARGIN, { size: 12, font: bold, right: true });
  down(4);

  // How to pay, or why there is nothing to pay.
  heading("Pagamento");
  const paragraph = (value: string, options: { size?: number; font?: PDFFont } = {}) => {
    const size = options.size ?? 10;
    for (const line of wrap(value, options.font ?? regular, size, CONTENT)) {
      room(size + 4);
      text(line, MARGIN, { size, font: options.font });
      down(size + 4);
    }
  };
  if (input.status === "paga") {
    paragraph(
      input.paidOn ? `Fatura paga em ${formatDay(input.paidOn)}. Obrigado!` : "Fatura paga. Obrigado!",
    );
  } else if (input.status === "cancelada") {
    paragraph("Fatura cancelada: não há nada a pagar.");
  } else {
    if (input.status === "vencida")
      paragraph(`Vencida em ${formatDay(input.dueOn)}. Se já pagou, desconsidere este aviso.`, {
        font: bold,
      });
    paragraph(
      `Valor a pagar: ${formatCentavos(input.amountCentavos)}, com vencimento em ${formatDay(input.dueOn)}.`,
    );
    if (input.pixCode) {
      const matrix = qrMatrix(input.pixCode);
      const qrSide = 118;
      const codeWidth = CONTENT - qrSide - 16;
      const codeLines = chunks(input.pixCode, mono, 8, codeWidth);
      room(Math.max(qrSide, 30 + codeLines.length * 10) + 10);
      down(8);
      const top = y + 10;
      text("Pix copia e cola", MARGIN, { size: 11, font: bold });
      down(13);
      for (const line of wrap(
        "No app do seu banco, escolha Pix copia e cola e cole o código abaixo, ou leia o QR code.",
        regular,
        9,
        codeWidth,
      )) {
        text(line, MARGIN, { size: 9, color: MUTED });
        down(12);
      }
      for (const line of codeLines) {
        text(line, MARGIN, { size: 8, font: mono });
        down(10);
      }
      // The QR code: one square per dark module, its quiet zone left white.
      const cell = qrSide / (matrix.size + 2 * QR_QUIET_ZONE);
      const left = A4.width - MARGIN - qrSide;
      for (let row = 0; row < matrix.size; row++)
        for (let col = 0; col < matrix.size; col++)
          if (matrix.dark(row, col))
            page.drawRectangle({
              x: left + (col + QR_QUIET_ZONE) * cell,
              y: top - (row + QR_QUIET_ZONE + 1) * cell,
              width: cell,
              height: cell,
              color: rgb(0, 0, 0),
            });
      y = Math.min(y, top - qrSide) - 4;
    }
    if (input.boletoLine) {
      room(50);
      down(10);
      text("Boleto: linha digitável", MARGIN, { size: 11, font: bold });
      down(15);
      text(formatBoletoLine(input.boletoLine), MARGIN, { size: 10, font: mono });
      down(12);
    }
    if (!input.pixCode && !input.boletoLine)
      paragraph(
        "Os dados de pagamento desta fatura seguem em separado. Em caso de dúvida, fale com o financeiro.",
      );
  }

  if (input.nfseNumber || input.nfseVerificationCode) {
    heading("Nota fiscal de serviço (NFS-e)");
    paragraph(
      [
        input.nfseNumber ? `NFS-e nº ${input.nfseNumber}` : "NFS-e",
        input.nfseVerificationCode ? `código de verificação ${input.nfseVerificationCode}` : "",
      ]
        .filter(Boolean)
        .join(", "),
    );
  }

  // Each page's footer: who issued it, which invoice, which page.
  const pages = doc.getPages();
  const made = formatDay(saoPauloDay(input.generatedAt));
  pages.forEach((each, i) => {
    const footer = pdfText(
      `${VENDOR.legalName} · CNPJ ${VENDOR.cnpj} · Fatura ${input.number} · gerada em ${made} · página ${i + 1} de ${pages.length}`,
    );
    each.drawLine({
      start: { x: MARGIN, y: MARGIN + 14 },
      end: { x: A4.width - MARGIN, y: MARGIN + 14 },
      thickness: 0.5,
      color: LINE,
    });
    each.drawText(footer, { x: MARGIN, y: MARGIN, size: 7.5, font: regular, color: MUTED });
  });
  return doc.save();
}
