import type { LeadRow } from "@server/leads/repository.ts";

/**
 * A stored lead as Drizzle reads it, for unit tests of what reads one (notifications, e-mails):
 * a warm demo capture delivered to Jira; `overrides` set what a test is about.
 */
export function leadRow(overrides: Partial<LeadRow> = {}): LeadRow {
  const at = new Date("2026-11-22T13:05:00.000Z");
  return {
    id: "3f2b9c1e-8a4d-4e6f-9b21-0c7d5e4a1b2c",
    protocol: "VRT-20261122-7K3F9Q",
    formId: "demo",
    formType: "lead_capture_qualified",
    stage: "captured",
    version: 1,
    answers: { nomeResponsavel: "Maria Oliveira", emailContato: "maria@agrosul.com.br" },
    score: 40,
    level: "warm",
    priority: "medium",
    responseHours: 24,
    context: { language: "pt" },
    tracking: {},
    clientHash: null,
    consentPurpose: "Contato comercial",
    consentTextVersion: "2026-11-01",
    consentAt: at,
    consentWithdrawnAt: null,
    consentWithdrawnVia: null,
    spamReason: null,
    trackerKey: null,
    trackerUrl: null,
    trackerSyncedVersion: 0,
    trackerQualified: false,
    trackerStatus: null,
    trackerStatusCategory: null,
    trackerStatusAt: null,
    deliveryStatus: "pending",
    contactKey: null,
    companyRoot: null,
    respondBy: null,
    anonymizedAt: null,
    ownerAccountId: null,
    ownerName: null,
    routingRule: null,
    outcome: null,
    outcomeAt: null,
    relatedLeadId: null,
    trackerLinked: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
