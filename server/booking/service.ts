import { type Availability, availabilitySchema, DEFAULT_AVAILABILITY } from "@domain/booking/availability.ts";
import { freeSlots, type Interval, isFreeSlot } from "@domain/booking/slots.ts";
import type { FormKey } from "@domain/forms/form-keys.ts";
import { booksDemo } from "@domain/forms/manifest.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { localizeHref } from "@domain/locale.ts";
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { violatedConstraint } from "../db/constraint.ts";
import { deliveryJobs, demoMeetings, leads, sellerAvailability } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { LeadSettings } from "../leads/lead-settings.ts";
import type { LeadRouting } from "../leads/routing.ts";
import { firstName, leadLanguage, visitorEmail } from "../mail/lead-mail.ts";
import { MAX_JOB_ATTEMPTS } from "../platform/outbox/retry-policy.ts";
import type { Signer } from "../secrets.ts";
import { type MeetingEvent, meetingMails } from "./meeting-mail.ts";
import { REMINDER_HOURS } from "./reminder.ts";

/** A seller who takes demonstrations: a routing owner with an availability saved (decision 138). */
export interface Seller {
  accountId: string;
  name: string;
  email: string;
  availability: Availability;
  meetingUrl: string | null;
  /** Their private calendar's address, whose busy times block slots (decision 140). */
  calendarUrl: string | null;
}

export type Meeting = typeof demoMeetings.$inferSelect;

/** What the success screen offers: whose slots, and which (the earliest first). */
export interface SlotOffer {
  seller: { accountId: string; name: string };
  meetingMinutes: number;
  slots: Interval[];
}

export interface BookingOptions {
  db: Database;
  signer: Signer;
  leadSettings: LeadSettings;
  /** Chooses the lead's owner now if the delivery has not yet (the same choice it then keeps). */
  leadRouting: LeadRouting;
  isHoliday: (day: string) => boolean;
  /** The busy times of a seller's own calendar (their iCalendar address), when they set one. */
  calendarBusy?: (seller: Pick<Seller, "accountId" | "calendarUrl">) => Promise<Interval[]>;
  /** The site's address, for the links in the e-mails (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** Wakes the outbox's worker: the invitations go at once. */
  kick?: () => void;
  now?: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids from addresses and forms are checked before they reach a uuid column (a bad one is not a 500). */
const isUuid = (value: string) => UUID.test(value);

/** Whether a lead may book: sent by a form that books demonstrations, and not held for review. */
function mayBook(lead: { formId: string; spamReason: string | null }): boolean {
  return lead.spamReason === null && booksDemo(lead.formId as FormKey);
}

/** How many slots the success screen shows, and how many a refused booking offers instead. */
export const OFFERED_SLOTS = 6;

/**
 * Booking a demonstration on the spot (decision 138): the free slots of the seller the routing rules
 * chose for the lead (else of the team: the seller with the fewest upcoming meetings first), and
 * the booking itself, which the database refuses when another visitor took the slot first.
 * The visitor is known by the lead's access token, as on the success screen.
 */
export class BookingService {
  private readonly now: () => Date;

