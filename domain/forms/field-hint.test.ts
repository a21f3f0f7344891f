import { describe, expect, it } from "vitest";
import { fieldHint, formTexts } from "./texts.ts";

describe("a field's hint", () => {
  const pt = formTexts("pt");
  it("says the limit once: not again when the description already names it", () => {
    expect(fieldHint(pt, "Escolha até 3 opções.", 3)).toBe("Escolha até 3 opções.");
    expect(fieldHint(pt, "Marque o que se aplica.", 3)).toBe("Marque o que se aplica. Escolha até 3.");
    expect(fieldHint(pt, undefined, 4)).toBe("Escolha até 4.");
    expect(fieldHint(formTexts("en"), undefined, 2)).toBe("Choose up to 2.");
  });
  it("is the description alone without a limit, and nothing without either", () => {
    expect(fieldHint(pt, "Como nos conheceu?", undefined)).toBe("Como nos conheceu?");
    expect(fieldHint(pt, undefined, undefined)).toBeNull();
    // A number that is not the limit does not count as saying it.
    expect(fieldHint(pt, "Até 13 módulos.", 3)).toBe("Até 13 módulos. Escolha até 3.");
  });
});
