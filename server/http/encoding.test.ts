import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./encoding.ts";

describe("the coding of an answer, by negotiator", () => {
  it("Brotli first, then gzip, as accepted and at hand", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", ["br", "gzip"])).toBe("br");
    expect(chooseEncoding("gzip, deflate, br, zstd", ["gzip"])).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip", ["br", "gzip"])).toBe("gzip");
    expect(chooseEncoding("*", ["br", "gzip"])).toBe("br");
    expect(chooseEncoding("br", ["gzip"])).toBe("identity");
  });
  it("a q=0 refuses a coding even under *", () => {
    expect(chooseEncoding("gzip;q=0, *", ["gzip"])).toBe("identity");
    expect(chooseEncoding("gzip;q=0, *", ["br", "gzip"])).toBe("br");
    expect(chooseEncoding("gzip;q=0, br;q=0", ["br", "gzip"])).toBe("identity");
  });
  it("the client's weights win over the server's order", () => {
    expect(chooseEncoding("br;q=0.5, gzip;q=1", ["br", "gzip"])).toBe("gzip");
  });
  it("no header, or a list of headers", () => {
    expect(chooseEncoding(undefined, ["br", "gzip"])).toBe("identity");
    expect(chooseEncoding("", ["br", "gzip"])).toBe("identity");
    expect(chooseEncoding(["gzip", "br"], ["br", "gzip"])).toBe("br");
  });
});

describe("a cached page without Brotli at hand: gzip when Accept-Encoding allows it", () => {
  const acceptsGzip = (header: string | string[] | undefined) => chooseEncoding(header, ["gzip"]) === "gzip";
  it("reads Accept-Encoding with its weights", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("GZIP")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(["deflate", "gzip"])).toBe(true);
  });
});
