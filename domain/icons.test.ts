import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isKnownIcon, unknownIcons } from "./icons.ts";

const CONTENT = path.join(import.meta.dirname, "../content/data");

function contentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? contentFiles(path.join(dir, entry.name))
      : entry.name.endsWith(".json")
        ? [path.join(dir, entry.name)]
        : [],
  );
}

describe("icons named by content (B §2.3, decision 116)", () => {
  it("knows a name in any case and through an alias; an empty name is no mistake", () => {
    expect(isKnownIcon("calendar-check")).toBe(true);
    expect(isKnownIcon("ShoppingCart")).toBe(true);
    expect(isKnownIcon("package")).toBe(true);
    expect(isKnownIcon("")).toBe(true);
    expect(isKnownIcon("nao-existe")).toBe(false);
  });

  it("finds every unknown icon of a document with its field", () => {
    expect(
      unknownIcons({
        slides: [{ features: [{ icon: "zap" }, { icon: "foguete" }] }],
        cta: { buttonIcon: "seta" },
        icons: "not an icon field",
      }),
    ).toEqual([
      { path: "slides.0.features.1.icon", name: "foguete" },
      { path: "cta.buttonIcon", name: "seta" },
    ]);
  });

  it("every icon the shipped content names is drawn by the site", () => {
    const problems = contentFiles(CONTENT).flatMap((file) =>
      unknownIcons(JSON.parse(readFileSync(file, "utf8"))).map(
        (icon) => `${path.relative(CONTENT, file)}: ${icon.path} = "${icon.name}"`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
