import { describe, expect, it } from "vitest";
import { FORM_KEYS, utmFrom } from "./submission.ts";
import { submissionSchema } from "./submission-schema.ts";

const valid = {
  form: "demo",
  stage: "capture",
  answers: {
    nomeResponsavel: "Ana Souza",
    emailContato: "ana@agro.com.br",
    segmento: ["agronegocio", "industria"],
  },
  requestKey: "req-12345678",
  formToken: "1700000000000.assinatura",
  website: "",
  tracking: {
    page: "/demo",
    referrer: "https://www.google.com/",
    utm: { utm_source: "google", utm_campaign: "erp-2026" },
  },
  context: { planId: "plano-pro", annual: true },
};

const refuses = (body: unknown) => expect(submissionSchema.safeParse(body).success).toBe(false);

describe("POST /api/leads body (B §3.4 forms, B §4.3 stages): accepted", () => {
  it("accepts a complete valid body as given", () => {
    const parsed = submissionSchema.parse(valid);
    expect(parsed).toEqual(valid);
  });
  it("applies defaults: stage complete, empty tracking and context", () => {
    const parsed = submissionSchema.parse({ form: "contato", answers: {}, requestKey: "12345678" });
    expect(parsed).toEqual({
      form: "contato",
      stage: "complete",
      answers: {},
      requestKey: "12345678",
      tracking: {},
      context: {},
    });
  });
  it("accepts every form key", () => {
    expect(FORM_KEYS).toEqual(
      expect.arrayContaining(["demo", "parceiros", "contato", "trial", "newsletter", "whatsapp"]),
    );
    for (const form of FORM_KEYS) {
      expect(submissionSchema.safeParse({ ...valid, form }).success, form).toBe(true);
    }
  });
});

describe("POST /api/leads body: refused", () => {
  it("an unknown form key", () => {
    refuses({ ...valid, form: "orcamento" });
  });
  it("an unknown top-level key (strict)", () => {
    refuses({ ...valid, isAdmin: true });
  });
  it("an answers value that is a number", () => {
    refuses({ ...valid, answers: { ...valid.answers, numeroFuncionarios: 50 } });
  });
  it("a list answer holding a number", () => {
    refuses({ ...valid, answers: { segmento: ["industria", 3] } });
  });
  it("a requestKey shorter than 8 characters (7 refused, 8 accepted)", () => {
    refuses({ ...valid, requestKey: "1234567" });
    expect(submissionSchema.safeParse({ ...valid, requestKey: "12345678" }).success).toBe(true);
  });
  it("a planId with spaces or capitals", () => {
    refuses({ ...valid, context: { planId: "plano pro" } });
    refuses({ ...valid, context: { planId: "PlanoPro" } });
  });
  it("a utm key outside the five utm_ keys", () => {
    refuses({ ...valid, tracking: { utm: { utm_source: "google", utm_id: "123" } } });
  });
  it("an unknown key inside tracking or context (strict)", () => {
    refuses({ ...valid, tracking: { page: "/demo", clientIp: "1.2.3.4" } });
    refuses({ ...valid, context: { planId: "pro", price: 10 } });
  });
  it("an unknown stage", () => {
    refuses({ ...valid, stage: "qualified" });
  });
});

describe("utmFrom: only the five utm_ parameters of the query string", () => {
  it("picks utm_source, utm_medium, utm_campaign, utm_term and utm_content", () => {
    expect(
      utmFrom(
        "?utm_source=google&utm_medium=cpc&utm_campaign=erp&utm_term=erp+agro&utm_content=banner&utm_id=9&gclid=abc&plan=pro",
      ),
    ).toEqual({
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "erp",
      utm_term: "erp agro",
      utm_content: "banner",
    });
  });
  it("skips empty parameters and a query without utm", () => {
    expect(utmFrom("?utm_source=&utm_medium=email")).toEqual({ utm_medium: "email" });
    expect(utmFrom("")).toEqual({});
    expect(utmFrom("?a=1")).toEqual({});
  });
  it("cuts a value at 200 characters, as the body schema allows", () => {
    expect(utmFrom(`utm_source=${"x".repeat(300)}`)).toEqual({ utm_source: "x".repeat(200) });
  });
});
