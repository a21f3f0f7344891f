import { describe, expect, it } from "vitest";
import { placeLink } from "./inline-link.ts";

describe("placeLink", () => {
  it("turns the phrase the sentence already contains into the link, keeping its casing", () => {
    expect(placeLink("Veja a nossa Política de Privacidade.", "política de privacidade")).toEqual({
      before: "Veja a nossa ",
      label: "Política de Privacidade",
      after: ".",
      inline: true,
    });
    expect(placeLink("See our Privacy Policy.", "Privacy Policy")).toMatchObject({
      before: "See our ",
      after: ".",
    });
  });

  it("puts the link after a sentence that does not name it", () => {
    expect(placeLink("Você pode cancelar quando quiser.", "Política de Privacidade")).toEqual({
      before: "Você pode cancelar quando quiser. ",
      label: "Política de Privacidade",
      after: "",
      inline: false,
    });
  });

  it("uses only the first occurrence and ignores an empty label", () => {
    expect(placeLink("Termos e Termos", "termos")).toMatchObject({
      before: "",
      label: "Termos",
      after: " e Termos",
    });
    expect(placeLink("Texto", "")).toMatchObject({ inline: false, before: "Texto " });
  });
});
