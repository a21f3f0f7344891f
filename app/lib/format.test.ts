import { describe, expect, it } from "vitest";
import { formatCentavos, formatCnpjForDisplay, formatCompetence, formatDay } from "./format.ts";

describe("format: one way to write days, months, money and CNPJs", () => {
  it("writes a billing day as a calendar day, in either language, whatever the machine's zone", () => {
    expect(formatDay("2026-11-26")).toBe("26/11/2026");
    expect(formatDay("2026-01-01", "pt")).toBe("01/01/2026");
    expect(formatDay("2026-11-26", "en")).toBe("26 Nov 2026");
  });

  it("writes a competence as its month, and leaves a malformed one as it came", () => {
    expect(formatCompetence("2026-11")).toBe("novembro de 2026");
    expect(formatCompetence("2026-11", "en")).toBe("November 2026");
    expect(formatCompetence("11/2026")).toBe("11/2026");
  });

  it("is where money and CNPJs are written from too", () => {
    expect(formatCentavos(123456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(formatCnpjForDisplay("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  });
});
