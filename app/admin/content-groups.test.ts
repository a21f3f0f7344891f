import { documentSchemas } from "@domain/content/schemas.ts";
import { describe, expect, it } from "vitest";
import { CONTENT_GROUPS } from "./content-groups.ts";

describe("the content list's groups", () => {
  it("hold every document exactly once", () => {
    const listed = CONTENT_GROUPS.flatMap((group) => group.documents);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(documentSchemas).sort());
  });
});
