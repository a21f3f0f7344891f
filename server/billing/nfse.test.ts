import { describe, expect, it } from "vitest";
import { checkNfsePdf, checkNfseXml, MAX_NFSE_PDF_BYTES, MAX_NFSE_XML_BYTES } from "./nfse.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
/** The smallest PDF file-type recognises: its signature and a trailer. */
const TINY_PDF = bytes("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const NFSE_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<CompNfse xmlns="http://www.abrasf.org.br/nfse.xsd"><Nfse><InfNfse Id="n1"><Numero>1234</Numero><CodigoVerificacao>AB12-CD34</CodigoVerificacao><Descricao>Licença de uso — Plano Empresarial</Descricao></InfNfse></Nfse></CompNfse>';

const refusal = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    return error as { kind: string; details: { fieldErrors: Record<string, string> } };
  }
  throw new Error("accepted");
};

describe("NFS-e files are checked by what they are", () => {
  it("a PDF by its signature, whatever its name", async () => {
    expect(await checkNfsePdf(TINY_PDF)).toBe(TINY_PDF);
    const text = await refusal(() => checkNfsePdf(bytes("isto é um texto com nome de nota.pdf")));
    expect(text.kind).toBe("invalid-fields");
    expect(text.details.fieldErrors.pdf).toMatch(/não é um PDF/);
    expect((await refusal(() => checkNfsePdf(bytes(NFSE_XML)))).details.fieldErrors.pdf).toMatch(
      /não é um PDF/,
    );
    expect((await refusal(() => checkNfsePdf(new Uint8Array()))).details.fieldErrors.pdf).toMatch(/vazio/);
    const huge = new Uint8Array(MAX_NFSE_PDF_BYTES + 1);
    huge.set(TINY_PDF);
    expect((await refusal(() => checkNfsePdf(huge))).details.fieldErrors.pdf).toMatch(/passa de 3 MB/);
  });

  it("an XML by being well-formed UTF-8, without DOCTYPE", async () => {
    expect(checkNfseXml(bytes(NFSE_XML))).toBeTruthy();
    expect(checkNfseXml(bytes(`\uFEFF${NFSE_XML}`)), "with a byte order mark").toBeTruthy();
    const cases: [string | Uint8Array, RegExp][] = [
      ["<CompNfse><Nfse></CompNfse>", /bem formado \(linha 1/],
      ["não é xml", /não começa com '<'/],
      [TINY_PDF, /não começa com '<'/],
      ['<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', /DOCTYPE/],
      [new Uint8Array([0x3c, 0x61, 0x3e, 0xe9, 0x3c, 0x2f, 0x61, 0x3e]), /UTF-8/],
      ["", /vazio/],
      [`<a>${"x".repeat(MAX_NFSE_XML_BYTES)}</a>`, /passa de 1 MB/],
    ];
    for (const [input, message] of cases) {
      const error = await refusal(() => checkNfseXml(typeof input === "string" ? bytes(input) : input));
      expect(error.details.fieldErrors.xml, String(message)).toMatch(message);
    }
  });
});
