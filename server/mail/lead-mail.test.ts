import { readFileSync } from "node:fs";
import path from "node:path";
import { type FormDefinition, formDefinitionSchema } from "@domain/forms/definition.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { describe, expect, it } from "vitest";
import { leadRow } from "../../tests/support/lead-row.ts";
import type { Database } from "../db/client.ts";
import type { FormRegistry } from "../leads/forms.ts";
import type { LeadRow } from "../leads/repository.ts";
import { contentDir } from "../paths.ts";
import { Signer } from "../secrets.ts";
import { confirmationMailJobs, firstName, LeadMail, leadLanguage, visitorEmail } from "./lead-mail.ts";
import { type LeadMailModel, renderLeadMail } from "./lead-mail-template.tsx";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

/** A shipped form definition as the content store gives it (Portuguese default, or English). */
function shippedForm(key: string, language: OfferedLanguage): FormDefinition {
  const file = path.join(contentDir, "data", language === "en" ? "en" : "", `form-${key}.json`);
  return formDefinitionSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

const signer = new Signer("unit-test-secret-unit-test-secret-0123");
const NOW = new Date("2026-11-26T13:00:00Z");
/** Only the model is used here: it needs no database nor content store. */
const mail = new LeadMail({
  db: null as unknown as Database,
  forms: null as unknown as FormRegistry,
  signer,
  publicBaseUrl: "https://www.vertice.com.br",
  now: () => NOW,
});

function lead(overrides: Partial<LeadRow> = {}): LeadRow {
  return leadRow({
    protocol: "VRT-20261126-7K3F9Q",
    consentAt: NOW,
    trackerKey: "FDVW-321",
    trackerSyncedVersion: 1,
    deliveryStatus: "delivered",
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  });
}

async function rendered(row: LeadRow, formKey: string, language: OfferedLanguage) {
  const form = shippedForm(formKey, language);
  const { model, headers } = mail.model(row, form, language);
  return { form, model, headers, ...(await renderLeadMail(model)) };
}

/** The text of an HTML part as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
function visible(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("a lead's confirmation e-mail: HTML and text from one template", () => {
  it.each(["pt", "en"] as const)(
    "in %s: the protocol, the form's promise (B §9.4) and every next step, in both parts",
    async (language) => {
      const { form, subject, html, text } = await rendered(lead(), "demo", language);
      const promise = language === "pt" ? "em até 4 horas úteis" : "within 4 business hours";
      expect(form.success.description).toContain(promise);
      for (const part of [visible(html), text.replace(/\s+/g, " ")]) {
        expect(part).toContain("FDVW-321");
        expect(part).toContain(form.success.title);
        expect(part).toContain(form.success.description);
        for (const step of form.success.nextSteps) expect(part).toContain(step);
        expect(part).toContain(language === "pt" ? "Próximos passos" : "Next steps");
        expect(part).toContain(language === "pt" ? "Olá, Maria!" : "Hello, Maria!");
        // The local protocol the visitor may have been shown first.
        expect(part).toContain("VRT-20261126-7K3F9Q");
      }
      expect(html).toMatch(language === "pt" ? /<html[^>]*lang="pt-BR"/ : /<html[^>]*lang="en"/);
      expect(subject).toBe(
        `${form.success.title} ${language === "pt" ? "Protocolo" : "Protocol"} FDVW-321 — Vértice`,
      );
      // A confirmation has no unsubscribe: it is not a list.
      expect(html).not.toContain("newsletter/cancelar");
    },
  );

  it("names the promise of each form of B §9.4 in its language, qualified as the deadline rule keeps it (decision 117)", async () => {
    const promises: Record<string, [string, string]> = {
      demo: ["em até 4 horas úteis quando há urgência", "within 4 business hours when it is urgent"],
      parceiros: ["em até 2 dias úteis quando há urgência", "within 2 business days when it is urgent"],
      contato: ["Entraremos em contato em breve. Obrigado!", "We will be in touch soon. Thank you!"],
      // The trial asks no urgency: its fastest answer is for priority (hot) sign-ups.
      trial: [
        "em até 2 horas úteis nos cadastros prioritários",
        "within 2 business hours for priority sign-ups",
      ],
    };
    for (const [key, [pt, en]] of Object.entries(promises)) {
      expect((await rendered(lead({ formId: key }), key, "pt")).text, key).toContain(pt);
      expect((await rendered(lead({ formId: key }), key, "en")).text, key).toContain(en);
    }
  });

  it("shows the protocol the visitor's answer showed: the Jira key, a SIM- key, or the local protocol", async () => {
    const simulated = await rendered(lead({ trackerKey: null, deliveryStatus: "simulated" }), "demo", "pt");
    expect(simulated.model.protocol).toBe("SIM-20261126-7K3F9Q");
    expect(simulated.model.alsoRecordedAs).toBeNull();
    expect(simulated.subject).toContain("SIM-20261126-7K3F9Q");
    const pending = await rendered(lead({ trackerKey: null, deliveryStatus: "pending" }), "demo", "pt");
    expect(pending.model.protocol).toBe("VRT-20261126-7K3F9Q");
    expect(pending.text).not.toContain("Também registrado");
    // A form that hides protocols (logs: false) hides it in the e-mail too.
    const hidden = mail.model(lead(), { ...shippedForm("demo", "pt"), logs: false }, "pt");
    expect(hidden.model.protocol).toBeNull();
  });

  it("escapes what the visitor and the content typed: markup is text in the HTML, one line in the text", async () => {
    const hostile = "<img src=x onerror=alert(1)>";
    const model: LeadMailModel = {
      ...mail.model(lead(), shippedForm("contato", "pt"), "pt").model,
      firstName: hostile,
      title: `Recebido <script>alert("x")</script>`,
      nextSteps: [`Clique <a href="https://evil.example">aqui</a> & "pronto"`],
    };
    const { html, text, subject } = await renderLeadMail(model);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('href="https://evil.example"');
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;script&gt;");
    expect(text).toContain(`Olá, ${hostile}!`);
    expect(text).toContain(`Clique <a href="https://evil.example">aqui</a> & "pronto"`);
    // A line break typed into the content cannot add a header line to the subject.
    const injected = await renderLeadMail({ ...model, title: "Recebido\r\nBcc: vitima@evil.example" });
    expect(injected.subject).not.toMatch(/[\r\n]/);
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it("greets by the first name only when it is one plain word (no link or sentence of a stranger's)", () => {
    expect(firstName({ nomeResponsavel: "  Maria  Oliveira " })).toBe("Maria");
    expect(firstName({ nome: "José-Antônio d'Ávila" })).toBe("José-Antônio");
    expect(firstName({ nome: "<img src=x>" })).toBeNull();
    expect(firstName({ nome: "https://spam.example ganhe" })).toBeNull();
    expect(firstName({ nome: "www.spam.example" })).toBeNull();
    expect(firstName({ email: "a@b.com" })).toBeNull();
    expect(firstName({ nome: "A".repeat(41) })).toBeNull();
  });
});

describe("the newsletter's welcome", () => {
  const subscriber = lead({
    formId: "newsletter",
    formType: "newsletter_subscription",
    stage: "completed",
    answers: { email: "leitor@example.com" },
    trackerKey: "MKT-7",
  });

  it.each(["pt", "en"] as const)(
    "in %s: one-click unsubscribe headers (RFC 8058) and a link to the confirmation page, in both parts",
    async (language) => {
      const row = { ...subscriber, context: { language } };
      const { headers, html, text, subject, form } = await rendered(row, "newsletter", language);
      expect(subject).toBe(
        language === "pt" ? "Boas-vindas à newsletter da Vértice" : "Welcome to the Vértice newsletter",
      );
      const listUnsubscribe = headers?.["List-Unsubscribe"] ?? "";
      expect(listUnsubscribe).toMatch(
        /^<https:\/\/www\.vertice\.com\.br\/api\/newsletter\/unsubscribe\?token=[\w.-]+>$/,
      );
      expect(headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const token = new URL(listUnsubscribe.slice(1, -1)).searchParams.get("token");
      expect(readUnsubscribeToken(signer, token, NOW)).toEqual({ ok: true, leadId: subscriber.id });
      const page = `https://www.vertice.com.br${language === "en" ? "/en" : ""}/newsletter/cancelar?token=${token}`;
      expect(html).toContain(`href="${page}"`);
      expect(text).toContain(page);
      expect(text).toContain(form.privacy.purpose);
      for (const step of form.success.nextSteps) expect(text).toContain(step);
      expect(text).toContain("MKT-7");
    },
  );
});

describe("who gets an e-mail, and where", () => {
  it("the address is the answer to the form's e-mail field, whatever its name, and one address only", () => {
    const demo = shippedForm("demo", "pt");
    const contact = shippedForm("contato", "pt");
    expect(visitorEmail(demo, { emailContato: " maria@agrosul.com.br " })).toBe("maria@agrosul.com.br");
    expect(visitorEmail(contact, { email: "carla@example.com" })).toBe("carla@example.com");
    expect(visitorEmail(demo, { emailContato: "a@example.com, vitima@example.com" })).toBeNull();
    expect(visitorEmail(demo, { emailContato: "a@example.com\r\nBcc: vitima@example.com" })).toBeNull();
    expect(visitorEmail(demo, { emailContato: "" })).toBeNull();
    // An erased lead (LGPD) has no answers left.
    expect(visitorEmail(demo, {})).toBeNull();
  });

  it("a stored lead queues one e-mail job; spam and a form without e-mail (the WhatsApp chat) none", () => {
    const demo = shippedForm("demo", "pt");
    expect(confirmationMailJobs(demo, { emailContato: "maria@agrosul.com.br" }, null)).toEqual([
      // Due 3 s after the lead: past the visitor's wait for the Jira key, so it names the same.
      { kind: "mail", maxAttempts: 5, delayMs: 3_000 },
    ]);
    expect(confirmationMailJobs(demo, { emailContato: "maria@agrosul.com.br" }, "honeypot")).toEqual([]);
    const whatsapp = shippedForm("whatsapp", "pt");
    expect(
      confirmationMailJobs(whatsapp, { nomeResponsavel: "Ana", telefoneContato: "62999990000" }, null),
    ).toEqual([]);
  });

  it("writes in the visitor's language when the site offers it, else in Portuguese", () => {
    expect(leadLanguage({ context: { language: "en" } })).toBe("en");
    expect(leadLanguage({ context: { language: "es" } })).toBe("pt");
    expect(leadLanguage({ context: { language: "xx" } })).toBe("pt");
    expect(leadLanguage({ context: {} })).toBe("pt");
    // The page the form was filled on says it first (the JSON intake's own address has no prefix).
    expect(leadLanguage({ context: { language: "pt", page: "https://www.vertice.com.br/en/contato" } })).toBe(
      "en",
    );
    expect(leadLanguage({ context: { language: "en", page: "https://www.vertice.com.br/contato" } })).toBe(
      "en",
    );
    expect(leadLanguage({ context: { language: "en", page: "https://www.vertice.com.br/es/contato" } })).toBe(
      "pt",
    );
    expect(leadLanguage({ context: { language: "en", page: "não é um endereço" } })).toBe("en");
  });
});
