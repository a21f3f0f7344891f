import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SplicedGzip } from "./spliced-gzip.ts";

const text = (value: string) => Buffer.from(value, "utf8");

describe("SplicedGzip", () => {
  it("gives a gzip body that any gunzip reads back as the parts with the value between them", () => {
    const body = new SplicedGzip([text("<p>olá "), text(" e "), text(" fim</p>")]);
    const chunks = body.gzip(text("TOKEN-1"));
    // gunzipSync checks the CRC-32 and length of the trailer: a wrong combination throws.
    expect(gunzipSync(Buffer.concat(chunks)).toString("utf8")).toBe("<p>olá TOKEN-1 e TOKEN-1 fim</p>");
    expect(Buffer.concat(chunks).length).toBe(body.gzipLength(7));
  });

  it("gives a different, still valid body for each value", () => {
    const body = new SplicedGzip([text("a="), text(";")]);
    for (const value of ["1", "22", "", "x".repeat(300)]) {
      expect(gunzipSync(Buffer.concat(body.gzip(text(value)))).toString()).toBe(`a=${value};`);
    }
  });

  it("handles empty parts, a value at the start or the end, and no place at all", () => {
    expect(
      gunzipSync(Buffer.concat(new SplicedGzip([text(""), text("fim")]).gzip(text("V")))).toString(),
    ).toBe("Vfim");
    expect(
      gunzipSync(Buffer.concat(new SplicedGzip([text("início"), text("")]).gzip(text("V")))).toString(),
    ).toBe("inícioV");
    expect(gunzipSync(Buffer.concat(new SplicedGzip([text("só")]).gzip(text("ignored")))).toString()).toBe(
      "só",
    );
  });

  it("combines CRCs correctly for large random parts", () => {
    const parts = [randomBytes(70_000), randomBytes(1), randomBytes(131_073), randomBytes(4_096)];
    const value = randomBytes(120);
    const body = new SplicedGzip(parts);
    const expected = Buffer.concat(body.plain(value));
    expect(expected.length).toBe(body.plainLength(120));
    expect(gunzipSync(Buffer.concat(body.gzip(value))).equals(expected)).toBe(true);
  });

  it("compresses the fixed parts: a repetitive page shrinks", () => {
    const page = text(`<html>${"<li class=item>Gestão</li>".repeat(2_000)}</html>`);
    const body = new SplicedGzip([page.subarray(0, 1000), page.subarray(1000)]);
    expect(body.gzipLength(60)).toBeLessThan(page.length / 20);
  });

  it("refuses a value that does not fit one stored block", () => {
    expect(() => new SplicedGzip([text("a"), text("b")]).gzip(Buffer.alloc(70_000))).toThrow();
  });
});
