import { Cache } from "@server/cache/cache.ts";
import { readContentFiles, readDomainConfig } from "@server/content/files.ts";
import { seedDocuments } from "@server/content/repository.ts";
import { ContentService } from "@server/content/service.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { FormRegistry } from "@server/leads/forms.ts";
import { notificationHandlers } from "@server/leads/notify.ts";
import { LeadService, type SubmissionInput } from "@server/leads/service.ts";
import { issueFormToken } from "@server/leads/spam.ts";
import { TrackerSync } from "@server/leads/tracker-sync.ts";
import { DeliveryWorker } from "@server/leads/worker.ts";
import { contentDir } from "@server/paths.ts";
import { Signer } from "@server/secrets.ts";
import { JiraClient } from "@server/tracker/jira-client.ts";
import pino from "pino";
import type { FakeJira } from "../fakes/jira.ts";

export const silentLogger = pino({ level: "silent" });

/** A clock the test moves by hand. */
export function testClock(start = Date.parse("2026-11-22T12:00:00Z")) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/**
 * The lead pipeline wired as server/server.ts wires it, in this process, against a real database
 * and the fake Jira, with an injected clock and no waiting between retries.
 */
export async function leadStack(
  handle: DatabaseHandle,
  jira: FakeJira | null,
  clock = testClock(),
  hooks: { slackUrl?: string; teamsUrl?: string; webhookUrl?: string; webhookSecret?: string } = {},
) {
  const domains = await readDomainConfig(contentDir);
  await seedDocuments(handle.db, await readContentFiles(contentDir, domains));
  const signer = new Signer("test-secret-test-secret-test-secret!");
  const forms = new FormRegistry(new ContentService(handle.db, new Cache()));
  const client = jira
    ? new JiraClient(
        { baseUrl: jira.url, email: "bot@example.com", token: "test-token" },
        { sleep: async () => {}, timeoutMs: 1_000 },
      )
    : null;
  const notify = notificationHandlers({ publicBaseUrl: "http://localhost", ...hooks }, clock.now);
  const makeWorker = (id: string) =>
    new DeliveryWorker({
      db: handle.db,
      logger: silentLogger,
      now: clock.now,
      id,
      handlers: {
        tracker: client
          ? new TrackerSync(handle.db, client, forms, silentLogger, clock.now, async () => {}).handle
          : async () => "simulado",
        slack: notify.slack,
        teams: notify.teams,
        webhook: notify.webhook,
      },
    });
  const worker = makeWorker("worker-a");
  const leads = new LeadService({
    db: handle.db,
    forms,
    signer,
    trackerConfigured: client !== null,
    notifications: {
      slack: Boolean(hooks.slackUrl),
      teams: Boolean(hooks.teamsUrl),
      webhook: Boolean(hooks.webhookUrl),
    },
    kick: () => worker.kick(),
    protocolWaitMs: 5_000,
    now: clock.now,
  });
  let requests = 0;
  /** A valid submission shown 10 s ago, with a fresh request key. */
  const submission = (
    input: Partial<SubmissionInput> & Pick<SubmissionInput, "formKey" | "answers">,
  ): SubmissionInput => ({
    stage: "complete",
    requestKey: `req-${Date.now()}-${++requests}`,
    formToken: issueFormToken(signer, clock.now().getTime() - 10_000),
    tracking: { page: "http://localhost/demonstracao", referrer: "https://www.google.com/" },
    context: { segment: null, language: "pt" },
    client: { ip: "203.0.113.7", userAgent: "vitest", clarityCookie: "abc123|1700000000" },
    ...input,
  });
  return { leads, worker, makeWorker, forms, signer, clock, submission };
}

/** Answers that pass every step of the demo form and make a hot lead. */
export const hotDemoAnswers = {
  nomeResponsavel: "Maria Oliveira",
  emailContato: "maria@agrosul.com.br",
  telefoneContato: "(62) 99876-5432",
  nomeEmpresa: "Agro Sul Ltda",
  cnpjEmpresa: "12.345.678/0001-90",
  segmento: ["agronegocio", "distribuicao"],
  numeroFuncionarios: "grande",
  sistemaAtual: ["planilhas"],
  principalDesafio: ["controle-financeiro"],
  urgencia: "ontem",
  cargoResponsavel: "diretor",
  melhorHorario: "manha",
  observacoes: "Queremos migrar até o fim do trimestre.",
};
