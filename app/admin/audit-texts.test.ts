import { describe, expect, it } from "vitest";
import { auditEntryText } from "./audit-texts.ts";

describe("the admin's activity feed in words", () => {
  it("says what was done, and to what when the target says something", () => {
    expect(auditEntryText("plan.request", "profissional")).toBe("pediu mudança para o plano profissional");
    expect(auditEntryText("content.publish", "home.json")).toBe("publicou home.json");
    expect(auditEntryText("webhook.rotate-secret", "https://crm.example/hooks")).toBe(
      "trocou o segredo do webhook https://crm.example/hooks",
    );
  });
  it("leaves out a target that is only a record's id", () => {
    expect(auditEntryText("ticket.reply", "ticket 52102d3c-1a2b-4c3d-8e9f-0a1b2c3d4e5f")).toBe(
      "respondeu a um chamado",
    );
    expect(auditEntryText("user.end-sessions", "52102d3c-1a2b-4c3d-8e9f-0a1b2c3d4e5f")).toBe(
      "encerrou as sessões de um usuário",
    );
  });
  it("shows an action it does not know by its code, never hiding it", () => {
    expect(auditEntryText("novo.evento", "x")).toBe("novo.evento x");
  });
});
