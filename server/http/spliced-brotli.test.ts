import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SplicedBrotli } from "./spliced-brotli.ts";

/** A page like ours: markup that repeats (so the encoder uses long copies), the token in places. */
const page = (() => {
  const items = Array.from(
    { length: 200 },
    (_, i) => `<li class="card"><a href="/blog/post-${i % 17}">Como escolher um ERP ${i % 23}</a></li>`,
  ).join("\n");
  return `<!doctype html><html lang="pt-BR"><head><meta name="t" content="@"></head><body><ul>${items}</ul><form><input type="hidden" name="_t" value="@"></form><ul>${items}</ul><input value="@"></body></html>`;
})();
const parts = page.split("@").map((part) => Buffer.from(part));
const expected = (value: string) => page.replaceAll("@", value);
const token = (n: number) => `1795542022781.${String(n).padStart(12, "x")}.${"s".repeat(43)}`;

describe("SplicedBrotli", () => {
  it("gives a valid brotli body with any value of its length in every place, compressed", async () => {
    const spliced = (await SplicedBrotli.create(parts, token(1).length))!;
    expect(spliced).not.toBeNull();
    for (const n of [1, 2, 99]) {
      const body = Buffer.concat(spliced.brotli(Buffer.from(token(n))));
      expect(brotliDecompressSync(body).toString()).toBe(expected(token(n)));
      expect(body.length).toBe(spliced.length);
    }
    expect(spliced.length).toBeLessThan(page.length / 5);
  });

  it("takes only values of the length it was made for", async () => {
    const spliced = (await SplicedBrotli.create(parts, 10))!;
    expect(spliced.fits(Buffer.from("0123456789"))).toBe(true);
    expect(spliced.fits(Buffer.from("012345678"))).toBe(false);
    expect(() => spliced.brotli(Buffer.from("012345678"))).toThrow(/fixed length/);
  });

  it("compresses a page without places as it is", async () => {
    const spliced = (await SplicedBrotli.create([Buffer.from(page)], 0))!;
    expect(spliced.fits(Buffer.from("anything"))).toBe(true);
    expect(brotliDecompressSync(Buffer.concat(spliced.brotli(Buffer.alloc(0)))).toString()).toBe(page);
  });

  it("declines what it cannot splice soundly: control characters in the page, too many or too long values", async () => {
    const withControl = [Buffer.from("a\u0001b"), Buffer.from("c")];
    expect(await SplicedBrotli.create(withControl, 5)).toBeNull();
    expect(await SplicedBrotli.create(parts, 400)).toBeNull(); // 3 places × 400 bytes > the placeholders
    expect(await SplicedBrotli.create(parts, 0)).toBeNull();
    expect(await SplicedBrotli.create([], 5)).toBeNull();
  });
});
