import { loadConfig } from "@server/config.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import type { SubmissionInput } from "@server/leads/service.ts";
import { issueFormToken } from "@server/leads/spam.ts";
import type { Telemetry } from "@server/metrics/telemetry.ts";
import { DeliveryWorker } from "@server/platform/outbox/worker.ts";
import { buildServices } from "@server/services.ts";
import pino from "pino";
import type { FakeJira } from "../fakes/jira.ts";
import { TEST_HASH_ENV } from "./passwords.ts";

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
 * The lead pipeline built by the composition root (server/services.ts), in this process, against a
 * real database and the fake Jira, with an injected clock and no waiting between retries.
 */
/** A draw at the top of every jittered range: the longest wait, as a fixed schedule would have it. */
export const TOP_OF_THE_RANGE = () => 0.999_999_99;

export async function leadStack(
  handle: DatabaseHandle,
  jira: FakeJira | null,
  clock = testClock(),
  hooks: {
    slackUrl?: string;
    teamsUrl?: string;
    webhookUrl?: string;
    webhookSecret?: string;
    /** How long a submission may wait for its tracker key (default 5 s). */
    protocolWaitMs?: number;
    /** Any other setting (SMTP_URL, JIRA_WEBHOOK_SECRET, DATA_DIR…). */
    env?: Record<string, string>;
    /** Where the services report what they send (the metrics' telemetry). */
    telemetry?: Telemetry;
    /**
     * Failures in a row that open a service's circuit (decision 124). A test of a job's own retry
     * schedule (the failures below the threshold: a flaky Jira, not a down one) raises it.
     */
    circuitFailuresToOpen?: number;
    /**
     * Draws the jitter of retries and probes (decision 124). By default the top of each range, so
     * a test's clock knows when a retry or a probe is due; a test of the spread passes Math.random.
     */
    random?: () => number;
  } = {},
) {
  const config = loadConfig({
    NODE_ENV: "test",
    SESSION_SECRET: "test-secret-test-secret-test-secret!",
    PUBLIC_BASE_URL: "http://localhost",
    ...TEST_HASH_ENV,
    ...(jira ? { JIRA_BASE_URL: jira.url, JIRA_EMAIL: "bot@example.com", JIRA_API_TOKEN: "test-token" } : {}),
    ...(hooks.slackUrl ? { SLACK_WEBHOOK_URL: hooks.slackUrl } : {}),
    ...(hooks.teamsUrl ? { TEAMS_WEBHOOK_URL: hooks.teamsUrl } : {}),
    ...(hooks.webhookUrl ? { LEAD_WEBHOOK_URL: hooks.webhookUrl } : {}),
    ...(hooks.webhookSecret ? { LEAD_WEBHOOK_SECRET: hooks.webhookSecret } : {}),
    ...hooks.env,
  });
  /** Every wait the pipeline asked for (between the tries of a call), in ms: none is really waited. */
  const sleeps: number[] = [];
  const services = await buildServices(
    config,
    silentLogger,
    handle,
    {
      now: clock.now,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      trackerTimeoutMs: 1_000,
      workerId: "worker-a",
      protocolWaitMs: hooks.protocolWaitMs ?? 5_000,
      ...(hooks.circuitFailuresToOpen ? { circuitFailuresToOpen: hooks.circuitFailuresToOpen } : {}),
      random: hooks.random ?? TOP_OF_THE_RANGE,
    },
    hooks.telemetry,
  );
  const { leads, worker, forms, signer } = services;
  /** Another worker on the same database, delivering with the same handlers. */
  const makeWorker = (id: string) =>
    new DeliveryWorker({
      db: handle.db,
      logger: silentLogger,
      now: clock.now,
      id,
      handlers: services.deliveryHandlers,
      circuits: services.circuits,
      random: hooks.random ?? TOP_OF_THE_RANGE,
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
  return {
    leads,
    worker,
    makeWorker,
    forms,
    signer,
    clock,
    sleeps,
    submission,
    inbox: services.inbox,
    erasure: services.erasure,
    /** Everything the composition root built (the portal's tickets, the Jira inbound side). */
    services,
  };
}

/** Answers that pass every step of the demo form and make a hot lead. */
export const hotDemoAnswers = {
  nomeResponsavel: "Maria Oliveira",
  emailContato: "maria@agrosul.com.br",
  telefoneContato: "(62) 99876-5432",
  nomeEmpresa: "Agro Sul Ltda",
  cnpjEmpresa: "12.345.678/0001-95",
  segmento: ["agronegocio", "distribuicao"],
  numeroFuncionarios: "grande",
  sistemaAtual: ["planilhas"],
  principalDesafio: ["controle-financeiro"],
  urgencia: "ontem",
  cargoResponsavel: "diretor",
  melhorHorario: "manha",
  observacoes: "Queremos migrar até o fim do trimestre.",
};
