import { describe, expect, it } from "vitest";
import { type StaffAction, staffHome, staffMay } from "./staff.ts";

const ALL: StaffAction[] = [
  "content.read",
  "content.draft",
  "content.preview",
  "media.upload",
  "content.publish",
  "content.schedule",
  "content.restore",
  "media.delete",
  "dashboard",
  "leads",
  "companies",
  "settings",
];

/** What each staff role may do (decision 100). */
describe("staff roles", () => {
  it("an admin may do everything", () => {
    for (const action of ALL) expect(staffMay("admin", action), action).toBe(true);
  });

  it("an editor prepares content and nothing else", () => {
    const allowed = ALL.filter((action) => staffMay("editor", action));
    expect(allowed).toEqual(["content.read", "content.draft", "content.preview", "media.upload"]);
  });

  it("a customer, or any other role, may do nothing of staff's", () => {
    for (const role of ["customer", "", "root"])
      for (const action of ALL) expect(staffMay(role, action)).toBe(false);
  });

  it("an editor lands on the content, an admin on the dashboard", () => {
    expect(staffHome("admin")).toBe("/admin/dashboard");
    expect(staffHome("editor")).toBe("/admin/json");
  });
});
