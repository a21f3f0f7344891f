import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { projectToPixels as project } from "../tests/support/web-mercator.ts";
import { type ScreenPoint, spreadApart } from "./marker-spread.ts";

const partnersData: { partners: Array<{ lat: number; lng: number }> } = JSON.parse(
  readFileSync(new URL("../content/data/partners-data.json", import.meta.url), "utf8"),
);

const GAP = 30;
const overlapFree = (points: ScreenPoint[], gap: number) => {
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i]!;
      const b = points[j]!;
      if (Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) < gap) return false;
    }
  }
  return true;
};

describe("partner map markers spread apart (decision 089)", () => {
  it("leaves points that have room where they are", () => {
    const points = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 0, y: 30 },
    ];
    expect(spreadApart(points, GAP)).toEqual(points);
  });

  it("pushes an overlapping pair apart along the line between them, keeping its centre", () => {
    const [a, b] = spreadApart(
      [
        { x: 100, y: 100 },
        { x: 110, y: 100 },
      ],
      GAP,
    );
    expect(b!.x - a!.x).toBeCloseTo(GAP, 4);
    expect(a!.y).toBe(100);
    expect(b!.y).toBe(100);
    expect((a!.x + b!.x) / 2).toBeCloseTo(105, 6);
  });

  it("squares that touch corner to corner are far enough: the larger axis distance counts", () => {
    const points = [
      { x: 0, y: 0 },
      { x: 30, y: 29 },
    ];
    expect(spreadApart(points, GAP)).toEqual(points);
    const [a, b] = spreadApart(
      [
        { x: 0, y: 0 },
        { x: 10, y: 10 },
      ],
      GAP,
    );
    expect(Math.abs(b!.x - a!.x)).toBeCloseTo(GAP, 4);
    expect(Math.abs(b!.y - a!.y)).toBeCloseTo(GAP, 4);
  });

  it("parts points at the very same spot, the same way every time", () => {
    const same = Array.from({ length: 4 }, () => ({ x: 50, y: 50 }));
    const first = spreadApart(same, GAP);
    expect(overlapFree(first, GAP)).toBe(true);
    expect(spreadApart(same, GAP)).toEqual(first);
    expect(same).toEqual(Array.from({ length: 4 }, () => ({ x: 50, y: 50 })));
  });

  it("the sample partners at the map's zoom 4 end up clear of each other, none moved far", () => {
    const points = partnersData.partners.map((p) => project(p.lat, p.lng, 4));
    expect(overlapFree(points, GAP)).toBe(false);
    const spread = spreadApart(points, GAP);
    expect(overlapFree(spread, GAP)).toBe(true);
    for (const [i, p] of spread.entries()) {
      expect(Math.hypot(p.x - points[i]!.x, p.y - points[i]!.y)).toBeLessThan(3 * GAP);
    }
    // At zoom 8 every city has room: nothing moves.
    const close = partnersData.partners.map((p) => project(p.lat, p.lng, 8));
    expect(spreadApart(close, GAP)).toEqual(close);
  });
});
