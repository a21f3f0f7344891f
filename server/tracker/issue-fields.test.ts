import { describe, expect, it } from "vitest";
import { CREATE_FIELD_NAMES, EDIT_FIELD_NAMES } from "./issue-fields.ts";

describe("the Jira fields the product writes (issue-fields.ts)", () => {
  it("creates with every declared field and edits all but the project and the issue type", () => {
    expect([...CREATE_FIELD_NAMES].sort()).toEqual(
      ["assignee", "description", "duedate", "issuetype", "labels", "priority", "project", "summary"].sort(),
    );
    expect(EDIT_FIELD_NAMES).not.toContain("project");
    expect(EDIT_FIELD_NAMES).not.toContain("issuetype");
    expect([...EDIT_FIELD_NAMES].sort()).toEqual(
      ["assignee", "description", "duedate", "labels", "priority", "summary"].sort(),
    );
  });
});
