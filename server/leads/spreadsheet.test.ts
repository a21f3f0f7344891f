import { describe, expect, it } from "vitest";
import { spreadsheetSafe } from "./spreadsheet.ts";

describe("CSV cells a spreadsheet never reads as a formula", () => {
  it("prefixes what starts like a formula", () => {
    for (const value of [
      '=HYPERLINK("https://evil.example","x")',
      "+55 11",
      "-1+1",
      "@SUM(A1)",
      "\t=1",
      "\r=1",
    ])
      expect(spreadsheetSafe(value)).toBe(`'${value}`);
  });
  it("leaves everything else as it is", () => {
    for (const value of ["Maria Oliveira · maria@example.com", "", "a=b", '{"nome":"=x"}'])
      expect(spreadsheetSafe(value)).toBe(value);
  });
});
