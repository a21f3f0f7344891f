import { portalTexts } from "@domain/portal/texts.ts";
import { replySchema, ticketInputSchema } from "@server/portal/tickets.ts";
import { describe, expect, it } from "vitest";
import { attachmentDisposition, fieldErrorsOf, hadFiles, sentFiles } from "./ticket-form.server.ts";

describe("the ticket forms' server side (decision 094)", () => {
  it("takes the chosen files and skips an empty file input", async () => {
    const form = new FormData();
    form.append("anexos", new File([new Uint8Array([1, 2, 3])], "tela.png", { type: "image/png" }));
    form.append("anexos", new File([], ""));
    form.append("anexos", "texto, não arquivo");
    const files = await sentFiles(form);
    expect(files).toEqual([{ filename: "tela.png", bytes: new Uint8Array([1, 2, 3]) }]);
    expect(hadFiles(form)).toBe(true);
    const empty = new FormData();
    empty.append("anexos", new File([], ""));
    expect(await sentFiles(empty)).toEqual([]);
    expect(hadFiles(empty)).toBe(false);
  });

  it("turns zod's refusals into one message per field, in the visitor's language", () => {
    const refused = ticketInputSchema.safeParse({
      priority: "media",
      subject: "Oi",
      description: "x".repeat(10_001),
    });
    expect(refused.success).toBe(false);
    expect(fieldErrorsOf(refused.error!, portalTexts("pt"))).toEqual({
      category: "Escolha a categoria do chamado.",
      subject: "Informe o assunto (pelo menos 5 caracteres).",
      description: "A descrição passa de 10000 caracteres.",
    });
    expect(fieldErrorsOf(refused.error!, portalTexts("en")).subject).toBe(
      "Enter the subject (at least 5 characters).",
    );
    const reply = replySchema.safeParse("   ");
    expect(fieldErrorsOf(reply.error!, portalTexts("pt"), "body")).toEqual({
      body: "Escreva a sua resposta.",
    });
  });

  it("downloads under the file's own name, with an ASCII fallback", () => {
    expect(attachmentDisposition("relatório de março (final).pdf")).toBe(
      "attachment; filename=\"relatorio de marco (final).pdf\"; filename*=UTF-8''relat%C3%B3rio%20de%20mar%C3%A7o%20%28final%29.pdf",
    );
    expect(attachmentDisposition('a"b\\c;d%e.txt')).toBe(
      "attachment; filename=\"a_b_c_d_e.txt\"; filename*=UTF-8''a%22b%5Cc%3Bd%25e.txt",
    );
    expect(attachmentDisposition("日本.png")).toBe(
      "attachment; filename=\"__.png\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.png",
    );
  });
});
