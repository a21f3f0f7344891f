import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PrivacyNotice } from "./PrivacyNotice.tsx";

const render = (privacy: { text: string; linkText: string; linkUrl: string; purpose: string }) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PrivacyNotice privacy={privacy} purposeLabel="Finalidade" />
    </MemoryRouter>,
  );

describe("PrivacyNotice", () => {
  it("links the policy where the text names it, without repeating it", () => {
    const html = render({
      text: "Ao criar o seu teste, você aceita os Termos de Uso e autoriza a Vértice.",
      linkText: "Termos de Uso",
      linkUrl: "/termos",
      purpose: "Teste de 30 dias.",
    });
    expect(html.match(/Termos de Uso/g)).toHaveLength(1);
    expect(html).toMatch(/os <a [^>]*href="\/termos"[^>]*>Termos de Uso<\/a> e autoriza/);
    expect(html).toContain("Finalidade: Teste de 30 dias.");
  });

  it("puts the link after a text that does not name it", () => {
    const html = render({
      text: "Você pode pedir a exclusão a qualquer momento.",
      linkText: "Política de Privacidade",
      linkUrl: "/politicas",
      purpose: "Demonstração.",
    });
    expect(html).toMatch(/momento\. <a [^>]*href="\/politicas"[^>]*>Política de Privacidade<\/a>\. <span/);
  });

  it("names each sample form's policy exactly once", () => {
    for (const lang of ["", "en"]) {
      for (const form of ["demo", "parceiros", "contato", "trial"]) {
        const file = path.join(process.cwd(), "content/data", lang, `form-${form}.json`);
        const { privacy } = JSON.parse(readFileSync(file, "utf8"));
        const text = render(privacy).replace(/<[^>]+>/g, "");
        expect(text.split(privacy.linkText).length - 1, `${lang}/${form}`).toBe(1);
      }
    }
  });
});
