import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FORM_PATHS, formRoutesProblem, MULTI_STEP_FORMS, MULTI_STEP_PATHS } from "./form-paths.ts";

const dataDir = new URL("../../content/data/", import.meta.url).pathname;

/** Every form document shipped, at every level of content/data. */
function shippedForms(): { file: string; key: string; routes: string[] }[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /^form-.+\.json$/.test(e.name))
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      const doc = JSON.parse(readFileSync(file, "utf8"));
      return { file, key: e.name.slice(5, -5), routes: (doc.data ?? doc).routes ?? [] };
    });
}

describe("B §2.1 — form paths have one source", () => {
  it("every multi-step form has its screen paths; the trial also has its plan path", () => {
    for (const key of MULTI_STEP_FORMS) expect(FORM_PATHS[key].length).toBeGreaterThan(0);
    expect(MULTI_STEP_PATHS).toContain("/teste-gratis/:planId");
    // Each multi-step form's screen paths, and the trial's plan path.
    expect(MULTI_STEP_PATHS).toHaveLength(
      MULTI_STEP_FORMS.reduce((n, key) => n + FORM_PATHS[key].length, 0) + 1,
    );
    for (const path of ["/demo", "/demonstracao", "/seja-parceiro", "/teste-gratis"])
      expect(MULTI_STEP_PATHS).toContain(path);
  });

  it("the shipped form documents route exactly the paths the site mounts", () => {
    const forms = shippedForms();
    expect(forms.length).toBeGreaterThanOrEqual(6);
    for (const form of forms) expect(formRoutesProblem(form.key, form.routes), form.file).toBeNull();
  });

  it("a document with a missing or an extra route is reported, in Portuguese", () => {
    expect(formRoutesProblem("trial", ["/teste-gratis", "/register"])).toBe("sem rota para /inscricao");
    expect(formRoutesProblem("contato", ["/contato", "/fale-conosco", "/suporte"])).toBe(
      "rotas sem página: /suporte",
    );
    expect(formRoutesProblem("demo", ["/", "/demo", "/demonstracao"])).toBeNull();
    expect(formRoutesProblem("newsletter", ["/news"])).toBe("rotas sem página: /news");
  });
});
