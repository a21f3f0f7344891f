import { describe, expect, it } from "vitest";
import { ACCEPTED_LANGUAGES, languageName } from "./languages.ts";

describe("languageName: one table of language names", () => {
  it("names every accepted language in Portuguese and in English", () => {
    for (const code of ACCEPTED_LANGUAGES) {
      expect(languageName(code, "pt")).not.toBe(code);
      expect(languageName(code, "en")).not.toBe(code);
    }
    expect(languageName("en")).toBe("Inglês");
    expect(languageName("pt", "en")).toBe("Portuguese");
  });

  it("a code not accepted stays as it is", () => {
    expect(languageName("xx")).toBe("xx");
  });
});