  constructor(private readonly options: BookingOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** The routing owners who have an availability saved, in the routing screen's order. */
  async sellers(db: Database = this.options.db): Promise<Seller[]> {
    const routing = await this.options.leadSettings.routing(db);
    if (routing.value.owners.length === 0) return [];
    const rows = await db
      .select()
      .from(sellerAvailability)
      .where(
        inArray(
          sellerAvailability.accountId,
          routing.value.owners.map((owner) => owner.accountId),
        ),
      );
    const byAccount = new Map(rows.map((row) => [row.accountId, row]));
    return routing.value.owners.flatMap((owner) => {
      const row = byAccount.get(owner.accountId);
      const availability = row && availabilitySchema.safeParse(row.availability).data;
      if (!row || !availability) return [];
      return [
        {
          accountId: owner.accountId,
          name: owner.name,
          email: row.email,
          availability,
          meetingUrl: row.meetingUrl,
          calendarUrl: row.calendarUrl,
        },
      ];
    });
  }

  /** A routing owner's saved availability and its version (0: none saved yet). */
  async availabilityOf(accountId: string) {
    const [row] = await this.options.db
      .select()
      .from(sellerAvailability)
      .where(eq(sellerAvailability.accountId, accountId));
    return row ?? null;
  }

  /**
   * Saves a seller's availability. `version` is the one the editor read (0 for a first save): another
   * person's save in between is refused rather than lost.
   */
  async saveAvailability(
    accountId: string,
    input: {
      email: string;
      availability: Availability;
      meetingUrl: string | null;
      calendarUrl: string | null;
    },
    version: number,
    by: string,
  ): Promise<number> {
    const availability = availabilitySchema.safeParse(input.availability);
    if (!availability.success) throw new DomainError("invalid", "booking.availabilityInvalid");
    const values = { ...input, availability: availability.data, updatedAt: this.now(), updatedBy: by };
    if (version === 0) {
      const inserted = await this.options.db
        .insert(sellerAvailability)
        .values({ accountId, ...values, version: 1 })
        .onConflictDoNothing()
        .returning({ version: sellerAvailability.version });
      if (inserted.length === 0) throw new DomainError("conflict", "booking.settingsConflict");
      return 1;
    }
    const updated = await this.options.db
      .update(sellerAvailability)
      .set({ ...values, version: version + 1 })
      .where(and(eq(sellerAvailability.accountId, accountId), eq(sellerAvailability.version, version)))
      .returning({ version: sellerAvailability.version });
    if (updated.length === 0) throw new DomainError("conflict", "booking.settingsConflict");
    return version + 1;
  }

  /** The next free slots for a lead, with whose they are; null when no seller takes demonstrations. */
  async offer(leadId: string, accessToken: string, limit = OFFERED_SLOTS): Promise<SlotOffer | null> {
    const lead = await this.leadOf(leadId, accessToken);
    // A submission held for review (decision 077) books nothing: a bot would fill sellers' days.
    // Only the forms whose success screen offers it book (the demo's, the trial's).
    if (!mayBook(lead)) return null;
    const seller = await this.sellerFor(lead);
    if (!seller) return null;
    return {
      seller: { accountId: seller.accountId, name: seller.name },
      meetingMinutes: seller.availability.meetingMinutes,
      slots: await this.slotsOf(seller, limit),
    };
  }

  /**
   * Books a slot for the lead. Refused when the slot is not one of the seller's free slots any more,
   * and when another booking took it in the meantime (the exclusion constraint, whatever instance
   * inserted first): both answer the next free slots in `details.slots`.
   */
  async book(input: {
    leadId: string;
    accessToken: string;
    start: Date;
    timeZone?: string;
  }): Promise<Meeting> {
    const lead = await this.leadOf(input.leadId, input.accessToken);
    const seller = mayBook(lead) ? await this.sellerFor(lead) : null;
    if (!seller) throw new DomainError("not-found", "booking.noSeller");
    const [booked] = await this.options.db
      .select({ id: demoMeetings.id })
      .from(demoMeetings)
      .where(and(eq(demoMeetings.leadId, lead.id), eq(demoMeetings.status, "booked")));
    if (booked) throw new DomainError("conflict", "booking.alreadyBooked");
    const slot = {
      start: input.start,
      end: new Date(input.start.getTime() + seller.availability.meetingMinutes * 60_000),
    };
    if (!isFreeSlot(slot, await this.slotQuery(seller)))
      throw new DomainError("conflict", "booking.slotUnavailable", [], {
        details: { slots: await this.slotsOf(seller, OFFERED_SLOTS) },
      });
    const now = this.now();
    try {
      const meeting = await this.options.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(demoMeetings)
          .values({
            leadId: lead.id,
            sellerAccountId: seller.accountId,
            sellerName: seller.name,
            sellerEmail: seller.email,
            startsAt: slot.start,
            endsAt: slot.end,
            status: "booked",
            meetingUrl: seller.meetingUrl,
            visitorTimeZone: input.timeZone ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await this.enqueueMails(tx, "booked", inserted!);
        return inserted!;
      });
      this.options.kick?.();
      return meeting;
    } catch (error) {
      if (violatedConstraint(error, "demo_meetings_no_overlap"))
        throw new DomainError("conflict", "booking.slotTaken", [], {
          details: { slots: await this.slotsOf(seller, OFFERED_SLOTS) },
        });
      if (violatedConstraint(error, "demo_meetings_lead_booked_idx"))
        throw new DomainError("conflict", "booking.alreadyBooked");
      throw error;
    }
  }

  /**
   * The token of a meeting's reschedule and cancel links: bound to the meeting and its revision, so
   * the links of an invitation stop working once it is moved (the new invitation has new ones).
   */
  manageToken(meeting: Pick<Meeting, "id" | "sequence">): string {
    return this.options.signer.sign("meeting", `${meeting.id}.${meeting.sequence}`);
  }

  /** A meeting by its link: refused when the token is wrong, the meeting cancelled or already begun. */
  async byLink(meetingId: string, token: string): Promise<Meeting> {
    if (!isUuid(meetingId)) throw new DomainError("not-found", "booking.linkInvalid");
    const [meeting] = await this.options.db.select().from(demoMeetings).where(eq(demoMeetings.id, meetingId));
    if (!meeting || !this.options.signer.verify("meeting", `${meeting.id}.${meeting.sequence}`, token))
      throw new DomainError("not-found", "booking.linkInvalid");
    if (meeting.status === "cancelled") throw new DomainError("conflict", "booking.cancelled");
    if (meeting.startsAt.getTime() <= this.now().getTime())
      throw new DomainError("not-found", "booking.linkInvalid");
    return meeting;
  }

  /** The free slots a meeting may move to: its own seller's (a reschedule never changes hosts). */
  async rescheduleOffer(meetingId: string, token: string, limit = OFFERED_SLOTS): Promise<SlotOffer> {
    const meeting = await this.byLink(meetingId, token);
    const seller = await this.sellerOf(meeting);
    return {
      seller: { accountId: seller.accountId, name: seller.name },
      meetingMinutes: seller.availability.meetingMinutes,
      slots: await this.slotsOf(seller, limit, meeting.id),
    };
  }

  /** Moves a meeting to another free slot of its seller: the next revision of the same invitation. */
  async reschedule(meetingId: string, token: string, start: Date): Promise<Meeting> {
    const meeting = await this.byLink(meetingId, token);
    const seller = await this.sellerOf(meeting);
    const slot = { start, end: new Date(start.getTime() + seller.availability.meetingMinutes * 60_000) };
    const next = async () => ({ details: { slots: await this.slotsOf(seller, OFFERED_SLOTS, meeting.id) } });
    if (!isFreeSlot(slot, await this.slotQuery(seller, meeting.id)))
      throw new DomainError("conflict", "booking.slotUnavailable", [], await next());
    try {
      const moved = await this.options.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(demoMeetings)
          .set({
            startsAt: slot.start,
            endsAt: slot.end,
            sequence: meeting.sequence + 1,
            updatedAt: this.now(),
          })
          .where(and(eq(demoMeetings.id, meeting.id), eq(demoMeetings.sequence, meeting.sequence)))
          .returning();
        // Moved or cancelled through another link in the meantime: this link is spent.
        if (!updated) throw new DomainError("not-found", "booking.linkInvalid");
        await this.enqueueMails(tx, "rescheduled", updated);
        return updated;
      });
      this.options.kick?.();
      return moved;
    } catch (error) {
      if (violatedConstraint(error, "demo_meetings_no_overlap"))
        throw new DomainError("conflict", "booking.slotTaken", [], await next());
      throw error;
    }
  }

