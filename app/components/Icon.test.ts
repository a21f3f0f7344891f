import { describe, expect, it } from "vitest";
import { iconKey, iconPath } from "./Icon.tsx";

describe("B §2.3 — icons by name in kebab, snake or Pascal case, with a default", () => {
  it("reads the three cases as one name", () => {
    expect(iconKey("bar-chart")).toBe("bar-chart");
    expect(iconKey("bar_chart")).toBe("bar-chart");
    expect(iconKey("BarChart")).toBe("bar-chart");
    expect(iconKey("ShieldCheck")).toBe("shield-check");
    expect(iconKey("check_circle")).toBe("check-circle");
    expect(iconKey(undefined)).toBe("");
  });

  it("finds the same drawing whatever the case", () => {
    const drawing = iconPath("bar-chart");
    expect(drawing).not.toBeNull();
    expect(iconPath("BarChart")).toBe(drawing);
    expect(iconPath("bar_chart")).toBe(drawing);
  });

  it("an unknown or missing name gives the default", () => {
    expect(iconPath("nao-existe")).toBeNull();
    expect(iconPath(undefined)).toBeNull();
  });
});
