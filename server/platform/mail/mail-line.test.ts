import { describe, expect, it } from "vitest";
import { mailLine } from "./message.ts";

describe("mailLine: a stored string in a plain-text e-mail", () => {
  it("keeps one line: line breaks, tabs and other control characters become one space", () => {
    expect(mailLine("Ana\r\n\r\nClique aqui: https://evil.example\tjá")).toBe(
      "Ana Clique aqui: https://evil.example já",
    );
    expect(mailLine("Ana\u2028Bcc: x@evil.example\u2029fim")).toBe("Ana Bcc: x@evil.example fim");
  });
  it("drops invisible format characters (a right-to-left override that would disguise text)", () => {
    expect(mailLine("Ana \u202Egnp.exe\u202C")).toBe("Ana gnp.exe");
  });
  it("keeps markup as the text it is (the message is text/plain), trims and caps the length", () => {
    expect(mailLine("  <b>Ana</b> & Cia  ")).toBe("<b>Ana</b> & Cia");
    expect(mailLine("x".repeat(300))).toHaveLength(120);
    expect(mailLine("José da Conceição")).toBe("José da Conceição");
  });
});
