import { randomUUID } from "node:crypto";
import { LEAD_EVENTS } from "@domain/webhooks.ts";
import { z } from "@domain/zod.ts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import type { AttemptOutcome, JobStatus, WebhookSource } from "../db/enums.ts";
import { deliveryAttempts, deliveryJobs, leads, webhookEndpoints } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { ENV_ENDPOINT_ID } from "./enqueue.ts";
import { newMessageId, newWebhookSecret } from "./signing.ts";
import { type UrlPolicy, webhookUrlProblem } from "./url-policy.ts";

/** An endpoint as the admin shows it, with its last delivery. */
export interface EndpointView {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  source: WebhookSource;
  /** The `whsec_…` secret receivers verify with (null for the environment's: LEAD_WEBHOOK_SECRET's bytes). */
  secret: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  last: { status: DeliveryStatus; event: string | null; at: string; detail: string | null } | null;
}

export type DeliveryStatus = JobStatus;

/** One message to one endpoint (a job), with every attempt at it. */
export interface DeliveryView {
  id: number;
  event: string | null;
  lead: { id: string; protocol: string } | null;
  status: DeliveryStatus;
  attempts: number;
  maxAttempts: number;
  createdAt: string;
  /** When it runs again (pending). */
  runAt: string;
  /** What the last attempt answered (HTTP status and the start of the body, or the error). */
  lastDetail: string | null;
  /** The HTTP status of the last attempt, when it got one. */
  httpStatus: number | null;
  history: { attempt: number; at: string; outcome: AttemptOutcome; detail: string | null }[];
}

/** The admin's form, as posted. Each message names its field. */
export const endpointFormSchema = z.object({
  url: z
    .string({ error: "Endereço (URL): informe o endereço que receberá os eventos." })
    .trim()
    .min(1, "Endereço (URL): informe o endereço que receberá os eventos."),
  description: z
    .string()
    .trim()
    .max(200, "Descrição: use no máximo 200 caracteres.")
    .optional()
    .transform((v) => v ?? ""),
  events: z
    .array(z.enum(LEAD_EVENTS, { error: "Eventos: evento desconhecido." }), {
      error: "Eventos: escolha pelo menos um evento.",
    })
    .min(1, "Eventos: escolha pelo menos um evento.")
    .max(LEAD_EVENTS.length)
    .transform((events) => LEAD_EVENTS.filter((event) => events.includes(event))),
  enabled: z.boolean().default(true),
});
export type EndpointInput = z.output<typeof endpointFormSchema>;

/** The field a refusal is about, from its message ("Endereço (URL): …" is the url's). */
const FIELD_OF: Record<string, keyof EndpointInput> = {
  "Endereço (URL)": "url",
  Descrição: "description",
  Eventos: "events",
};

/** A refused form: the first message, and each field's own under `errors`. */
function invalid(messages: string[]): DomainError {
  const errors: Record<string, string> = {};
  for (const message of messages) {
    const field = FIELD_OF[message.split(":")[0]!] ?? "form";
    errors[field] ??= message;
  }
  return new DomainError("invalid-fields", "webhooks.invalidField", [messages[0]!], { details: { errors } });
}

const MAX_ENDPOINTS = 20;
const notFound = () => new DomainError("not-found", "webhooks.notFound");
const envReadOnly = () => new DomainError("conflict", "webhooks.fromEnvironment");

/**
 * Outgoing webhook endpoints that staff manage (decision 103): each with a URL, the lead
 * events it receives, a switch, and its own signing secret; the delivery log of each, with resend
 * and a test message. The LEAD_WEBHOOK_URL endpoint is listed too, read-only. Each change staff
 * make is recorded in the audit log as webhook.* (never the secret), `actor` the staff member's e-mail.
 */
export class WebhookEndpoints {
  private readonly db: Database;
  private readonly policy: UrlPolicy;
  private readonly kick: () => Promise<unknown>;
  private readonly now: () => Date;
  private readonly audit: AuditLog;

