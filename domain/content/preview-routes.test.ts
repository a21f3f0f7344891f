import { describe, expect, it } from "vitest";
import { previewUrl } from "./preview-routes.ts";

describe("a preview's link (decision 100)", () => {
  it("builds the link of a site, a language and a page", () => {
    expect(previewUrl("https://agronegocio.example.com", "/en", "/blog/novo", "a.b")).toBe(
      "https://agronegocio.example.com/en/blog/novo?preview=a.b",
    );
    expect(previewUrl("http://localhost:3000", "/pt", "/", "x+y")).toBe(
      "http://localhost:3000/pt?preview=x%2By",
    );
  });
});
