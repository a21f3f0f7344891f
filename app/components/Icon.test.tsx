import { readFileSync } from "node:fs";
import { ICON_LABELS, iconLabel } from "@domain/icon-labels.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_ICON, ICON_NAMES, Icon, iconKey, iconSymbol } from "./Icon.tsx";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);

describe("B §2.3 — icons by name in kebab, snake or Pascal case, with a default", () => {
  it("reads the three cases as one name", () => {
    expect(iconKey("bar-chart")).toBe("bar-chart");
    expect(iconKey("bar_chart")).toBe("bar-chart");
    expect(iconKey("BarChart")).toBe("bar-chart");
    expect(iconKey("ShieldCheck")).toBe("shield-check");
    expect(iconKey("check_circle")).toBe("check-circle");
    expect(iconKey(undefined)).toBe("");
  });

  it("finds the same drawing whatever the case, and through an alias", () => {
    expect(iconSymbol("bar-chart")).toBe("bar-chart");
    expect(iconSymbol("BarChart")).toBe("bar-chart");
    expect(iconSymbol("bar_chart")).toBe("bar-chart");
    expect(iconSymbol("ChartColumn")).toBe("bar-chart");
    expect(iconSymbol("package")).toBe("boxes");
  });

  it("an unknown or missing name gives the default", () => {
    expect(iconSymbol("nao-existe")).toBe(DEFAULT_ICON);
    expect(iconSymbol(undefined)).toBe(DEFAULT_ICON);
    expect(iconSymbol("")).toBe(DEFAULT_ICON);
  });

  it("every name has its symbol in icons.svg, the default too, and the sprite has nothing unnamed", () => {
    expect(new Set(symbols).size).toBe(symbols.length);
    expect([...symbols].sort()).toEqual([...ICON_NAMES, DEFAULT_ICON].sort());
  });

  it("every symbol of icons.svg has a Portuguese name for the admin's picker, each its own, no name for a symbol it lacks", () => {
    expect(Object.keys(ICON_LABELS).sort()).toEqual([...symbols].sort());
    const names = Object.values(ICON_LABELS);
    expect(new Set(names).size).toBe(names.length);
    for (const [id, name] of Object.entries(ICON_LABELS)) {
      // A name, not the id again: capitalised Portuguese words.
      expect(name, id).toMatch(/^[A-ZÀ-Ý][a-zà-ÿ]*( [A-Za-zÀ-ÿ-]+)*$/);
      expect(name.toLowerCase(), id).not.toBe(id.replace(/-/g, " "));
    }
    expect(iconLabel("bell")).toBe("Sino");
  });

  it("draws an icon as a use of the sprite, hidden from assistive technology, at its size", () => {
    const html = renderToStaticMarkup(<Icon name="ShieldCheck" size={20} />);
    expect(html).toMatch(/^<svg width="20" height="20" aria-hidden="true">/);
    expect(html).toMatch(/<use href="[^"#]*icons[^"#]*\.svg[^"#]*#shield-check"><\/use>/);
    expect(html).not.toContain("<path");
  });
});
