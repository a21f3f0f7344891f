import { describe, expect, it } from "vitest";
import {
  altIn,
  describeUsages,
  fieldsUsing,
  focalFromClick,
  IMAGE_SIZES,
  imageUrlsIn,
  objectPosition,
  srcSet,
  svgTitle,
  variantName,
  variantWidths,
} from "./media-library.ts";

describe("the variant widths made for an image (decision 099)", () => {
  it("every standard width below the original, never wider than it", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 1024, 1600]);
    expect(variantWidths(1600)).toEqual([320, 640, 1024, 1600]);
    expect(variantWidths(1601)).toEqual([320, 640, 1024, 1600]);
  });
  it("plus the original's own width when it is under the largest", () => {
    expect(variantWidths(1200)).toEqual([320, 640, 1024, 1200]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(500)).toEqual([320, 500]);
    expect(variantWidths(200)).toEqual([200]);
    expect(variantWidths(1023.6)).toEqual([320, 640, 1023]);
  });
  it("none for a size that is not one", () => {
    expect(variantWidths(0)).toEqual([]);
    expect(variantWidths(Number.NaN)).toEqual([]);
  });
  it("names a variant by the original's hash and its width", () => {
    expect(variantName("0123456789abcdef0123", 640)).toBe("0123456789abcdef0123-640.webp");
  });
});

describe("srcset and sizes", () => {
  it("lists the variants narrowest first with their widths", () => {
    expect(
      srcSet([
        [1024, "/uploads/a-1024.webp"],
        [320, "/uploads/a-320.webp"],
        [640, "/uploads/a-640.webp"],
      ]),
    ).toBe("/uploads/a-320.webp 320w, /uploads/a-640.webp 640w, /uploads/a-1024.webp 1024w");
    expect(srcSet([])).toBe("");
  });
  it("has a sizes string per place an image is drawn", () => {
    expect(IMAGE_SIZES.full).toBe("100vw");
    expect(IMAGE_SIZES.content).toBe("(max-width: 800px) 100vw, 800px");
    expect(IMAGE_SIZES.card).toBe("(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px");
  });
});

describe("the focal point", () => {
  it("becomes a CSS object-position in percent", () => {
    expect(objectPosition({ x: 0.5, y: 0.5 })).toBe("50% 50%");
    expect(objectPosition([0.25, 0.7])).toBe("25% 70%");
    expect(objectPosition({ x: 0.1234, y: 1 })).toBe("12.3% 100%");
    expect(objectPosition({ x: -1, y: 2 })).toBe("0% 100%");
  });
  it("is where a click lands on the picture", () => {
    expect(focalFromClick(50, 25, 200, 100)).toEqual({ x: 0.25, y: 0.25 });
    expect(focalFromClick(300, -5, 200, 100)).toEqual({ x: 1, y: 0 });
    expect(focalFromClick(10, 10, 0, 0)).toEqual({ x: 0.5, y: 0.5 });
  });
});

describe("where an image is used", () => {
  const hero = {
    defaultBackground: "/images/hero/default.svg",
    slides: [
      { id: 1, background: { type: "image", src: "/uploads/0123456789abcdef0123.png", alt: "" } },
      { id: 2, background: { type: "video", src: "/videos/a.webm" } },
    ],
    intro: 'background: url("/uploads/0123456789abcdef0123-640.webp")',
  };
  it("collects the image addresses a value holds", () => {
    expect([...imageUrlsIn(hero)].sort()).toEqual([
      "/images/hero/default.svg",
      "/uploads/0123456789abcdef0123.png",
    ]);
    expect([...imageUrlsIn(["https://example.com/a.png", "/images/x.txt", 3, null])]).toEqual([]);
  });
  it("names the fields that hold one of its addresses, inside text too", () => {
    expect(
      fieldsUsing(hero, ["/uploads/0123456789abcdef0123.png", "/uploads/0123456789abcdef0123-640.webp"]),
    ).toEqual(["slides.0.background.src", "intro"]);
    expect(fieldsUsing(hero, ["/images/other.svg"])).toEqual([]);
  });
  it("describes the usages for the refusal message", () => {
    expect(
      describeUsages([
        { document: "hero-section-data", segment: "", lang: "", fields: ["slides.0.background.src"] },
        { document: "blog-data", segment: "agronegocio", lang: "en", fields: ["posts.1.featuredImage", "x"] },
      ]),
    ).toBe(
      "hero-section-data (Padrão): slides.0.background.src; blog-data (agronegocio + en): posts.1.featuredImage, x",
    );
  });
});

describe("alt text in the page's language", () => {
  it("English for English pages, Portuguese otherwise, the other when one is missing", () => {
    const alt = { pt: "Colheita", en: "Harvest" };
    expect(altIn(alt, "en")).toBe("Harvest");
    expect(altIn(alt, "pt")).toBe("Colheita");
    expect(altIn(alt, "es")).toBe("Colheita");
    expect(altIn({ pt: "", en: "Harvest" }, "pt")).toBe("Harvest");
  });
});

describe("svgTitle: an SVG's own description", () => {
  it("reads the first title, entities decoded and spaces collapsed", () => {
    expect(
      svgTitle('<svg><title id="t">Gráfico  de\n vendas &amp; estoque</title><title>outro</title></svg>'),
    ).toBe("Gráfico de vendas & estoque");
  });
  it("is empty without one", () => {
    expect(svgTitle("<svg><rect/></svg>")).toBe("");
  });
});