  constructor(options: {
    db: Database;
    policy: UrlPolicy;
    kick: () => Promise<unknown>;
    now?: () => Date;
    /** The platform's audit log (decision 072); by default one over `db`. */
    audit?: AuditLog;
  }) {
    this.db = options.db;
    this.policy = options.policy;
    this.kick = options.kick;
    this.now = options.now ?? (() => new Date());
    this.audit = options.audit ?? new AuditLog(options.db, options.now);
  }

  /** Whether internal addresses and http are allowed here (development, a local trial). */
  get allowsInternal(): boolean {
    return this.policy.allowInternal;
  }

  /**
   * LEAD_WEBHOOK_URL as one endpoint (every event, enabled), or none when it is unset. Run at
   * start on every instance: the same row each time.
   */
  async syncEnvironment(url: string | undefined): Promise<void> {
    if (!url) {
      await this.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, ENV_ENDPOINT_ID));
      return;
    }
    const now = this.now();
    const row = { url, events: [...LEAD_EVENTS], enabled: true, updatedAt: now };
    await this.db
      .insert(webhookEndpoints)
      .values({ id: ENV_ENDPOINT_ID, source: "env", description: "LEAD_WEBHOOK_URL", createdAt: now, ...row })
      .onConflictDoUpdate({ target: webhookEndpoints.id, set: row });
  }

  /** Every endpoint, the environment's first, then by creation; each with its last delivery. */
  async list(): Promise<EndpointView[]> {
    const rows = await this.db
      .select()
      .from(webhookEndpoints)
      .orderBy(desc(sql`${webhookEndpoints.source} = 'env'`), webhookEndpoints.createdAt);
    const last = rows.length
      ? await this.db
          .selectDistinctOn([deliveryJobs.webhookEndpointId], {
            endpointId: deliveryJobs.webhookEndpointId,
            status: deliveryJobs.status,
            event: deliveryJobs.event,
            at: sql<Date>`coalesce(${deliveryJobs.finishedAt}, ${deliveryJobs.createdAt})`,
            // Written out: Drizzle leaves a selected column unqualified, and inside this subquery
            // "id" would be the attempt's own.
            detail: sql<string | null>`(select a.detail from ${deliveryAttempts} a
              where a.job_id = "delivery_jobs"."id" order by a.id desc limit 1)`,
          })
          .from(deliveryJobs)
          .where(
            inArray(
              deliveryJobs.webhookEndpointId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(deliveryJobs.webhookEndpointId, desc(deliveryJobs.id))
      : [];
    return rows.map((row) =>
      this.view(
        row,
        last.find((entry) => entry.endpointId === row.id),
      ),
    );
  }

  async get(id: string): Promise<EndpointView | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return (await this.list()).find((endpoint) => endpoint.id === id) ?? null;
  }

  private view(
    row: typeof webhookEndpoints.$inferSelect,
    last?: { status: DeliveryStatus; event: string | null; at: Date | string; detail: string | null },
  ): EndpointView {
    return {
      id: row.id,
      url: row.url,
      description: row.description,
      events: row.events,
      enabled: row.enabled,
      source: row.source,
      // The environment's key is LEAD_WEBHOOK_SECRET itself: a server secret never shown in a page.
      secret: row.source === "env" ? null : row.secret,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      last: last
        ? { status: last.status, event: last.event, at: new Date(last.at).toISOString(), detail: last.detail }
        : null,
    };
  }

  /** The form's fields checked: lengths, events, and where the address may point. */
  parse(raw: unknown): EndpointInput {
    const parsed = endpointFormSchema.safeParse(raw);
    const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    const url = (raw as { url?: unknown } | null)?.url;
    const problem = typeof url === "string" && url.trim() ? webhookUrlProblem(url, this.policy) : null;
    if (problem) messages.unshift(problem);
    if (messages.length || !parsed.success) throw invalid(messages);
    return { ...parsed.data, url: new URL(parsed.data.url).href };
  }

  async create(raw: unknown, actor: string): Promise<EndpointView> {
    const input = this.parse(raw);
    const [{ count } = { count: 0 }] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.source, "admin"));
    if (count >= MAX_ENDPOINTS) throw new DomainError("conflict", "webhooks.tooMany", [MAX_ENDPOINTS]);
    const now = this.now();
    const [row] = await this.db
      .insert(webhookEndpoints)
      .values({
        id: randomUUID(),
        ...input,
        secret: newWebhookSecret(),
        source: "admin",
        createdBy: actor,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const endpoint = this.view(row!);
    await this.record(actor, "create", endpoint.url, {
      id: endpoint.id,
      events: endpoint.events,
      enabled: endpoint.enabled,
    });
    return endpoint;
  }

  async update(id: string, raw: unknown, actor: string): Promise<EndpointView> {
    const current = await this.editable(id);
    const input = this.parse(raw);
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({ ...input, updatedAt: this.now() })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    const saved = this.view(row!);
    await this.record(actor, "update", saved.url, {
      id: saved.id,
      events: saved.events,
      enabled: saved.enabled,
    });
    return saved;
  }

  /** Turns an endpoint on or off; off, nothing new is queued for it and what waits is not sent. */
  async setEnabled(id: string, enabled: boolean, actor: string): Promise<void> {
    const current = await this.editable(id);
    await this.db
      .update(webhookEndpoints)
      .set({ enabled, updatedAt: this.now() })
      .where(eq(webhookEndpoints.id, current.id));
    await this.record(actor, enabled ? "enable" : "disable", current.url, { id: current.id });
  }

  /** Deletes an endpoint with its delivery log (the jobs cascade). */
  async remove(id: string, actor: string): Promise<EndpointView> {
    const current = await this.editable(id);
    await this.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
    await this.record(actor, "delete", current.url, { id: current.id });
    return this.view(current);
  }

  /** A new secret at once; the old one stops verifying (receivers must be updated). */
  async rotateSecret(id: string, actor: string): Promise<void> {
    const current = await this.editable(id);
    await this.db
      .update(webhookEndpoints)
      .set({ secret: newWebhookSecret(), updatedAt: this.now() })
      .where(eq(webhookEndpoints.id, current.id));
    await this.record(actor, "rotate-secret", current.url, { id: current.id });
  }

  /** A staff member's change of an endpoint in the audit log: webhook.<change>, the endpoint's address. */
  private record(actor: string, change: string, url: string, detail: Record<string, unknown>): Promise<void> {
    return this.audit.record({ actor, action: `webhook.${change}`, target: url, detail });
  }

  private async editable(id: string): Promise<typeof webhookEndpoints.$inferSelect> {
    if (!z.uuid().safeParse(id).success) throw notFound();
    const [row] = await this.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw notFound();
    if (row.source === "env") throw envReadOnly();
    return row;
  }

  /** The last `limit` messages to an endpoint, newest first, with their attempts. */
  async deliveries(endpointId: string, limit = 50): Promise<DeliveryView[]> {
    const jobs = await this.db
      .select({
        id: deliveryJobs.id,
        event: deliveryJobs.event,
        leadId: deliveryJobs.leadId,
        protocol: leads.protocol,
        status: deliveryJobs.status,
        attempts: deliveryJobs.attempts,
        maxAttempts: deliveryJobs.maxAttempts,
        createdAt: deliveryJobs.createdAt,
        runAt: deliveryJobs.runAt,
        lastError: deliveryJobs.lastError,
      })
      .from(deliveryJobs)
      .leftJoin(leads, eq(leads.id, deliveryJobs.leadId))
      .where(eq(deliveryJobs.webhookEndpointId, endpointId))
      .orderBy(desc(deliveryJobs.id))
      .limit(limit);
    const attempts = jobs.length
      ? await this.db
          .select()
          .from(deliveryAttempts)
          .where(
            inArray(
              deliveryAttempts.jobId,
              jobs.map((job) => job.id),
            ),
          )
          .orderBy(deliveryAttempts.id)
      : [];
    return jobs.map((job) => {
      const history = attempts
        .filter((attempt) => attempt.jobId === job.id)
        .map((attempt) => ({
          attempt: attempt.attempt,
          at: attempt.finishedAt.toISOString(),
          outcome: attempt.outcome,
          detail: attempt.detail,
        }));
      const lastDetail = history.at(-1)?.detail ?? job.lastError;
      const status = /^HTTP (\d{3})/.exec(lastDetail ?? "");
      return {
        id: job.id,
        event: job.event,
        lead: job.leadId ? { id: job.leadId, protocol: job.protocol ?? "" } : null,
        status: job.status,
        attempts: history.length,
        maxAttempts: job.maxAttempts,
        createdAt: job.createdAt.toISOString(),
        runAt: job.runAt.toISOString(),
        lastDetail,
        httpStatus: status ? Number(status[1]) : null,
        history,
      };
    });
  }

  /**
   * Sends a message again (the same message: same id, same event, the lead as it is now): a
   * delivered or failed one goes back in the queue with its attempts anew. One still in the queue
   * is refused (it is going to be sent anyway).
   */
  async resend(endpointId: string, jobId: number, actor: string): Promise<void> {
    if (!z.uuid().safeParse(endpointId).success || !Number.isSafeInteger(jobId)) throw notFound();
    const now = this.now();
    const [job] = await this.db
      .update(deliveryJobs)
      .set({
        status: "pending",
        attempts: 0,
        runAt: now,
        finishedAt: null,
        lastError: null,
        lockedBy: null,
        lockedUntil: null,
        exhausted: false,
      })
      .where(
        and(
          eq(deliveryJobs.id, jobId),
          eq(deliveryJobs.webhookEndpointId, endpointId),
          eq(deliveryJobs.kind, "webhook"),
          inArray(deliveryJobs.status, ["done", "dead"]),
        ),
      )
      .returning({ id: deliveryJobs.id });
    if (!job) {
      const [exists] = await this.db
        .select({ id: deliveryJobs.id })
        .from(deliveryJobs)
        .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.webhookEndpointId, endpointId)));
      if (!exists) throw new DomainError("not-found", "webhooks.deliveryNotFound");
      throw new DomainError("conflict", "webhooks.deliveryQueued");
    }
    await this.kick();
    const [endpoint] = await this.db
      .select({ url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    await this.record(actor, "resend", endpoint?.url ?? "", { id: endpointId, delivery: jobId });
  }

  /**
   * A test message (`webhook.test`, no person's data) to one endpoint, tried once (never retried nor
   * revived) and shown in its log. Waits for the delivery cycle it starts, at most `waitMs`.
   */
  async sendTest(endpointId: string, actor: string, waitMs = 5_000): Promise<number> {
    if (!z.uuid().safeParse(endpointId).success) throw notFound();
    const [endpoint] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) throw notFound();
    if (!endpoint.enabled) throw new DomainError("conflict", "webhooks.disabled");
    const now = this.now();
    const [job] = await this.db
      .insert(deliveryJobs)
      .values({
        kind: "webhook",
        event: "webhook.test",
        webhookEndpointId: endpointId,
        payload: { messageId: newMessageId(), occurredAt: now.toISOString() },
        maxAttempts: 1,
        runAt: now,
        createdAt: now,
      })
      .returning({ id: deliveryJobs.id });
    await Promise.race([this.kick(), new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
    await this.record(actor, "test", endpoint.url, { id: endpoint.id, delivery: job!.id });
    return job!.id;
  }
}
