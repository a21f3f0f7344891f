import { describe, expect, it } from "vitest";
import { currentEntry, userMenu } from "./menu.ts";

describe("the portal menu's current entry: where the person is", () => {
  const groups = userMenu("pt", "owner");
  const at = (pathname: string) => currentEntry(groups, pathname)?.path ?? null;

  it("is the entry at the page's address", () => {
    expect(at("/user/dashboard")).toBe("/user/dashboard");
    expect(at("/user/faturas/notas")).toBe("/user/faturas/notas");
    expect(at("/user/suporte/novo")).toBe("/user/suporte/novo");
  });

  it("is the entry whose screen holds the page: an invoice, a ticket", () => {
    expect(at("/user/faturas/VRT-2026-0011")).toBe("/user/faturas");
    expect(at("/user/suporte/2f1c1b9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b")).toBe("/user/suporte");
  });

  it("is none for a page outside every entry, or one that only shares a prefix", () => {
    expect(at("/user")).toBeNull();
    expect(at("/user/faturasx")).toBeNull();
  });
});
