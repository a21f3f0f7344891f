import { describe, expect, it } from "vitest";
import { knownTimeZone, meetingWhen, slotDays, zoneName } from "./slot-format.ts";

const slots = [
  { start: "2026-11-23T12:00:00.000Z" },
  { start: "2026-11-23T12:45:00.000Z" },
  { start: "2026-11-24T12:00:00.000Z" },
];

describe("a demonstration's times as the visitor reads them", () => {
  it("in São Paulo: grouped by day, no second time", () => {
    expect(slotDays(slots, "pt", "America/Sao_Paulo")).toEqual([
      {
        day: "segunda-feira, 23 de novembro",
        slots: [
          { start: "2026-11-23T12:00:00.000Z", time: "09:00", brasilia: null },
          { start: "2026-11-23T12:45:00.000Z", time: "09:45", brasilia: null },
        ],
      },
      {
        day: "terça-feira, 24 de novembro",
        slots: [{ start: "2026-11-24T12:00:00.000Z", time: "09:00", brasilia: null }],
      },
    ]);
  });

  it("in Manaus: the visitor's time with Brasília's beside it", () => {
    const [monday] = slotDays(slots, "pt", "America/Manaus");
    expect(monday!.slots[0]).toEqual({ start: "2026-11-23T12:00:00.000Z", time: "08:00", brasilia: "09:00" });
  });

  it("in Tokyo, in English: the visitor's day may differ from São Paulo's", () => {
    const late = slotDays([{ start: "2026-11-23T23:30:00.000Z" }], "en", "Asia/Tokyo");
    expect(late[0]!.day).toBe("Tuesday 24 November");
    expect(late[0]!.slots[0]).toMatchObject({ time: "08:30", brasilia: "20:30" });
  });

  it("writes a meeting's moment in a sentence", () => {
    expect(meetingWhen("2026-11-23T12:00:00Z", "pt")).toBe(
      "segunda-feira, 23 de novembro, às 09:00 (horário de Brasília)",
    );
    expect(meetingWhen("2026-11-23T12:00:00Z", "pt", "America/Manaus")).toBe(
      "segunda-feira, 23 de novembro, às 08:00 (09:00 em Brasília)",
    );
    expect(meetingWhen("2026-11-23T12:00:00Z", "en")).toBe("Monday 23 November, at 09:00 (Brasília time)");
  });

  it("falls back to São Paulo for a zone the runtime does not know", () => {
    expect(knownTimeZone("America/Manaus")).toBe("America/Manaus");
    expect(knownTimeZone("Marte/Olympus")).toBe("America/Sao_Paulo");
    expect(knownTimeZone(undefined)).toBe("America/Sao_Paulo");
    expect(zoneName("America/Porto_Velho")).toBe("Porto Velho");
  });
});
