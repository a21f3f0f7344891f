/**
 * Booking a demonstration (decision 138) on PGlite and PostgreSQL: the slots offered are the lead's
 * seller's (the routing rules' choice, else the team's least booked seller), a slot is taken once
 * (of two visitors on one slot one books, the other is shown the next slots), the database itself
 * refuses two overlapping meetings of one seller, and a lead holds one booked meeting.
 */

import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_AVAILABILITY } from "@domain/booking/availability.ts";
import { outcomesReport } from "@server/admin/outcomes-report.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { violatedConstraint } from "@server/db/constraint.ts";
import { deliveryJobs, demoMeetings, sellerAvailability } from "@server/db/schema.ts";
import { adfToText } from "@server/tracker/adf.ts";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeJira } from "../fakes/jira.ts";
import { startFakeSmtp } from "../fakes/smtp.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { hotDemoAnswers, leadStack, testClock } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

const ANA = { id: "ana", accountId: "acc-ana-01", name: "Ana Souza" };
const BRUNO = { id: "bruno", accountId: "acc-bruno-01", name: "Bruno Lima" };
const CARLA = { id: "carla", accountId: "acc-carla-01", name: "Carla Dias" };
/** Sunday 22 November 2026, 09:00 in São Paulo: the first slot is Monday's 09:00 (12:00 UTC). */
const SUNDAY_MORNING = Date.parse("2026-11-22T12:00:00Z");
const MONDAY_9H = "2026-11-23T12:00:00.000Z";
const MONDAY_945 = "2026-11-23T12:45:00.000Z";

type Stack = Awaited<ReturnType<typeof leadStack>>;

/** A stack of its own whose only seller, Ana, takes demonstrations with the default calendar. */
async function anaTakesDemos(stack: Stack): Promise<void> {
  await stack.services.leadSettings.saveRouting(
    { owners: [ANA], rules: [], fallbackOwner: ANA.id },
    0,
    "admin@vertice.example",
  );
  await stack.services.booking.saveAvailability(
    ANA.accountId,
    { email: "ana@vertice.example", availability: DEFAULT_AVAILABILITY, meetingUrl: null, calendarUrl: null },
    0,
    "admin@vertice.example",
  );
}

