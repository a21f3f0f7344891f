import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { staffMay } from "@domain/auth/staff.ts";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/components/Icon.tsx";
import { ADMIN_SCREENS, adminScreens } from "./screens.ts";

const APP = join(import.meta.dirname, "..");

/** The admin's modules that are not screens: the shell, and the redirect of /admin and unknown paths. */
const NOT_SCREENS = new Set(["routes/admin/layout.tsx", "routes/admin/index.ts"]);

describe("the admin screen table", () => {
  it("names every admin module once, and each exists", () => {
    const modules = adminScreens.map((screen) => screen.module);
    expect(new Set(modules).size).toBe(modules.length);
    for (const module of modules) expect(existsSync(join(APP, module)), module).toBe(true);
    const onDisk = readdirSync(join(APP, "routes/admin"))
      .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
      .map((file) => `routes/admin/${file}`)
      .filter((module) => !NOT_SCREENS.has(module));
    expect(
      onDisk.filter((module) => !modules.includes(module)),
      "admin modules missing from the table",
    ).toEqual([]);
  });

  it("has distinct paths and menu entries with a label and a known icon", () => {
    const paths = adminScreens.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const screen of adminScreens.filter((entry) => entry.menu)) {
      expect(screen.menu?.label.trim(), screen.id).toBeTruthy();
      expect(ICON_NAMES.has(screen.menu?.icon ?? ""), `${screen.id}: icon ${screen.menu?.icon}`).toBe(true);
    }
  });

  it("guards each screen's module with its own entry (the guard reads the action from the table)", () => {
    for (const screen of adminScreens) {
      const source = readFileSync(join(APP, screen.module), "utf8");
      // The editors load through loadEditor, which takes the screen's id to the same guard.
      const guarded = new RegExp(`(requireAdminScreen|loadEditor)\\(request, context, "${screen.id}"`);
      expect(guarded.test(source), `${screen.module} is guarded as "${screen.id}"`).toBe(true);
    }
  });

  it("shows an editor the content screens and their account, an admin everything", () => {
    const menu = (role: string) =>
      adminScreens
        .filter((screen) => screen.menu && staffMay(role, screen.action))
        .map((screen) => screen.id);
    expect(menu("editor")).toEqual(["contentFiles", "plans", "media", "account"]);
    expect(menu("admin")).toEqual(adminScreens.filter((screen) => screen.menu).map((screen) => screen.id));
    expect(menu("customer")).toEqual([]);
    expect(ADMIN_SCREENS.leadsCsv.action).toBe("leads");
  });
});
