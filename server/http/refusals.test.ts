import { describe, expect, it } from "vitest";
import { DomainError } from "../domain-errors.ts";
import { refusalAnswer } from "./refusals.ts";

describe("a DomainError carries its code and arguments (decision 115)", () => {
  it("its message is the code's Portuguese wording; its code and arguments word it in English", () => {
    const error = new DomainError("conflict", "members.alreadyMember", ["ana@agrosul.com.br"]);
    expect(error).toMatchObject({
      kind: "conflict",
      code: "members.alreadyMember",
      args: ["ana@agrosul.com.br"],
      message: "ana@agrosul.com.br já faz parte da sua empresa.",
    });
    expect(DomainError.is(error, "conflict")).toBe(true);
    // Recognised by its mark, as one made by the other bundle is.
    expect(DomainError.is({ ...error, [Symbol.for("vertice.domain-error")]: true }, "conflict")).toBe(true);
    expect(DomainError.is(new Error(error.message))).toBe(false);
  });

  it("keeps the wait of a rate-limited refusal and the details the caller needs", () => {
    const limited = new DomainError("rate-limited", "tickets.tooManyTickets", [], {
      retryAfterSeconds: 3600,
    });
    expect(limited.args).toEqual([]);
    expect(limited.retryAfterSeconds).toBe(3600);
    const fields = new DomainError("invalid-fields", "webhooks.invalidField", ["Eventos: escolha um."], {
      details: { errors: { events: "Eventos: escolha um." } },
    });
    expect(fields.message).toBe("Eventos: escolha um.");
    expect(fields.details).toEqual({ errors: { events: "Eventos: escolha um." } });
  });
});

describe("refusalAnswer: a page's answer to a refusal", () => {
  it("says it in the page's language at the status of its kind, with what the page needs besides", () => {
    const answer = refusalAnswer(new DomainError("conflict", "members.planLimit", ["Essencial", 5]), "en", {
      field: "email",
    });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({
      ok: false,
      message:
        "The Essencial plan allows up to 5 users, counting open invitations. Remove someone, cancel an invitation or change plans.",
      field: "email",
    });
    expect(refusalAnswer(new DomainError("invalid", "tickets.fileEmpty", ["a.txt"]), "pt").data.message).toBe(
      "O arquivo a.txt está vazio.",
    );
    expect(refusalAnswer(new DomainError("forbidden", "plans.forbidden"), "pt").init?.status).toBe(403);
    expect(refusalAnswer(new DomainError("invalid-fields", "leads.fieldsInvalid"), "pt").init?.status).toBe(
      422,
    );
  });

  it("tells a rate-limited visitor when to try again", () => {
    const answer = refusalAnswer(
      new DomainError("rate-limited", "members.tooManyInvitations", [], { retryAfterSeconds: 3600 }),
      "en",
    );
    expect(answer.init?.status).toBe(429);
    expect(answer.init?.headers).toEqual({ "Retry-After": "3600" });
    expect(answer.data.message).toBe("Too many invitations in a short time. Try again later.");
  });

  it("throws on what is not a refusal", () => {
    const failure = new Error("banco fora do ar");
    expect(() => refusalAnswer(failure, "pt")).toThrow(failure);
  });
});
