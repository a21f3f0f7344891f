import { describe, expect, it } from "vitest";
import { CONTENT_CACHE_KEY_PATTERN, contentCacheKey, levelPath, lookupLevels } from "./content-lookup.ts";

describe("lookupLevels: data file lookup order of A §4 (first existing wins)", () => {
  it("with a segment: segment+language, segment, language, default root", () => {
    expect(lookupLevels("agronegocio", "en")).toEqual([
      { segment: "agronegocio", lang: "en" },
      { segment: "agronegocio", lang: "" },
      { segment: "", lang: "en" },
      { segment: "", lang: "" },
    ]);
  });

  it("without a segment: language, default root", () => {
    expect(lookupLevels(null, "en")).toEqual([
      { segment: "", lang: "en" },
      { segment: "", lang: "" },
    ]);
  });

  it("an empty segment counts as no segment", () => {
    expect(lookupLevels("", "pt")).toEqual([
      { segment: "", lang: "pt" },
      { segment: "", lang: "" },
    ]);
  });
});

describe("levelPath: where a level lives under content/data", () => {
  it.each([
    [{ segment: "agronegocio", lang: "en" }, "data/agronegocio/en/menu_data.json"],
    [{ segment: "agronegocio", lang: "" }, "data/agronegocio/menu_data.json"],
    [{ segment: "", lang: "en" }, "data/en/menu_data.json"],
    [{ segment: "", lang: "" }, "data/menu_data.json"],
  ])("%j gives %s", (level, expected) => {
    expect(levelPath("menu_data", level)).toBe(expected);
  });

  it("lists the four paths of a segment lookup in order", () => {
    expect(lookupLevels("comercio", "es").map((level) => levelPath("footer-data", level))).toEqual([
      "data/comercio/es/footer-data.json",
      "data/comercio/footer-data.json",
      "data/es/footer-data.json",
      "data/footer-data.json",
    ]);
  });
});

describe("contentCacheKey: subdomain:name:lang (B §3.10, §7.4)", () => {
  it("uses 'default' when there is no segment", () => {
    expect(contentCacheKey("menu_data", null, "pt")).toBe("default:menu_data:pt");
  });

  it("uses the segment when there is one", () => {
    expect(contentCacheKey("footer-data", "agronegocio", "en")).toBe("agronegocio:footer-data:en");
  });

  it("produces keys the key pattern accepts", () => {
    expect(CONTENT_CACHE_KEY_PATTERN.test(contentCacheKey("menu_data", null, "pt"))).toBe(true);
    expect(CONTENT_CACHE_KEY_PATTERN.test(contentCacheKey("footer-data", "agronegocio", "es"))).toBe(true);
  });
});

describe("CONTENT_CACHE_KEY_PATTERN", () => {
  it.each([["default:menu_data:pt"], ["agronegocio:footer-data:en"], ["comercio-2:hero.section:es"]])(
    "accepts %s",
    (key) => {
      expect(CONTENT_CACHE_KEY_PATTERN.test(key)).toBe(true);
    },
  );

  it.each([
    ["default:menu_data:pt:extra", "an extra part"],
    ["default:menu:data:pt", "a colon inside the name"],
    ["default::menu_data:pt", "a doubled colon"],
    ["default:menu/data:pt", "a slash in the name"],
    ["default:../menu_data:pt", "a relative path in the name"],
    ["agro/negocio:menu_data:pt", "a slash in the subdomain"],
    ["default:menu_data:PT", "an uppercase language"],
    ["Default:menu_data:pt", "an uppercase subdomain"],
    ["default:menu_data:por", "a three-letter language"],
    ["default:menu_data", "a missing language"],
    [":menu_data:pt", "a missing subdomain"],
    ["default::pt", "a missing name"],
    ["default:menu_data:", "an empty language"],
    ["", "an empty key"],
    ["default:menu_data:pt\n", "a trailing newline"],
  ])("rejects %j (%s)", (key) => {
    expect(CONTENT_CACHE_KEY_PATTERN.test(key)).toBe(false);
  });
});
