import { describe, expect, it } from "vitest";
import {
  applyOrder,
  diffPatch,
  fieldSources,
  levelsBelow,
  mergePatch,
  resolveLevels,
  sameJson,
} from "./merge-patch.ts";

const level = (segment: string, lang: string, data: unknown, inherits = true) => ({
  segment,
  lang,
  data,
  inherits,
});

/** Levels that inherit field by field (decision 101, RFC 7386, A §4's order). */
describe("merge patches", () => {
  it("RFC 7386: objects merge key by key, null removes, anything else replaces", () => {
    expect(
      mergePatch({ a: 1, b: { c: 2, d: 3 }, e: [1, 2] }, { b: { c: 9, d: null }, e: [3], f: "x" }),
    ).toEqual({
      a: 1,
      b: { c: 9 },
      e: [3],
      f: "x",
    });
    expect(mergePatch({ a: 1 }, [1])).toEqual([1]);
    expect(mergePatch("texto", { a: 1 })).toEqual({ a: 1 });
  });

  it("the patch of two documents holds only what differs, and brings the first to the second", () => {
    const base = { title: "Olá", cta: { text: "Ver", url: "/a" }, items: [1, 2], old: true };
    const target = { title: "Olá", cta: { text: "Ver planos", url: "/a" }, items: [1, 2, 3], added: "x" };
    const patch = diffPatch(base, target);
    expect(patch).toEqual({ cta: { text: "Ver planos" }, items: [1, 2, 3], old: null, added: "x" });
    expect(mergePatch(base, patch)).toEqual(target);
    expect(diffPatch(target, target)).toEqual({});
  });

  it("compares JSON deeply, whatever the key order", () => {
    expect(sameJson({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});

describe("the lookup order, field by field", () => {
  it("applies default, language, segment, segment + language, bottom first", () => {
    expect(applyOrder("agronegocio", "en")).toEqual([
      { segment: "", lang: "" },
      { segment: "", lang: "en" },
      { segment: "agronegocio", lang: "" },
      { segment: "agronegocio", lang: "en" },
    ]);
    expect(applyOrder(null, "pt")).toEqual([
      { segment: "", lang: "" },
      { segment: "", lang: "pt" },
    ]);
    expect(levelsBelow({ segment: "agronegocio", lang: "en" })).toEqual(
      applyOrder("agronegocio", "en").slice(0, 3),
    );
    expect(levelsBelow({ segment: "agronegocio", lang: "" })).toEqual([{ segment: "", lang: "" }]);
    expect(levelsBelow({ segment: "", lang: "" })).toEqual([]);
  });

  it("each field comes from the highest level that sets it (A §4: the first found wins)", () => {
    const resolved = resolveLevels([
      level("", "", { title: "Título", subtitle: "Sub", cta: { text: "Ver", url: "/planos" } }, false),
      level("", "en", { title: "Title", cta: { text: "See" } }),
      level("agronegocio", "", { subtitle: "Do campo à gestão" }),
      null,
    ]);
    expect(resolved).toEqual({
      title: "Title",
      subtitle: "Do campo à gestão",
      cta: { text: "See", url: "/planos" },
    });
  });

  it("a level stored whole starts afresh (levels not migrated yet resolve as before: the top one wins)", () => {
    expect(resolveLevels([level("", "", { a: 1, b: 1 }, false), level("seg", "", { a: 2 }, false)])).toEqual({
      a: 2,
    });
    expect(resolveLevels([null, null])).toBeNull();
  });

  it("says where each field of a level comes from", () => {
    const label = (l: { segment: string; lang: string }) =>
      [l.segment, l.lang].filter(Boolean).join(" + ") || "Padrão";
    const sources = fieldSources(
      [
        level("", "", { title: "T", subtitle: "S", image: "i" }, false),
        level("", "en", { title: "T2", image: null }),
        null,
      ],
      label,
    );
    expect(sources).toEqual({ title: "en", subtitle: "Padrão" });
  });
});
