import { readFileSync } from "node:fs";
import { formDefinitionSchema } from "@domain/forms/definition.ts";
import { formTexts } from "@domain/forms/texts.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SuccessScreen } from "./SuccessScreen.tsx";

const demo = formDefinitionSchema.parse(
  JSON.parse(readFileSync(new URL("../../../../content/data/form-demo.json", import.meta.url), "utf8")),
);

const render = (completed: { level: "cold" | "warm" | "hot"; responseHours: number | null }) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SuccessScreen
        form={demo}
        texts={formTexts("pt")}
        answers={{ nomeResponsavel: "Maria Oliveira" }}
        completed={{ protocol: "FDVW-1", ...completed }}
        banner={null}
        plan={null}
      />
    </MemoryRouter>,
  );

describe("the success screen's response time (decision 117)", () => {
  it("promises the lead's own hours, the ones its Jira due date counts: a cold demo 72, not sla_hours' 24", () => {
    expect(render({ level: "cold", responseHours: 72 })).toContain("Nosso time retorna em até 72 h úteis.");
    expect(render({ level: "hot", responseHours: 4 })).toContain("Nosso time retorna em até 4 h úteis.");
  });

  it("without the service's hours, the sla_hours table of B §9.2", () => {
    expect(render({ level: "cold", responseHours: null })).toContain("Nosso time retorna em até 24 h úteis.");
  });
});
