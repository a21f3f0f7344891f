import { describe, expect, it } from "vitest";
import { documentSchemas } from "~/lib/content/schemas.ts";
import { CONTENT_GROUPS } from "./content-groups.ts";

describe("the content list's groups", () => {
  it("hold every document exactly once", () => {
    const listed = CONTENT_GROUPS.flatMap((group) => group.documents);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(documentSchemas).sort());
  });
});
