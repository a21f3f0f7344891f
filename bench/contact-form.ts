// The body a visitor's browser posts to /api/leads for the contact form, as both lead benchmarks send it.
import { randomUUID } from "node:crypto";
import { issueFormToken } from "@server/leads/spam.ts";
import type { Signer } from "@server/secrets.ts";

/** Visitor `i`'s contact form: its own request key, and a form token shown 10 s before (past the fill time). */
export function contactFormBody(signer: Signer, i: number): string {
  return JSON.stringify({
    form: "contato",
    answers: { nome: `Visitante ${i}`, email: `bench-${i}@example.com`, mensagem: "Quero uma proposta." },
    requestKey: randomUUID(),
    formToken: issueFormToken(signer, Date.now() - 10_000),
    tracking: { page: "http://localhost/contato" },
  });
}