describe.each(databaseTargets())("booking a demonstration on $name", (target) => {
  let handle: DatabaseHandle;
  let stack: Stack;
  let email = 0;

  const lead = async () => {
    const result = await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        answers: { ...hotDemoAnswers, emailContato: `pessoa${++email}@agrosul.com.br` },
      }),
    );
    return { leadId: result.leadId, accessToken: result.accessToken };
  };
  const available = (seller: typeof ANA, over: Partial<typeof DEFAULT_AVAILABILITY> = {}) =>
    stack.services.booking.saveAvailability(
      seller.accountId,
      {
        email: `${seller.id}@vertice.example`,
        availability: { ...DEFAULT_AVAILABILITY, ...over },
        meetingUrl: `https://meet.example/${seller.id}`,
        calendarUrl: null,
      },
      0,
      "admin@vertice.example",
    );

  beforeEach(async () => {
    handle = await target.open();
    stack = await leadStack(handle, null, testClock(SUNDAY_MORNING));
    // Every lead goes to Ana (no rule matches: the fallback owner); Bruno is on the team too.
    await stack.services.leadSettings.saveRouting(
      { owners: [ANA, BRUNO], rules: [], fallbackOwner: ANA.id },
      0,
      "admin@vertice.example",
    );
  });
  afterEach(async () => {
    await handle.close();
  });

  it("offers the lead's seller's next free slots, the earliest first", async () => {
    await available(ANA);
    await available(BRUNO);
    const visitor = await lead();
    const offer = await stack.services.booking.offer(visitor.leadId, visitor.accessToken);
    expect(offer?.seller).toEqual({ accountId: ANA.accountId, name: ANA.name });
    expect(offer?.slots).toHaveLength(6);
    expect(offer!.slots.slice(0, 2).map((slot) => slot.start.toISOString())).toEqual([MONDAY_9H, MONDAY_945]);
  });

  it("books a slot once: of two visitors on it, one books and the other is shown the next slots", async () => {
    await available(ANA);
    const [first, second] = [await lead(), await lead()];
    const start = new Date(MONDAY_9H);
    const results = await Promise.allSettled([
      stack.services.booking.book({ ...first, start, timeZone: "America/Manaus" }),
      stack.services.booking.book({ ...second, start }),
    ]);
    const booked = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const error = (refused[0] as PromiseRejectedResult).reason;
    expect(["booking.slotTaken", "booking.slotUnavailable"]).toContain(error.code);
    expect(error.kind).toBe("conflict");
    const next = (error.details.slots as { start: Date }[]).map((slot) => slot.start.toISOString());
    expect(next[0]).toBe(MONDAY_945);
    expect(next).not.toContain(MONDAY_9H);

    const meeting = (booked[0] as PromiseFulfilledResult<typeof demoMeetings.$inferSelect>).value;
    expect(meeting).toMatchObject({
      sellerAccountId: ANA.accountId,
      sellerName: ANA.name,
      sellerEmail: "ana@vertice.example",
      status: "booked",
      sequence: 0,
      meetingUrl: "https://meet.example/ana",
    });
    expect(meeting.endsAt.getTime() - meeting.startsAt.getTime()).toBe(30 * 60_000);
    // The refused visitor books the next slot.
    const loser = meeting.leadId === first.leadId ? second : first;
    await expect(
      stack.services.booking.book({ ...loser, start: new Date(MONDAY_945) }),
    ).resolves.toMatchObject({
      status: "booked",
    });
  });

  it("the database refuses two overlapping meetings of one seller, whoever inserts them", async () => {
    const [a, b] = [await lead(), await lead()];
    const row = (leadId: string, start: string, end: string, seller = ANA) => ({
      leadId,
      sellerAccountId: seller.accountId,
      sellerName: seller.name,
      sellerEmail: "x@vertice.example",
      startsAt: new Date(start),
      endsAt: new Date(end),
      status: "booked" as const,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await handle.db
      .insert(demoMeetings)
      .values(row(a.leadId, "2026-11-23T12:00:00Z", "2026-11-23T12:30:00Z"));
    const overlapping = await handle.db
      .insert(demoMeetings)
      .values(row(b.leadId, "2026-11-23T12:15:00Z", "2026-11-23T12:45:00Z"))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(violatedConstraint(overlapping, "demo_meetings_no_overlap")).toBe(true);
    // Back to back is not an overlap; another seller at the same time is not either.
    await handle.db
      .insert(demoMeetings)
      .values(row(b.leadId, "2026-11-23T12:30:00Z", "2026-11-23T13:00:00Z"));
    const c = await lead();
    await handle.db
      .insert(demoMeetings)
      .values(row(c.leadId, "2026-11-23T12:00:00Z", "2026-11-23T12:30:00Z", BRUNO));
    // A cancelled meeting frees its time.
    await handle.db
      .update(demoMeetings)
      .set({ status: "cancelled" })
      .where(eq(demoMeetings.leadId, a.leadId));
    const d = await lead();
    await handle.db
      .insert(demoMeetings)
      .values(row(d.leadId, "2026-11-23T12:00:00Z", "2026-11-23T12:30:00Z"));
  });

  it("a lead holds one booked meeting", async () => {
    await available(ANA);
    const visitor = await lead();
    await stack.services.booking.book({ ...visitor, start: new Date(MONDAY_9H) });
    await expect(
      stack.services.booking.book({ ...visitor, start: new Date(MONDAY_945) }),
    ).rejects.toMatchObject({
      code: "booking.alreadyBooked",
    });
  });

  it("without the owner's availability, the team's least booked seller; without any, no offer", async () => {
    const visitor = await lead();
    expect(await stack.services.booking.offer(visitor.leadId, visitor.accessToken)).toBeNull();
    await expect(
      stack.services.booking.book({ ...visitor, start: new Date(MONDAY_9H) }),
    ).rejects.toMatchObject({
      code: "booking.noSeller",
    });
    await available(BRUNO);
    const offer = await stack.services.booking.offer(visitor.leadId, visitor.accessToken);
    expect(offer?.seller.name).toBe(BRUNO.name);

    // Of two sellers as free, the routing screen's order; then the one with fewer meetings to come.
    await stack.services.leadSettings.saveRouting(
      { owners: [ANA, BRUNO, CARLA], rules: [], fallbackOwner: ANA.id },
      1,
      "admin@vertice.example",
    );
    await available(CARLA);
    expect((await stack.services.booking.offer(visitor.leadId, visitor.accessToken))?.seller.name).toBe(
      BRUNO.name,
    );
    await stack.services.booking.book({ ...visitor, start: new Date(MONDAY_9H) });
    const next = await lead();
    const nextOffer = await stack.services.booking.offer(next.leadId, next.accessToken);
    expect(nextOffer?.seller.name).toBe(CARLA.name);
    // Carla is free at 09:00, which Bruno is not.
    await expect(stack.services.booking.book({ ...next, start: new Date(MONDAY_9H) })).resolves.toMatchObject(
      {
        sellerAccountId: CARLA.accountId,
      },
    );
  });

  it("books only for the forms whose success screen offers it: a contact message gets no slots", async () => {
    await available(ANA);
    const contact = await stack.leads.submit(
      stack.submission({
        formKey: "contato",
        answers: { nome: "Ana Souza", email: "ana@agrosul.com.br", mensagem: "Quero saber dos planos." },
      }),
    );
    const visitor = { leadId: contact.leadId, accessToken: contact.accessToken };
    expect(await stack.services.booking.offer(visitor.leadId, visitor.accessToken)).toBeNull();
    await expect(
      stack.services.booking.book({ ...visitor, start: new Date(MONDAY_9H) }),
    ).rejects.toMatchObject({ code: "booking.noSeller" });
  });

  it("refuses a slot off the seller's hours, and a wrong access token", async () => {
    await available(ANA);
    const visitor = await lead();
    await expect(
      stack.services.booking.book({ ...visitor, start: new Date("2026-11-23T12:10:00Z") }),
    ).rejects.toMatchObject({ code: "booking.slotUnavailable" });
    await expect(stack.services.booking.offer(visitor.leadId, "not-the-token")).rejects.toMatchObject({
      code: "booking.notFound",
    });
  });

  it("saves availability with versions: a stale save is refused, a bad one too", async () => {
    expect(await available(ANA)).toBe(1);
    await expect(available(ANA)).rejects.toMatchObject({ code: "booking.settingsConflict" });
    await expect(
      stack.services.booking.saveAvailability(
        ANA.accountId,
        {
          email: "ana@vertice.example",
          availability: { ...DEFAULT_AVAILABILITY, meetingMinutes: 5 },
          meetingUrl: null,
          calendarUrl: null,
        },
        1,
        "admin@vertice.example",
      ),
    ).rejects.toMatchObject({ code: "booking.availabilityInvalid" });
    const [row] = await handle.db
      .select()
      .from(sellerAvailability)
      .where(eq(sellerAvailability.accountId, ANA.accountId));
    expect(row?.availability.meetingMinutes).toBe(30);
  });

  it("reschedules with the same seller, the next revision; the old link is spent; cancel frees the slot", async () => {
    await available(ANA);
    await available(BRUNO);
    const visitor = await lead();
    const booking = stack.services.booking;
    const meeting = await booking.book({ ...visitor, start: new Date(MONDAY_9H) });
    const token = booking.manageToken(meeting);
    const offer = await booking.rescheduleOffer(meeting.id, token);
    expect(offer.seller.name).toBe(ANA.name);
    // Its own slot is offered again: moving does not collide with itself.
    expect(offer.slots[0]!.start.toISOString()).toBe(MONDAY_9H);

    const moved = await booking.reschedule(meeting.id, token, new Date(MONDAY_945));
    expect(moved).toMatchObject({ id: meeting.id, sellerAccountId: ANA.accountId, sequence: 1 });
    expect(moved.startsAt.toISOString()).toBe(MONDAY_945);
    await expect(booking.reschedule(meeting.id, token, new Date(MONDAY_9H))).rejects.toMatchObject({
      code: "booking.linkInvalid",
    });
    // Another visitor can now have 09:00, not 09:45.
    const other = await lead();
    const otherOffer = await booking.offer(other.leadId, other.accessToken);
    expect(otherOffer!.slots[0]!.start.toISOString()).toBe(MONDAY_9H);
    expect(otherOffer!.slots.map((slot) => slot.start.toISOString())).not.toContain(MONDAY_945);
    await expect(booking.book({ ...other, start: new Date(MONDAY_945) })).rejects.toMatchObject({
      code: "booking.slotUnavailable",
    });

    const cancelled = await booking.cancel(meeting.id, booking.manageToken(moved));
    expect(cancelled).toMatchObject({ status: "cancelled", sequence: 2 });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    await expect(booking.byLink(meeting.id, booking.manageToken(cancelled))).rejects.toMatchObject({
      code: "booking.cancelled",
    });
    await expect(booking.book({ ...other, start: new Date(MONDAY_945) })).resolves.toMatchObject({
      status: "booked",
    });
    // The visitor who cancelled has no booked meeting (their booking page offers slots again), and
    // staff still see the cancelled one.
    expect(await booking.meetingOf(visitor.leadId)).toBeNull();
    expect((await booking.meetingsOf([visitor.leadId])).get(visitor.leadId)).toMatchObject({
      status: "cancelled",
    });
    await expect(booking.book({ ...visitor, start: new Date(MONDAY_9H) })).resolves.toMatchObject({
      status: "booked",
    });
    expect((await booking.meetingsOf([visitor.leadId])).get(visitor.leadId)).toMatchObject({
      status: "booked",
    });
  });

  it("a link works until the meeting begins", async () => {
    await available(ANA);
    const visitor = await lead();
    const meeting = await stack.services.booking.book({ ...visitor, start: new Date(MONDAY_9H) });
    const token = stack.services.booking.manageToken(meeting);
    await expect(stack.services.booking.byLink(meeting.id, token)).resolves.toMatchObject({ id: meeting.id });
    stack.clock.advance(Date.parse(MONDAY_9H) - SUNDAY_MORNING);
    await expect(stack.services.booking.byLink(meeting.id, token)).rejects.toMatchObject({
      code: "booking.linkInvalid",
    });
  });

  it("each change puts the invitation in the outbox for the visitor and the seller: REQUEST, the next SEQUENCE, CANCEL", async () => {
    await available(ANA);
    const visitor = await lead();
    const booking = stack.services.booking;
    const mails = async () =>
      (
        await handle.db
          .select()
          .from(deliveryJobs)
          .where(eq(deliveryJobs.kind, "mail"))
          .orderBy(deliveryJobs.id)
      )
        .map(
          (job) =>
            job.payload as {
              to: string;
              subject: string;
              text: string;
              calendar?: { method: string; content: string };
            },
        )
        .filter((mail) => mail?.calendar);
    const meeting = await booking.book({
      ...visitor,
      start: new Date(MONDAY_9H),
      timeZone: "America/Manaus",
    });
    const booked = await mails();
    expect(booked.map((mail) => mail.to).sort()).toEqual(
      [`pessoa${email}@agrosul.com.br`, "ana@vertice.example"].sort(),
    );
    const toVisitor = booked.find((mail) => mail.to.startsWith("pessoa"))!;
    expect(toVisitor.subject).toBe(
      "Demonstração agendada: segunda-feira, 23 de novembro, às 08:00 (09:00 em Brasília)",
    );
    const manage = /https?:\/\/\S+\/agenda\/[0-9a-f-]{36}\?t=\S+/.exec(toVisitor.text)?.[0];
    expect(manage).toBeDefined();
    expect(new URL(manage!).searchParams.get("t")).toBe(booking.manageToken(meeting));
    const event = (mail: { calendar?: { content: string } }) => {
      const calendar = new ICAL.Component(ICAL.parse(mail.calendar!.content));
      return {
        method: calendar.getFirstPropertyValue("method"),
        event: new ICAL.Event(calendar.getFirstSubcomponent("vevent")!),
      };
    };
    const first = event(toVisitor);
    expect(first.method).toBe("REQUEST");
    expect(first.event.uid).toBe(`${meeting.id}@localhost`);
    expect(first.event.sequence).toBe(0);
    expect(first.event.startDate.toJSDate().toISOString()).toBe(MONDAY_9H);
    expect(first.event.organizer).toMatch(/ana@vertice\.example$/i);
    const seller = booked.find((mail) => mail.to === "ana@vertice.example")!;
    expect(seller.subject).toMatch(/^Nova demonstração: Agro Sul/);
    expect(event(seller).event.uid).toBe(first.event.uid);

    const moved = await booking.reschedule(meeting.id, booking.manageToken(meeting), new Date(MONDAY_945));
    const afterMove = (await mails()).slice(2).map(event);
    expect(afterMove.map((e) => [e.method, e.event.uid, e.event.sequence])).toEqual([
      ["REQUEST", first.event.uid, 1],
      ["REQUEST", first.event.uid, 1],
    ]);
    await booking.cancel(meeting.id, booking.manageToken(moved));
    const afterCancel = (await mails()).slice(4).map(event);
    expect(afterCancel.map((e) => [e.method, e.event.sequence])).toEqual([
      ["CANCEL", 2],
      ["CANCEL", 2],
    ]);
  });

  it("each change is noted on the lead's Jira issue, the label demo-agendada once booked", async () => {
    const jira = await startFakeJira();
    const own = await target.open();
    try {
      const withJira = await leadStack(own, jira, testClock(SUNDAY_MORNING));
      await anaTakesDemos(withJira);
      const result = await withJira.leads.submit(
        withJira.submission({ formKey: "demo", answers: hotDemoAnswers }),
      );
      await withJira.worker.kick();
      const booking = withJira.services.booking;
      const meeting = await booking.book({ ...result, start: new Date(MONDAY_9H) });
      // Moved before either note went: each tells the time of its own change.
      const moved = await booking.reschedule(meeting.id, booking.manageToken(meeting), new Date(MONDAY_945));
      await withJira.worker.kick();
      const issue = jira.issues.find((i) => i.key === result.protocol)!;
      const notes = () => issue.comments.map((body) => adfToText(body));
      expect(notes().slice(-2)).toEqual([
        "Demonstração agendada para segunda-feira, 23 de novembro, às 09:00 (horário de Brasília) com Ana Souza.",
        "Demonstração remarcada para segunda-feira, 23 de novembro, às 09:45 (horário de Brasília) com Ana Souza.",
      ]);
      expect(issue.labels).toContain("demo-agendada");
      await booking.cancel(meeting.id, booking.manageToken(moved));
      await withJira.worker.kick();
      expect(notes().at(-1)).toBe(
        "Demonstração de segunda-feira, 23 de novembro, às 09:45 (horário de Brasília) com Ana Souza cancelada pelo visitante.",
      );
    } finally {
      await own.close();
      await jira.close();
    }
  });

  it("reminds the visitor 24 h and 1 h before; a moved meeting's earlier reminders send nothing", async () => {
    const smtp = await startFakeSmtp();
    const own = await target.open();
    try {
      const clock = testClock(SUNDAY_MORNING);
      const withMail = await leadStack(own, null, clock, { env: { SMTP_URL: smtp.url } });
      await anaTakesDemos(withMail);
      const result = await withMail.leads.submit(
        withMail.submission({ formKey: "demo", answers: hotDemoAnswers }),
      );
      const booking = withMail.services.booking;
      const meeting = await booking.book({ ...result, start: new Date(MONDAY_945) });
      const reminders = async () =>
        (
          await own.db
            .select()
            .from(deliveryJobs)
            .where(eq(deliveryJobs.kind, "meeting_reminder"))
            .orderBy(deliveryJobs.runAt)
        ).map((job) => ({ at: job.runAt.toISOString(), status: job.status, detail: job.lastError }));
      expect((await reminders()).map((r) => r.at)).toEqual([
        "2026-11-22T12:45:00.000Z",
        "2026-11-23T11:45:00.000Z",
      ]);
      const reminderMails = () => smtp.messages.filter((mail) => mail.subject.startsWith("Lembrete"));

      clock.advance(45 * 60_000);
      await withMail.worker.kick();
      expect(reminderMails().map((mail) => [mail.to.join(), mail.subject])).toEqual([
        ["maria@agrosul.com.br", "Lembrete: sua demonstração é amanhã"],
      ]);
      expect(reminderMails()[0]!.text).toContain(
        "com Ana Souza está marcada para segunda-feira, 23 de novembro, às 09:45",
      );
      expect(reminderMails()[0]!.text).toMatch(/\/agenda\/[0-9a-f-]{36}\?t=/);

      // Moved to 10:30: the 1 h reminder of 09:45 sends nothing; the new revision's two do.
      await booking.reschedule(meeting.id, booking.manageToken(meeting), new Date("2026-11-23T13:30:00Z"));
      clock.advance(Date.parse("2026-11-23T12:31:00Z") - clock.now().getTime());
      await withMail.worker.kick();
      expect(reminderMails().map((mail) => mail.subject)).toEqual([
        "Lembrete: sua demonstração é amanhã",
        "Lembrete: sua demonstração é amanhã",
        "Lembrete: sua demonstração começa em 1 hora",
      ]);
      for (const mail of reminderMails().slice(1)) expect(mail.text).toContain("às 10:30");
      expect((await reminders()).map((r) => r.status)).toEqual(["done", "done", "done", "done"]);
    } finally {
      await own.close();
      await smtp.close();
    }
  });

  it("the dashboard counts the leads that booked, per form and per first-touch source", async () => {
    await available(ANA);
    const fromCampaign = await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        answers: { ...hotDemoAnswers, emailContato: "campanha@agrosul.com.br" },
        tracking: {
          page: "http://localhost/demonstracao",
          firstTouch: {
            tags: { utm_source: "google", utm_medium: "cpc", utm_campaign: "erp-agro" },
            landing: "/?utm_source=google&utm_medium=cpc&utm_campaign=erp-agro",
            at: "2026-11-20T12:00:00.000Z",
          },
        },
      }),
    );
    await lead();
    const booked = await stack.services.booking.book({
      leadId: fromCampaign.leadId,
      accessToken: fromCampaign.accessToken,
      start: new Date(MONDAY_9H),
    });
    // Booked then cancelled still counts: the visitor did book.
    await stack.services.booking.cancel(booked.id, stack.services.booking.manageToken(booked));
    const report = await outcomesReport(handle.db, new Date(SUNDAY_MORNING));
    expect(report.byForm).toEqual([expect.objectContaining({ key: "demo", total: 2, booked: 1 })]);
    expect(report.bySource).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "google / cpc / erp-agro", total: 1, booked: 1 }),
        expect.objectContaining({ total: 1, booked: 0 }),
      ]),
    );
  });

  it("the seller's own calendar blocks slots: read from its iCalendar address, kept when a read fails", async () => {
    // Monday 09:00–10:00 in São Paulo is busy in Ana's calendar (a visit to a client).
    let answer: { status: number; body: string } = {
      status: 200,
      body: [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
        "BEGIN:VEVENT",
        "UID:visita@google.com",
        "DTSTART:20261123T120000Z",
        "DTEND:20261123T130000Z",
        "SUMMARY:Visita a cliente",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    };
    const requests: string[] = [];
    const server = http.createServer((request, response) => {
      requests.push(`${request.method} ${request.url} ${request.headers.accept}`);
      response.writeHead(answer.status, { "content-type": "text/calendar; charset=utf-8" });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const calendarUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/ana/private-0123/basic.ics`;
    try {
      await stack.services.booking.saveAvailability(
        ANA.accountId,
        { email: "ana@vertice.example", availability: DEFAULT_AVAILABILITY, meetingUrl: null, calendarUrl },
        0,
        "admin@vertice.example",
      );
      const visitor = await lead();
      const first = async () =>
        (await stack.services.booking.offer(
          visitor.leadId,
          visitor.accessToken,
        ))!.slots[0]!.start.toISOString();
      // Not read yet: nothing of it blocks.
      expect(await first()).toBe(MONDAY_9H);
      expect(await stack.services.sellerCalendars.readAll()).toEqual({ read: 1, failed: 0 });
      expect(requests).toEqual([`GET /calendar/ana/private-0123/basic.ics text/calendar, */*;q=0.5`]);
      // 09:00 and 09:45 touch the visit (or the 15 minutes kept free after it): 10:30 is the first.
      expect(await first()).toBe("2026-11-23T13:30:00.000Z");
      await expect(
        stack.services.booking.book({ ...visitor, start: new Date(MONDAY_945) }),
      ).rejects.toMatchObject({ code: "booking.slotUnavailable" });
      expect(await stack.services.sellerCalendars.statusOf(ANA.accountId, calendarUrl)).toMatchObject({
        readAt: new Date(SUNDAY_MORNING),
        busyCount: 1,
        failure: null,
      });

      // The address fails: the busy times read before still block, and the page can say why.
      answer = { status: 404, body: "Not Found" };
      expect(await stack.services.sellerCalendars.readAll()).toEqual({ read: 0, failed: 1 });
      expect(await first()).toBe("2026-11-23T13:30:00.000Z");
      expect(await stack.services.sellerCalendars.statusOf(ANA.accountId, calendarUrl)).toMatchObject({
        readAt: new Date(SUNDAY_MORNING),
        busyCount: 1,
        failure: "status:404",
      });
      answer = { status: 200, body: "<html><body>Faça login</body></html>" };
      await expect(stack.services.sellerCalendars.read(ANA.accountId, calendarUrl)).resolves.toMatchObject({
        failure: "not-ical",
        busyCount: 1,
      });

      // Another address: what the old one gave no longer counts.
      const moved = `${calendarUrl}?v=2`;
      await stack.services.booking.saveAvailability(
        ANA.accountId,
        {
          email: "ana@vertice.example",
          availability: DEFAULT_AVAILABILITY,
          meetingUrl: null,
          calendarUrl: moved,
        },
        1,
        "admin@vertice.example",
      );
      expect(await first()).toBe(MONDAY_9H);
      expect(await stack.services.sellerCalendars.statusOf(ANA.accountId, moved)).toBeNull();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
