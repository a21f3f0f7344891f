import { describe, expect, it } from "vitest";
import { isSimulatedKey, newProtocol, simulatedKey, storedProtocolOf } from "./protocol.ts";

const FORMAT = /^VRT-\d{8}-[2-9A-HJ-NP-Z]{6}$/;

describe("local protocol VRT-YYYYMMDD-XXXXXX", () => {
  it("has the format, with an alphabet without 0, 1, I and O", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const protocol = newProtocol(new Date("2026-11-22T12:00:00.000Z"));
      expect(protocol).toMatch(FORMAT);
      expect(protocol.startsWith("VRT-20261122-")).toBe(true);
      seen.add(protocol);
    }
    // 32^6 possible suffixes: 500 draws repeat practically never.
    expect(seen.size).toBeGreaterThan(495);
  });
  it("uses the UTC date of the given moment", () => {
    expect(newProtocol(new Date("2026-11-22T23:30:00-03:00")).slice(0, 13)).toBe("VRT-20261123-");
    expect(newProtocol(new Date("2027-01-01T00:00:00.000Z")).slice(0, 13)).toBe("VRT-20270101-");
    expect(newProtocol(new Date("2026-12-31T23:59:59.999Z")).slice(0, 13)).toBe("VRT-20261231-");
  });
});

describe("B §4.3 a local protocol never looks simulated (SIM or ERR)", () => {
  it("the suffix alphabet cannot spell SIM (no I) nor ERR (no E)", () => {
    // Every letter the suffix can draw, from the first index to the last.
    const letters = new Set<string>();
    for (let i = 0; i < 40; i++)
      letters.add(newProtocol(new Date("2026-11-22T12:00:00.000Z"), (max) => i % max).slice(-1));
    expect(letters.size).toBe(31);
    for (const absent of ["I", "E", "O", "0", "1"]) expect(letters).not.toContain(absent);
    const protocol = newProtocol(new Date("2026-11-22T12:00:00.000Z"), () => 0);
    expect(protocol).toMatch(FORMAT);
    expect(isSimulatedKey(protocol)).toBe(false);
  });
});

describe("B §4.5 simulated keys", () => {
  it("simulatedKey turns VRT- into SIM-", () => {
    expect(simulatedKey("VRT-20261122-7K3F9Q")).toBe("SIM-20261122-7K3F9Q");
  });
  it("simulatedKey only replaces a leading VRT-", () => {
    expect(simulatedKey("ABC-VRT-1")).toBe("ABC-VRT-1");
  });
  it("B §4.3 a key containing SIM or ERR anywhere is simulated", () => {
    expect(isSimulatedKey("SIM-20261122-7K3F9Q")).toBe(true);
    expect(isSimulatedKey("ERR-1732278000000")).toBe(true);
    expect(isSimulatedKey("CONT-ERR-1732278000000")).toBe(true);
    expect(isSimulatedKey("LEAD-SIM-42")).toBe(true);
  });
  it("real tracker keys and local protocols are not", () => {
    expect(isSimulatedKey("FDVW-123")).toBe(false);
    expect(isSimulatedKey("WXMKT-7")).toBe(false);
    expect(isSimulatedKey("FIN-1")).toBe(false);
    expect(isSimulatedKey("VRT-20261122-7K3F9Q")).toBe(false);
  });
});

describe("the stored protocol of what a visitor reads out", () => {
  it("maps the SIM- key of simulated mode to the VRT- protocol stored", () => {
    const stored = "VRT-20261201-AN6MWJ";
    expect(storedProtocolOf(simulatedKey(stored))).toBe(stored);
    expect(storedProtocolOf(stored)).toBe(stored);
  });
  it("reads it in any case, with spaces or without dashes", () => {
    for (const spoken of [
      "sim-20261201-an6mwj",
      " SIM 20261201 AN6MWJ ",
      "SIM20261201AN6MWJ",
      "vrt 20261201-an6mwj",
    ])
      expect(storedProtocolOf(spoken)).toBe("VRT-20261201-AN6MWJ");
  });
  it("is null for anything else (a name, a Jira key, a partial protocol)", () => {
    for (const other of [
      "Ana Souza",
      "FDVW-12",
      "SIM-20261201",
      "SIM-2026120-AN6MWJ",
      "XSIM-20261201-AN6MWJ",
    ])
      expect(storedProtocolOf(other)).toBeNull();
  });
});