  /** Calls a meeting off: its time is free again, and its invitation's last revision is a cancel. */
  async cancel(meetingId: string, token: string): Promise<Meeting> {
    const meeting = await this.byLink(meetingId, token);
    const now = this.now();
    const cancelled = await this.options.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(demoMeetings)
        .set({ status: "cancelled", sequence: meeting.sequence + 1, cancelledAt: now, updatedAt: now })
        .where(and(eq(demoMeetings.id, meeting.id), eq(demoMeetings.sequence, meeting.sequence)))
        .returning();
      if (!updated) throw new DomainError("not-found", "booking.linkInvalid");
      await this.enqueueMails(tx, "cancelled", updated);
      return updated;
    });
    this.options.kick?.();
    return cancelled;
  }

  /** The page of a meeting's links to reschedule and cancel, in the visitor's language. */
  manageUrl(meeting: Pick<Meeting, "id" | "sequence">, language: OfferedLanguage): string {
    const page = localizeHref(`/agenda/${meeting.id}`, language);
    return `${this.options.publicBaseUrl}${page}?t=${encodeURIComponent(this.manageToken(meeting))}`;
  }

  /**
   * The invitation to the visitor and to the seller, in the outbox with the meeting's change (one
   * transaction: a meeting is never booked without its e-mails, nor e-mails sent for a refused one).
   */
  private async enqueueMails(tx: Database, event: MeetingEvent, meeting: Meeting): Promise<void> {
    const [lead] = await tx
      .select({ answers: leads.answers, context: leads.context, protocol: leads.protocol })
      .from(leads)
      .where(eq(leads.id, meeting.leadId));
    if (!lead) return;
    const answers = lead.answers;
    const email = visitorEmail(null, answers);
    const language = leadLanguage(lead);
    const company =
      typeof answers.nomeEmpresa === "string" && answers.nomeEmpresa.trim() ? answers.nomeEmpresa : null;
    const mails = meetingMails({
      event,
      meeting,
      visitor: { email, firstName: firstName(answers), language },
      protocol: lead.protocol,
      company,
      manageUrl: this.manageUrl(meeting, language),
      leadUrl: `${this.options.publicBaseUrl}/admin/leads/${meeting.leadId}`,
      host: new URL(this.options.publicBaseUrl).hostname,
      now: this.now(),
    });
    const messages = mails.visitor ? [mails.visitor, mails.seller] : [mails.seller];
    await tx.insert(deliveryJobs).values([
      ...messages.map((message) => ({
        kind: "mail" as const,
        payload: message,
        maxAttempts: MAX_JOB_ATTEMPTS.mail,
        runAt: this.now(),
      })),
      // Sales reads it on the lead's issue (decision 138).
      {
        kind: "meeting_note" as const,
        leadId: meeting.leadId,
        payload: {
          meetingId: meeting.id,
          event,
          startsAt: meeting.startsAt.toISOString(),
          sellerName: meeting.sellerName,
        },
        maxAttempts: MAX_JOB_ATTEMPTS.meeting_note,
        runAt: this.now(),
      },
    ]);
    // This revision's reminders; an earlier revision's find the meeting changed and send nothing.
    const reminders =
      event === "cancelled"
        ? []
        : REMINDER_HOURS.map((hours) => ({
            hours,
            at: new Date(meeting.startsAt.getTime() - hours * 3600_000),
          })).filter((reminder) => reminder.at.getTime() > this.now().getTime());
    if (reminders.length > 0)
      await tx.insert(deliveryJobs).values(
        reminders.map((reminder) => ({
          kind: "meeting_reminder" as const,
          leadId: meeting.leadId,
          payload: { meetingId: meeting.id, sequence: meeting.sequence, hoursBefore: reminder.hours },
          maxAttempts: MAX_JOB_ATTEMPTS.meeting_reminder,
          runAt: reminder.at,
        })),
      );
  }

  /** The seller a meeting was booked with, with their availability as it is now. */
  private async sellerOf(meeting: Meeting): Promise<Seller> {
    const seller = (await this.sellers()).find((s) => s.accountId === meeting.sellerAccountId);
    if (seller) return seller;
    // No longer taking demonstrations: the meeting keeps its host, with the default rules.
    return {
      accountId: meeting.sellerAccountId,
      name: meeting.sellerName,
      email: meeting.sellerEmail,
      availability: DEFAULT_AVAILABILITY,
      meetingUrl: meeting.meetingUrl,
      calendarUrl: null,
    };
  }

  /** Booked meetings still to come, the soonest first, with their lead's protocol (staff's list). */
  async upcoming(limit = 200) {
    return this.options.db
      .select({
        id: demoMeetings.id,
        leadId: demoMeetings.leadId,
        protocol: leads.protocol,
        sellerAccountId: demoMeetings.sellerAccountId,
        sellerName: demoMeetings.sellerName,
        startsAt: demoMeetings.startsAt,
        endsAt: demoMeetings.endsAt,
        sequence: demoMeetings.sequence,
      })
      .from(demoMeetings)
      .innerJoin(leads, eq(leads.id, demoMeetings.leadId))
      .where(and(eq(demoMeetings.status, "booked"), gt(demoMeetings.endsAt, this.now())))
      .orderBy(asc(demoMeetings.startsAt))
      .limit(limit);
  }

  /** The lead's booked meeting, if any (a cancelled one is not: the visitor may book again). */
  async meetingOf(leadId: string): Promise<Meeting | null> {
    const meeting = (await this.meetingsOf([leadId])).get(leadId);
    return meeting?.status === "booked" ? meeting : null;
  }

  /**
   * Each lead's demonstration as staff see it: the one booked, else the last one cancelled (the
   * lead's page and its timeline say so); leads that never booked are not in the map.
   */
  async meetingsOf(leadIds: readonly string[]): Promise<Map<string, Meeting>> {
    const ids = leadIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await this.options.db
      .select()
      .from(demoMeetings)
      .where(inArray(demoMeetings.leadId, ids))
      .orderBy(desc(demoMeetings.updatedAt));
    const byLead = new Map<string, Meeting>();
    for (const row of rows) {
      const kept = byLead.get(row.leadId);
      if (!kept || (kept.status !== "booked" && row.status === "booked")) byLead.set(row.leadId, row);
    }
    return byLead;
  }

  private async leadOf(leadId: string, accessToken: string) {
    if (!isUuid(leadId) || !this.options.signer.verify("lead", leadId, accessToken))
      throw new DomainError("not-found", "booking.notFound");
    const [lead] = await this.options.db
      .select({
        id: leads.id,
        formId: leads.formId,
        ownerAccountId: leads.ownerAccountId,
        ownerName: leads.ownerName,
        spamReason: leads.spamReason,
      })
      .from(leads)
      .where(eq(leads.id, leadId));
    if (!lead) throw new DomainError("not-found", "booking.notFound");
    return lead;
  }

  /** The lead's owner when they take demonstrations; else the team's seller with the fewest upcoming. */
  private async sellerFor(lead: { id: string; ownerAccountId: string | null; ownerName: string | null }) {
    const sellers = await this.sellers();
    // Nobody takes demonstrations: the lead's owner is left for its delivery to choose.
    if (sellers.length === 0) return null;
    const chosen = await this.options.leadRouting.ownerOf(lead);
    const owner = sellers.find((seller) => seller.accountId === chosen?.accountId);
    if (owner) return owner;
    const upcoming = await this.options.db
      .select({ accountId: demoMeetings.sellerAccountId, count: sql<number>`count(*)::int` })
      .from(demoMeetings)
      .where(and(eq(demoMeetings.status, "booked"), gt(demoMeetings.startsAt, this.now())))
      .groupBy(demoMeetings.sellerAccountId);
    const countOf = new Map(upcoming.map((row) => [row.accountId, row.count]));
    // Stable: of sellers with as many meetings, the routing screen's order decides.
    return [...sellers].sort((a, b) => (countOf.get(a.accountId) ?? 0) - (countOf.get(b.accountId) ?? 0))[0]!;
  }

  private async slotsOf(seller: Seller, limit: number, except?: string): Promise<Interval[]> {
    return freeSlots({ ...(await this.slotQuery(seller, except)), limit });
  }

  /** The seller's slot rules and busy times; `except` leaves out the meeting being moved. */
  private async slotQuery(seller: Seller, except?: string) {
    const now = this.now();
    const meetings = await this.options.db
      .select({ start: demoMeetings.startsAt, end: demoMeetings.endsAt })
      .from(demoMeetings)
      .where(
        and(
          eq(demoMeetings.sellerAccountId, seller.accountId),
          eq(demoMeetings.status, "booked"),
          gt(demoMeetings.endsAt, now),
          except ? ne(demoMeetings.id, except) : undefined,
        ),
      )
      .orderBy(asc(demoMeetings.startsAt));
    const calendar = (await this.options.calendarBusy?.(seller)) ?? [];
    return {
      availability: seller.availability,
      now,
      isHoliday: this.options.isHoliday,
      busy: [...meetings, ...calendar],
    };
  }
}
