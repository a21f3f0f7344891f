import { describe, expect, it } from "vitest";
import { TIMEZONES, timezoneLabel } from "./redirect.ts";

describe("timezoneLabel: the dashboard's timezones as a person reads them", () => {
  it("names each offered zone in both languages, never by its identifier", () => {
    for (const zone of TIMEZONES) {
      for (const language of ["pt", "en"] as const) {
        const label = timezoneLabel(zone, language);
        expect(label, `${zone} (${language})`).not.toContain("/");
        expect(label).not.toContain("_");
      }
    }
    expect(timezoneLabel("America/Sao_Paulo", "pt")).toBe("Horário de Brasília (São Paulo)");
    expect(timezoneLabel("America/Sao_Paulo", "en")).toBe("Brasília time (São Paulo)");
    expect(new Set(TIMEZONES.map((zone) => timezoneLabel(zone, "pt"))).size).toBe(TIMEZONES.length);
  });

  it("shows a zone kept from before, and no longer offered, by its identifier", () => {
    expect(timezoneLabel("Asia/Tokyo", "pt")).toBe("Asia/Tokyo");
    expect(timezoneLabel("America/Argentina/Buenos_Aires", "en")).toBe("America/Argentina/Buenos Aires");
  });
});
