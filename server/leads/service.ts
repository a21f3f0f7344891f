import { createHash, randomUUID } from "node:crypto";
import { CLICK_ID_KEYS, type Touch, type TouchTag } from "@domain/attribution/touch.ts";
import type { FormDefinition } from "@domain/forms/definition.ts";
import { UTM_KEYS } from "@domain/forms/form-keys.ts";
import { actionFor, computeTemperature, type Temperature } from "@domain/forms/scoring.ts";
import { type FieldErrors, validateSteps } from "@domain/forms/validation.ts";
import type { LeadStage } from "@domain/lead-status.ts";
import { clarityIdFrom, NO_CLARITY } from "@domain/leads/clarity.ts";
import { HELD_LEAD_EVENT, heldLeadWorthReview } from "@domain/leads/held.ts";
import { leadIdentity } from "@domain/leads/identity.ts";
import type { LeadPartner } from "@domain/partners.ts";
import { eventsOnStore } from "@domain/webhooks.ts";
import type { AuditActor, AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import { retryOnLostConnection } from "../db/lost-connection.ts";
import { DomainError } from "../domain-errors.ts";
import { confirmationMailJobs } from "../mail/lead-mail.ts";
import type { Signer } from "../secrets.ts";
import { captureStepIndex, sanitizeAnswers } from "./answers.ts";
import type { FormKey, FormRegistry } from "./forms.ts";
import { respondBy } from "./holidays.ts";
import { newProtocol, simulatedKey } from "./protocol.ts";
import {
  completeLead,
  findByRequestKey,
  findLead,
  insertLead,
  type LeadRow,
  MAX_ATTEMPTS,
  type NewJob,
  queuedKinds,
  recentLeadsFrom,
  releaseLead,
  trackerSettled,
} from "./repository.ts";
import {
  answersCarryLinks,
  FAST_RECENT_WINDOW_MS,
  fillVerdict,
  formTokenKey,
  type SpamReason,
  spamReason,
} from "./spam.ts";

/** How long a fresh submission waits for the tracker's key before the local protocol (B §4.5). */
export const PROTOCOL_WAIT_MS = 2_500;

export interface SubmissionInput {
  formKey: FormKey;
  /** capture: the first lead_capture step is done; complete: the whole form is. */
  stage: "capture" | "complete";
  answers: Record<string, unknown>;
  /** The captured lead being completed, with the token the capture returned. */
  leadId?: string;
  accessToken?: string;
  /** One key per submission attempt: a repeat (double click, retry) gets the first answer. */
  requestKey: string;
  formToken?: string | null;
  honeypot?: string | null;
  /** The visit (its last touch): page, referrer, campaign tags; and the first touch its cookie kept. */
  tracking: {
    page?: string;
    referrer?: string;
    utm?: Partial<Record<TouchTag, string>>;
    firstTouch?: Touch;
    /** The visitor's cookie choice (decision 123): its anonymous id, and what it granted. */
    consent?: { id: string | null; measurement: boolean; marketing: boolean };
  };
  context: {
    segment: string | null;
    language: string;
    planId?: string;
    annual?: boolean;
    /** The partner map's partner the visitor asked to talk to (decision 129). */
    partner?: LeadPartner;
  };
  client: { ip?: string; userAgent?: string; clarityCookie?: string | null };
}

export interface SubmissionResult {
  leadId: string;
  accessToken: string;
  /** What the visitor is shown: the tracker key, a SIM- key in simulated mode, or the local protocol. */
  protocol: string;
  trackerKey: string | null;
  simulated: boolean;
  temperature: Temperature;
  responseHours: number;
  stage: LeadStage;
}

export class SubmissionInvalid extends DomainError {
  constructor(readonly errors: FieldErrors) {
    super("invalid-fields", "leads.fieldsInvalid", [], { details: { errors } });
  }

  /** Works across the two bundles (see DomainError.is). */
  static override is(error: unknown): error is SubmissionInvalid {
    return DomainError.is(error, "invalid-fields") && "errors" in error;
  }
}

export interface LeadServiceOptions {
  db: Database;
  /** Where staff's release of a lead held as spam is recorded (decision 072). */
  audit: AuditLog;
  forms: FormRegistry;
  signer: Signer;
  /** Whether a tracker is configured; without one every lead is stored in simulated mode. */
  trackerConfigured: boolean;
  notifications: { slack: boolean; teams: boolean };
  /** Starts delivery now; resolves when the current delivery cycle ends. */
  kick: () => Promise<unknown>;
  /**
   * Starts delivery now and resolves once the lead's tracker job has been tried here, or after
   * `timeoutMs` (DeliveryWorker.attempted). Without it, a submission waits for the cycle.
   */
  trackerAttempted?: (leadId: string, timeoutMs: number) => Promise<unknown>;
  /**
   * Whether a visitor would wait long for the tracker's key (it fails or hangs, or deliveries are
   * queued up): then nobody waits for it (DeliveryWorker.slow).
   */
  trackerSlow?: () => boolean;
  /** How long a submission waits for the tracker key before answering with the local protocol. */
  protocolWaitMs?: number;
  now?: () => Date;
  minFillMs?: number;
}

/**
 * Turns a visitor's submission into a stored lead (DESIGN "Data flow of a lead"): validates it
 * against the form definition, computes the temperature itself, stores lead and delivery jobs in
 * one transaction, starts delivery and answers with the protocol.
 */
export class LeadService {
  private readonly now: () => Date;

  constructor(private readonly options: LeadServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Stores a submission and answers it. A database connection lost on the way (a failover, a
   * restart) is retried on a fresh one: the request key makes the whole submission safe to repeat.
   */
  submit(input: SubmissionInput): Promise<SubmissionResult> {
    return retryOnLostConnection(() => this.submitOnce(input));
  }

  private async submitOnce(input: SubmissionInput): Promise<SubmissionResult> {
    try {
      return await this.store(input);
    } catch (error) {
      // A repeated request key gets its first answer even when the request would now be refused
      // (its token expired, its form changed). Looked up only then: an accepted repeat finds its
      // key taken when it is stored, so the common path costs no read before the write. A conflict
      // is only raised after that lookup found nothing, so it is not looked up twice.
      if (DomainError.is(error) && error.kind !== "conflict") {
        const repeated = await findByRequestKey(this.options.db, input.requestKey);
        if (repeated) return this.answer(repeated, false);
      }
      throw error;
    }
  }

  private async store(input: SubmissionInput): Promise<SubmissionResult> {
    const { db, forms } = this.options;
    // The server's definition in Portuguese is the one tickets are written from.
    const form = await forms.get(input.formKey);
    if (!form) throw new DomainError("not-found", "leads.formNotFound");
    const answers = sanitizeAnswers(form, input.answers);
    const steps = input.stage === "capture" ? form.steps.slice(0, captureStepIndex(form) + 1) : form.steps;
    const errors = validateSteps(steps, answers);
    if (Object.keys(errors).length) throw new SubmissionInvalid(errors);

    const now = this.now();
    const clarityId = clarityIdFrom(input.client.clarityCookie);
    const temperature = computeTemperature(form, answers, { hasTrackingId: clarityId !== NO_CLARITY });
    const action = actionFor(form, temperature.level);
    const clientHash = input.client.ip
      ? createHash("sha256")
          .update(`${this.options.signer.sign("ip", input.client.ip)}`)
          .digest("hex")
          .slice(0, 32)
      : null;
    const spam = await this.spamOf(input, answers, clientHash, now);

    if (input.leadId) {
      const lead = await findLead(db, input.leadId);
      if (
        !lead ||
        !input.accessToken ||
        !this.options.signer.verify("lead", lead.id, input.accessToken) ||
        lead.formId !== input.formKey
      ) {
        throw new DomainError("forbidden", "leads.formRefused");
      }
      const completed = await completeLead(
        db,
        lead.id,
        {
          answers,
          score: temperature.score,
          level: temperature.level,
          priority: action.priority,
          responseHours: action.hours,
          respondBy: respondBy(lead.createdAt, action.hours),
          ...leadIdentity(answers),
          updatedAt: now,
          spamReason: lead.spamReason ?? spam,
        },
        input.requestKey,
        this.jobsFor(
          form,
          lead.spamReason ?? spam,
          temperature,
          "lead.completed",
          await queuedKinds(db, lead.id, ["slack", "teams"]),
        ),
      );
      // A twin of this request (or an earlier send of it) completed it first: answer as it did.
      const result = completed ?? (await findByRequestKey(db, input.requestKey));
      if (!result) throw new DomainError("conflict", "leads.alreadySent");
      return this.answer(result, completed !== null);
    }

    const id = randomUUID();
    const stage = input.stage === "capture" && form.steps.length > 1 ? "captured" : "completed";
    const stored = await insertLead(
      db,
      {
        id,
        protocol: newProtocol(now),
        formId: input.formKey,
        formType: form.type,
        stage,
        answers,
        score: temperature.score,
        level: temperature.level,
        priority: action.priority,
        responseHours: action.hours,
        context: compact({ ...input.context, page: input.tracking.page }),
        tracking: compact({
          clarityId,
          utm: picked(input.tracking.utm, UTM_KEYS),
          clickIds: picked(input.tracking.utm, CLICK_ID_KEYS),
          page: input.tracking.page,
          referrer: input.tracking.referrer || "direct",
          userAgent: input.client.userAgent,
          firstTouch: input.tracking.firstTouch,
          consent: input.tracking.consent,
        }),
        clientHash,
        consentPurpose: form.privacy.purpose,
        consentTextVersion: form.privacy.version,
        consentAt: now,
        spamReason: spam,
        deliveryStatus: spam ? "spam" : this.isSimulated(form) ? "simulated" : "pending",
        ...leadIdentity(answers),
        respondBy: respondBy(now, action.hours),
        createdAt: now,
        updatedAt: now,
      },
      input.requestKey,
      [
        ...this.jobsFor(
          form,
          spam,
          temperature,
          input.stage === "capture" && form.steps.length > 1 ? "lead.captured" : "lead.completed",
          [],
        ),
        // The visitor's e-mail, once per lead: when it is first stored (decision 102).
        ...confirmationMailJobs(form, answers, spam),
      ],
      // A token with a valid signature is spent, even one sent too fast; a bad one never was ours.
      spam === "honeypot" || spam === "bad-token" || !input.formToken
        ? undefined
        : formTokenKey(input.formToken),
      eventsOnStore(stage, form.steps.length),
    );
    const lead = stored ?? (await findByRequestKey(db, input.requestKey));
    if (!lead) throw new DomainError("conflict", "leads.alreadySent");
    if (stored && !stored.spamReason) this.deliverLater(confirmationMailJobs(form, answers, spam));
    return this.answer(lead, stored !== null);
  }

  /**
   * Why the submission is held as automated, or null (decision 125). The leads its client sent in
   * the last minutes are counted only for a fast one without links: the others need no read.
   */
  private async spamOf(
    input: SubmissionInput,
    answers: Record<string, unknown>,
    clientHash: string | null,
    now: Date,
  ): Promise<SpamReason | null> {
    const { signer, minFillMs, db } = this.options;
    const at = now.getTime();
    const links = answersCarryLinks(answers);
    const fast = fillVerdict(input, signer, at, minFillMs) === "fast";
    const recentFromClient =
      fast && !links && clientHash
        ? await recentLeadsFrom(db, clientHash, new Date(at - FAST_RECENT_WINDOW_MS))
        : 0;
    return spamReason(input, signer, at, minFillMs, { links, recentFromClient });
  }

  /**
   * Jobs queued to run later (the confirmation e-mail, due a few seconds after the lead) start when
   * due, not at the worker's next poll: one timer per delay, which does not hold the process open.
   */
  private deliverLater(jobs: NewJob[]): void {
    for (const delay of new Set(jobs.map((job) => job.delayMs ?? 0).filter((ms) => ms > 0)))
      setTimeout(() => void this.options.kick(), delay + 20).unref();
  }

  private isSimulated(form: FormDefinition): boolean {
    return !this.options.trackerConfigured || !form.integrations.jira.enabled;
  }

  /**
   * Jobs of a lead event: the tracker sync, and Slack/Teams once when hot. The signed webhooks are
   * queued per endpoint by the repository (server/webhooks/enqueue.ts, decision 103).
   */
  private jobsFor(
    form: FormDefinition,
    spam: string | null,
    temperature: Temperature,
    event: string,
    alreadyQueued: string[],
  ): NewJob[] {
    // A held lead that scores warm or hot is announced in the sales channels at once, with a link
    // to release it (decision 125); a cold one waits in the inbox's "Retidos" filter.
    if (spam)
      return heldLeadWorthReview(temperature.level)
        ? this.channelJobs(form, HELD_LEAD_EVENT, alreadyQueued)
        : [];
    const jobs: NewJob[] = [];
    if (!this.isSimulated(form)) jobs.push({ kind: "tracker", maxAttempts: MAX_ATTEMPTS.tracker });
    if (temperature.level === "hot") jobs.push(...this.channelJobs(form, event, alreadyQueued));
    return jobs;
  }

  /** A message to each sales channel (Slack, Teams) configured and enabled for the form, once. */
  private channelJobs(form: FormDefinition, event: string, alreadyQueued: string[]): NewJob[] {
    const { notifications } = this.options;
    return (["slack", "teams"] as const)
      .filter(
        (kind) => notifications[kind] && form.integrations.webhooks[kind] && !alreadyQueued.includes(kind),
      )
      .map((kind) => ({ kind, event, maxAttempts: MAX_ATTEMPTS[kind] }));
  }

  /**
   * An admin releases a lead held as spam (a person who filled the form too fast, say): it is
   * delivered as it would have been, with the jobs its form and temperature call for. Recorded as
   * lead.release in the transaction that releases it.
   */
  async release(actor: AuditActor, id: string): Promise<void> {
    const { db, forms } = this.options;
    const lead = await findLead(db, id);
    if (!lead?.spamReason) throw new DomainError("conflict", "leads.notSpam");
    const form = await forms.get(lead.formId as FormKey);
    if (!form) throw new DomainError("not-found", "leads.formNotFound");
    const event = lead.stage === "captured" ? "lead.captured" : "lead.completed";
    const jobs = [
      ...this.jobsFor(form, null, { score: lead.score, level: lead.level }, event, []),
      ...confirmationMailJobs(form, lead.answers, null),
    ];
    const status = this.isSimulated(form) ? "simulated" : "pending";
    const events = eventsOnStore(lead.stage, form.steps.length);
    const released = await db.transaction(async (tx) => {
      if (!(await releaseLead(tx, id, status, jobs, this.now(), events))) return false;
      await this.options.audit.record(
        { actor: actor.email, action: "lead.release", target: `lead ${id}` },
        tx,
      );
      return true;
    });
    if (!released) throw new DomainError("conflict", "leads.notSpam");
    void this.options.kick();
  }

  /** Starts delivery and, for a fresh submission, waits briefly for the tracker key (B §4.5). */
  private async answer(lead: LeadRow, fresh: boolean): Promise<SubmissionResult> {
    let current = lead;
    if (fresh && lead.deliveryStatus !== "simulated" && lead.deliveryStatus !== "spam") {
      try {
        const waitMs = this.options.protocolWaitMs ?? PROTOCOL_WAIT_MS;
        const { db, trackerAttempted, trackerSlow } = this.options;
        if (trackerSlow?.()) {
          // The key would not come in time: the visitor gets the local protocol now, the lead its tries.
          void this.options.kick();
        } else {
          const attempted = trackerAttempted
            ? trackerAttempted(lead.id, waitMs)
            : Promise.race([this.options.kick(), delay(waitMs)]);
          // An attempt that ended before the wait began (another submission's cycle took the job).
          if (!(await trackerSettled(db, lead.id))) await attempted;
          // The lead as its attempt left it: with the tracker's key when it was delivered.
          current = (await findLead(db, lead.id)) ?? lead;
        }
      } catch {
        // The lead is stored: a failed read after the commit answers with the local protocol rather
        // than an error, which a visitor without JavaScript would meet by sending the form again.
      }
    }
    const simulated = current.deliveryStatus === "simulated";
    return {
      leadId: current.id,
      accessToken: this.options.signer.sign("lead", current.id),
      protocol: current.trackerKey ?? (simulated ? simulatedKey(current.protocol) : current.protocol),
      trackerKey: current.trackerKey,
      simulated,
      temperature: { score: current.score, level: current.level },
      responseHours: current.responseHours,
      stage: current.stage,
    };
  }
}

/** The tags of `keys` among `tags`, or undefined when there is none. */
function picked<K extends string>(tags: Partial<Record<string, string>> | undefined, keys: readonly K[]) {
  const kept = Object.fromEntries(keys.filter((key) => tags?.[key]).map((key) => [key, tags![key]!]));
  return Object.keys(kept).length ? (kept as Partial<Record<K, string>>) : undefined;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** The fields of `value` that hold something: undefined, null and '' are dropped, so any may be missing. */
function compact<T extends Record<string, unknown>>(
  value: T,
): { [K in keyof T]?: Exclude<T[K], null | undefined> } {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  ) as { [K in keyof T]?: Exclude<T[K], null | undefined> };
}
