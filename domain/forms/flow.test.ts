import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type FormDefinition, formDefinitionSchema } from "./definition.ts";
import {
  firstStepWithErrors,
  isSimulatedKey,
  nextAction,
  statusText,
  statusTone,
  submissionStatus,
} from "./flow.ts";
import { formTexts } from "./texts.ts";
import { validationMessagesEn } from "./validation.ts";

function shipped(key: string): FormDefinition {
  return formDefinitionSchema.parse(
    JSON.parse(readFileSync(new URL(`../../content/data/form-${key}.json`, import.meta.url), "utf8")),
  );
}

/** The demo form: step 0 is lead_capture, then two more steps. */
const demo = shipped("demo");
const contact = {
  nomeResponsavel: "Maria Oliveira",
  emailContato: "maria@agrosul.com.br",
  telefoneContato: "(62) 99876-5432",
  nomeEmpresa: "Agro Sul Ltda",
  cnpjEmpresa: "11.222.333/0001-81",
};
const company = {
  segmento: ["agronegocio"],
  numeroFuncionarios: "grande",
  sistemaAtual: ["planilhas"],
  principalDesafio: ["controle-financeiro"],
};

describe("B §4.3 — what a button press on a step leads to", () => {
  it("the shipped demo form is what these rules assume: a lead_capture first step, three steps", () => {
    expect(demo.steps.map((s) => s.type)[0]).toBe("lead_capture");
    expect(demo.steps).toHaveLength(3);
  });

  it("Anterior goes back one step, without validating", () => {
    expect(nextAction(demo, 2, "back", {}, true)).toEqual({ kind: "back", step: 1 });
  });

  it("Anterior never goes below step 0", () => {
    expect(nextAction(demo, 0, "back", {}, false)).toEqual({ kind: "back", step: 0 });
  });

  it("Continuar validates the step first: on any error the step stays, with the errors", () => {
    const action = nextAction(demo, 0, "next", { ...contact, emailContato: "não-é-email" }, false);
    expect(action).toEqual({ kind: "invalid", step: 0, errors: { emailContato: expect.any(String) } });
  });

  it("the errors are in the visitor's language", () => {
    const pt = nextAction(demo, 0, "next", {}, false);
    const en = nextAction(demo, 0, "next", {}, false, validationMessagesEn);
    expect(pt.kind === "invalid" && pt.errors.nomeResponsavel).toBe("Este campo é obrigatório");
    expect(en.kind === "invalid" && en.errors.nomeResponsavel).not.toBe("Este campo é obrigatório");
  });

  it("a valid lead_capture step with no lead captured yet creates the lead (capture)", () => {
    expect(nextAction(demo, 0, "next", contact, false)).toEqual({
      kind: "submit",
      stage: "capture",
      step: 0,
    });
  });

  it("a lead_capture step whose lead was already captured just advances", () => {
    expect(nextAction(demo, 0, "next", contact, true)).toEqual({ kind: "advance", step: 1 });
  });

  it("a valid middle step advances to the next", () => {
    expect(nextAction(demo, 1, "next", { ...contact, ...company }, true)).toEqual({
      kind: "advance",
      step: 2,
    });
  });

  it("Finalizar on a valid last step finalizes (complete), captured or not", () => {
    const last = demo.steps.length - 1;
    const answers = {
      ...contact,
      ...company,
      urgencia: "ontem",
      cargoResponsavel: "diretor",
      melhorHorario: "manha",
    };
    expect(nextAction(demo, last, "finish", answers, true)).toEqual({
      kind: "submit",
      stage: "complete",
      step: last,
    });
    expect(nextAction(demo, last, "finish", answers, false)).toEqual({
      kind: "submit",
      stage: "complete",
      step: last,
    });
  });

  it("a one-step lead_capture form finalizes rather than captures", () => {
    const single = { ...demo, steps: [demo.steps[0]!] };
    expect(nextAction(single, 0, "next", contact, false)).toEqual({
      kind: "submit",
      stage: "complete",
      step: 0,
    });
  });

  it("a step index past the end is read as the last step", () => {
    expect(nextAction(demo, 99, "back", {}, true)).toEqual({ kind: "back", step: 1 });
  });
});

describe("B §4.3, §4.5 — keys containing SIM or ERR are simulated", () => {
  it.each([
    ["SIM-20261123-ABC123", true],
    ["CONT-ERR-1700000000", true],
    ["FDVW-123", false],
    ["VRT-20261123-7K3F9Q", false],
  ])("%s → %s", (key, simulated) => {
    expect(isSimulatedKey(key)).toBe(simulated);
  });
});

describe("B §8.1 — the status after storing a step", () => {
  it("a real creation and finalization carry the key", () => {
    expect(submissionStatus("capture", { protocol: "FDVW-7", simulated: false })).toEqual({
      kind: "created",
      key: "FDVW-7",
    });
    expect(submissionStatus("complete", { protocol: "FDVW-7", simulated: false })).toEqual({
      kind: "finished",
      key: "FDVW-7",
    });
  });

  it("a simulated answer, or a key containing SIM or ERR, is a simulated status", () => {
    expect(submissionStatus("capture", { protocol: "VRT-1", simulated: true }).kind).toBe(
      "created-simulated",
    );
    expect(submissionStatus("capture", { protocol: "SIM-1", simulated: false }).kind).toBe(
      "created-simulated",
    );
    expect(submissionStatus("complete", { protocol: "X-ERR-1", simulated: false }).kind).toBe(
      "finished-simulated",
    );
  });

  it("nothing stored is the failure of that stage (the flow goes on)", () => {
    expect(submissionStatus("capture", null)).toEqual({ kind: "create-failed" });
    expect(submissionStatus("complete", null)).toEqual({ kind: "finish-failed" });
  });

  // Simulated mode stores the lead as the real one does: a success, not B §8.1's warning (decision 134).
  it("each status has the catalogue's words and message type", () => {
    const t = formTexts("pt");
    const cases = [
      [{ kind: "created", key: "FDVW-7" }, "Registro criado: FDVW-7", "success"],
      [
        { kind: "created-simulated", key: "SIM-1" },
        "Informações registradas! Prossiga com o formulário.",
        "success",
      ],
      [{ kind: "create-failed" }, "Erro temporário, mas dados foram salvos localmente.", "warning"],
      [{ kind: "finished", key: "FDVW-7" }, "Formulário finalizado: FDVW-7", "success"],
      [{ kind: "finished-simulated", key: "SIM-1" }, "Formulário concluído com sucesso!", "success"],
      [{ kind: "finish-failed" }, "Erro ao finalizar, mas dados foram salvos.", "error"],
    ] as const;
    for (const [status, text, tone] of cases) {
      expect(statusText(status, t)).toBe(text);
      expect(statusTone(status)).toBe(tone);
    }
  });
});

describe("server refusals send the visitor to the first step with an error", () => {
  it("finds the step holding the first refused field", () => {
    expect(firstStepWithErrors(demo, { numeroFuncionarios: "x" }, 2)).toBe(1);
    expect(firstStepWithErrors(demo, { emailContato: "x", numeroFuncionarios: "x" }, 2)).toBe(0);
  });

  it("keeps the current step when no field of the form is named", () => {
    expect(firstStepWithErrors(demo, { desconhecido: "x" }, 2)).toBe(2);
  });
});
