import { describe, expect, it } from "vitest";
import { adfToText, doc, paragraph, textParagraphs } from "./adf.ts";

describe("comment bodies as text and back (decision 094)", () => {
  it("reads paragraphs, hard breaks, lists and mentions", () => {
    const body = {
      type: "doc",
      version: 1,
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Olá, " },
            { type: "mention", attrs: { text: "@Ana" } },
          ],
        },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "linha 1" },
            { type: "hardBreak" },
            { type: "text", text: "linha 2" },
          ],
        },
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "um" }] }] },
            { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "dois" }] }] },
          ],
        },
      ],
    };
    expect(adfToText(body)).toBe("Olá, @Ana\n\nlinha 1\nlinha 2\n\n• um\n\n• dois");
  });

  it("takes the wiki text some webhooks carry as it is", () => {
    expect(adfToText("  Resposta em *wiki*  ")).toBe("Resposta em *wiki*");
  });

  it("never fails on what is not ADF", () => {
    expect(adfToText(null)).toBe("");
    expect(adfToText({ type: "doc", content: "x" })).toBe("");
  });

  it("writes text as paragraphs and hard breaks, and reads it back the same", () => {
    const text = "Segue o XML.\nObrigada!\n\nAna";
    const written = doc(textParagraphs(text));
    expect(written.content).toHaveLength(2);
    expect(adfToText(written)).toBe(text);
    expect(adfToText(doc([paragraph({ strong: "Ana" }, " via portal")]))).toBe("Ana via portal");
  });
});
