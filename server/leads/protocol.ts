import { randomInt } from "node:crypto";

// No I, O, E or 1/0: unambiguous to read aloud, and never spelling SIM or ERR (simulated keys).
const ALPHABET = "23456789ABCDFGHJKLMNPQRSTUVWXYZ";

/**
 * Local protocol shown until the tracker key is known: VRT-20261122-7K3F9Q. `draw` picks each
 * letter's index below its bound (the cryptographic one; a test scripts it).
 */
export function newProtocol(now: Date, draw: (max: number) => number = randomInt): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  const suffix = Array.from({ length: 6 }, () => ALPHABET[draw(ALPHABET.length)]).join("");
  return `VRT-${day}-${suffix}`;
}

/** The protocol shown in simulated mode (no tracker configured): SIM- keeps the spec's meaning. */
export function simulatedKey(protocol: string): string {
  return protocol.replace(/^VRT-/, "SIM-");
}

/**
 * The stored protocol a visitor may read out: the SIM- key they were shown in simulated mode is
 * stored as VRT-, and people say it with spaces or without dashes ("sim 20261201 an6mwj"). Null
 * when `query` is no protocol.
 */
export function storedProtocolOf(query: string): string | null {
  const match = /^\s*(?:SIM|VRT)[\s-]*(\d{8})[\s-]*([A-Z0-9]{6})\s*$/i.exec(query);
  return match ? `VRT-${match[1]}-${match[2]!.toUpperCase()}` : null;
}

/** Keys containing SIM or ERR are never updated as tickets (B §4.5); the rule lives with the form flow. */
export { isSimulatedKey } from "@domain/forms/flow.ts";
