import { describe, expect, it } from "vitest";
import {
  ALL_PARTNERS,
  drawingOrder,
  filterPartners,
  partnerSegments,
  partnerSummary,
  SEGMENT_COLORS,
  segmentColor,
  UNKNOWN_SEGMENT_COLOR,
} from "./partners.ts";

const partners = [
  { id: 1, segmento: "Agronegócio", ativo: true },
  { id: 2, segmento: "Agronegócio", ativo: false },
  { id: 3, segmento: "Saúde", ativo: true },
  { id: 4, segmento: "Pesca", ativo: false },
];

describe("B §2.4, §3.2 — partner map rules", () => {
  it("15 segments have a colour; an unknown segment is white", () => {
    expect(Object.keys(SEGMENT_COLORS)).toHaveLength(15);
    expect(new Set(Object.values(SEGMENT_COLORS)).size).toBe(15);
    expect(segmentColor("Agronegócio")).toBe(SEGMENT_COLORS.Agronegócio);
    expect(segmentColor("Pesca")).toBe(UNKNOWN_SEGMENT_COLOR);
    expect(UNKNOWN_SEGMENT_COLOR).toBe("#ffffff");
  });

  it("filters by segment and by active / expanding", () => {
    expect(filterPartners(partners, ALL_PARTNERS)).toHaveLength(4);
    expect(filterPartners(partners, { ...ALL_PARTNERS, segment: "Agronegócio" }).map((p) => p.id)).toEqual([
      1, 2,
    ]);
    expect(filterPartners(partners, { ...ALL_PARTNERS, showExpanding: false }).map((p) => p.id)).toEqual([
      1, 3,
    ]);
    expect(filterPartners(partners, { ...ALL_PARTNERS, showActive: false }).map((p) => p.id)).toEqual([2, 4]);
    expect(filterPartners(partners, { segment: "Saúde", showActive: false, showExpanding: true })).toEqual(
      [],
    );
  });

  it("summary tiles: total, active, expanding, segments", () => {
    expect(partnerSummary(partners)).toEqual({ total: 4, active: 2, expanding: 2, segments: 3 });
  });

  it("segments in the colour table's order, unknown ones last", () => {
    expect(partnerSegments(partners)).toEqual(["Agronegócio", "Saúde", "Pesca"]);
  });

  it("active partners are drawn last, on top", () => {
    expect(drawingOrder(partners).map((p) => p.ativo)).toEqual([false, false, true, true]);
  });
});
