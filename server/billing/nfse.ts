import { XMLValidator } from "fast-xml-parser";
import { fileTypeFromBuffer } from "file-type";
import { fieldRefusal } from "./refusal.ts";

/**
 * The NFS-e files billing attaches to an invoice (decision 096), checked by what their bytes are and
 * never by their names or declared types: the PDF by its signature (file-type), the XML by being
 * well-formed UTF-8 XML (fast-xml-parser's validator, which parses without expanding anything).
 */

/** An NFS-e's PDF (DANFSe) is tens of kilobytes; a few megabytes leaves room for scanned logos. */
export const MAX_NFSE_PDF_BYTES = 3 * 1024 * 1024;
/** The XML of one NFS-e is a few kilobytes (ABRASF, Padrão Nacional). */
export const MAX_NFSE_XML_BYTES = 1024 * 1024;
/** The PUT's body: both files at their largest plus the fields and the multipart framing. */
export const NFSE_BODY_BYTES = 5 * 1024 * 1024;

export const nfseMessages = {
  bodyTooLarge: `A NFS-e passa do limite: PDF de até ${MAX_NFSE_PDF_BYTES / 1024 / 1024} MB e XML de até ${MAX_NFSE_XML_BYTES / 1024 / 1024} MB.`,
  fileRequired: "Envie o PDF (campo pdf) e/ou o XML (campo xml) da NFS-e.",
  pdfEmpty: "O arquivo pdf está vazio.",
  pdfTooLarge: `O arquivo pdf passa de ${MAX_NFSE_PDF_BYTES / 1024 / 1024} MB.`,
  pdfNotPdf: "O arquivo pdf não é um PDF (o conteúdo não começa com a assinatura %PDF).",
  xmlEmpty: "O arquivo xml está vazio.",
  xmlTooLarge: `O arquivo xml passa de ${MAX_NFSE_XML_BYTES / 1024 / 1024} MB.`,
  xmlNotUtf8: "O arquivo xml não está em UTF-8.",
  xmlMalformed: (where: string) => `O arquivo xml não é um XML bem formado (${where}).`,
  xmlDoctype: "O arquivo xml não pode ter declaração DOCTYPE.",
} as const;

const refuse = (field: "pdf" | "xml", message: string) => fieldRefusal({ [field]: message });

/** The PDF's bytes, when they are a PDF of an accepted size; otherwise a 422 naming `pdf`. */
export async function checkNfsePdf(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.byteLength === 0) throw refuse("pdf", nfseMessages.pdfEmpty);
  if (bytes.byteLength > MAX_NFSE_PDF_BYTES) throw refuse("pdf", nfseMessages.pdfTooLarge);
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== "application/pdf") throw refuse("pdf", nfseMessages.pdfNotPdf);
  return bytes;
}

/** The XML's bytes, when they are well-formed UTF-8 XML of an accepted size; otherwise a 422 naming `xml`. */
export function checkNfseXml(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength === 0) throw refuse("xml", nfseMessages.xmlEmpty);
  if (bytes.byteLength > MAX_NFSE_XML_BYTES) throw refuse("xml", nfseMessages.xmlTooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refuse("xml", nfseMessages.xmlNotUtf8);
  }
  const body = text.trimStart();
  if (!body.startsWith("<")) throw refuse("xml", nfseMessages.xmlMalformed("não começa com '<'"));
  // An NFS-e never has one; a DOCTYPE could declare entities that a reader downstream expands.
  if (/<!DOCTYPE/i.test(body)) throw refuse("xml", nfseMessages.xmlDoctype);
  const verdict = XMLValidator.validate(body);
  if (verdict !== true)
    throw refuse("xml", nfseMessages.xmlMalformed(`linha ${verdict.err.line}, coluna ${verdict.err.col}`));
  return bytes;
}
