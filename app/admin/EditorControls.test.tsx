import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/components/Icon.tsx";
import { IconPickerField } from "./EditorControls.tsx";

const picker = (value: unknown) =>
  renderToStaticMarkup(
    <IconPickerField
      id="icone"
      label="Ícone"
      hint={null}
      value={value}
      required={false}
      onChange={() => {}}
    />,
  );
const options = (html: string) =>
  [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => ({
    value: match[1] ?? "",
    text: match[2] ?? "",
  }));

describe("the icon picker (decision 116)", () => {
  it("shows each icon by its Portuguese name and keeps its id as the value", () => {
    const shown = options(picker("bell"));
    expect(shown).toContainEqual({ value: "bell", text: "Sino" });
    expect(shown).toContainEqual({ value: "bar-chart", text: "Gráfico de barras" });
    // Every icon of the set once, after "— sem ícone —", never its id in the text.
    expect(shown[0]).toEqual({ value: "", text: "— sem ícone —" });
    expect(
      shown
        .slice(1)
        .map((o) => o.value)
        .sort(),
    ).toEqual([...ICON_NAMES].sort());
    for (const { value, text } of shown.slice(1)) expect(text, value).not.toContain(value);
    expect(picker("bell")).toMatch(/<option value="bell" selected="">Sino<\/option>/);
  });

  it("lists the names in Portuguese alphabetical order", () => {
    const texts = options(picker(""))
      .slice(1)
      .map((o) => o.text);
    expect(texts).toEqual([...texts].sort((a, b) => a.localeCompare(b, "pt-BR")));
  });

  it("a name the content stores that is not the set's own is kept and says what it draws, in Portuguese", () => {
    expect(options(picker("pie-chart"))).toContainEqual({
      value: "pie-chart",
      text: "pie-chart (mesmo desenho: Gráfico de pizza)",
    });
  });
});
