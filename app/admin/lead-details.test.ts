import { FORM_KEYS } from "@domain/forms/manifest.ts";
import { describe, expect, it } from "vitest";
import { FORM_NAMES, formName } from "./form-names.ts";
import { deliveryHeading, visitRows } from "./lead-details.ts";

describe("a lead's record as the admin reads it: names, not stored keys", () => {
  it("names each delivery and its state", () => {
    expect(deliveryHeading("tracker", "done")).toBe("Chamado no Jira — concluída");
    expect(deliveryHeading("mail", "pending")).toBe("E-mail de confirmação ao visitante — na fila");
    expect(deliveryHeading("webhook", "dead")).toBe("Webhook — desistiu após as tentativas");
    // A kind added later still shows, by its key.
    expect(deliveryHeading("fax", "running")).toBe("fax — enviando agora");
  });

  it("the visit in rows of label and value, in Portuguese, leaving out what was not recorded", () => {
    const rows = visitRows(
      {
        page: "https://agronegocio.vertice.com.br/demonstracao?utm_source=google",
        referrer: "https://www.google.com/",
        utm: { utm_medium: "cpc", utm_campaign: "safra", utm_source: "google" },
        clickIds: { gclid: "abc" },
        userAgent: "Mozilla/5.0",
        clarityId: "não-disponível",
        firstTouch: { tags: { utm_source: "google" } },
      },
      { segment: "agronegocio", language: "en", planId: "profissional", annual: true },
      { agronegocio: "Agronegócio" },
    );
    expect(rows).toEqual([
      ["Página do formulário", "https://agronegocio.vertice.com.br/demonstracao?utm_source=google"],
      ["Veio de", "https://www.google.com/"],
      ["Campanha (UTM)", "fonte: google · meio: cpc · campanha: safra"],
      ["Identificadores de clique", "gclid: abc"],
      ["Site", "Agronegócio"],
      ["Idioma", "Inglês"],
      ["Plano escolhido", "profissional"],
      ["Cobrança", "Anual"],
      ["Navegador", "Mozilla/5.0"],
    ]);
  });

  it("a direct visit on the main site, with its analytics session", () => {
    expect(visitRows({ referrer: "direct", clarityId: "abc123" }, { segment: null, language: "pt" })).toEqual(
      [
        ["Veio de", "Acesso direto ou página do próprio site"],
        ["Site", "Site principal"],
        ["Idioma", "Português"],
        ["Sessão no Microsoft Clarity", "abc123"],
      ],
    );
  });

  it("a chat from the partner map names the partner and the WhatsApp it opened (decision 129)", () => {
    const partner = { id: 7, nome: "Guaicurus Sistemas", cidade: "Campo Grande", estado: "MS" };
    expect(visitRows({}, { segment: null, partner })).toContainEqual([
      "Parceiro do mapa",
      "Contato com o parceiro Guaicurus Sistemas (Campo Grande/MS); a conversa abriu no WhatsApp da empresa: apresente o visitante ao parceiro",
    ]);
  });

  it("every form has a name; a key the site no longer has stays as stored", () => {
    expect(Object.keys(FORM_NAMES)).toEqual(FORM_KEYS);
    expect(formName("demo")).toBe("Demonstração");
    expect(formName("antigo")).toBe("antigo");
  });
});
