import {
  type Availability,
  availabilitySchema,
  DEFAULT_AVAILABILITY,
  WEEKDAYS,
} from "@domain/booking/availability.ts";
import { formatDateTime } from "@domain/format.ts";
import { refusalText } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { bookingAdminTexts as t } from "~/admin/booking-texts.ts";
import type { Route } from "./+types/demo-calendar";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The demonstrations' calendar (decision 138): each seller of the routing screen with their
 * availability (where invitations go, weekly hours, length, gap, notice, days ahead, days off, room,
 * private calendar address), and the meetings still to come.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "demoCalendar");
  const { leadSettings, booking, sellerCalendars } = context.services;
  const routing = await leadSettings.routing();
  const sellers = await Promise.all(
    routing.value.owners.map(async (owner) => {
      const saved = await booking.availabilityOf(owner.accountId);
      const calendar = await sellerCalendars.statusOf(owner.accountId, saved?.calendarUrl ?? null);
      return {
        accountId: owner.accountId,
        name: owner.name,
        version: saved?.version ?? 0,
        email: saved?.email ?? "",
        meetingUrl: saved?.meetingUrl ?? "",
        calendarUrl: saved?.calendarUrl ?? "",
        availability: saved?.availability ?? DEFAULT_AVAILABILITY,
        takes: saved !== null,
        calendar: calendar && {
          readAt: calendar.readAt?.toISOString() ?? null,
          busyCount: calendar.busyCount,
          failedAt: calendar.failedAt?.toISOString() ?? null,
          failure: calendar.failure,
        },
      };
    }),
  );
  const upcoming = (await booking.upcoming()).map((meeting) => ({
    ...meeting,
    startsAt: meeting.startsAt.toISOString(),
  }));
  return data({ sellers, upcoming }, { headers: PRIVATE });
}

const optionalUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => value === "" || /^https:\/\/[^\s]+$/.test(value),
    "Use um endereço que começa com https://.",
  );
/** A calendar program's subscription address may say webcal:// (read over https). */
const optionalCalendarUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => value === "" || /^(https|webcals?):\/\/[^\s]+$/i.test(value),
    "Use um endereço que começa com https:// ou webcal://.",
  );

const postedSchema = z.object({
  accountId: z.string().min(1).max(128),
  version: z.coerce.number().int().min(0),
  email: z.email("Informe um e-mail válido."),
  meetingUrl: optionalUrl,
  calendarUrl: optionalCalendarUrl,
});

/** The availability as the form posts it: per weekday a checkbox and one period, the rules in units staff use. */
function postedAvailability(form: FormData): unknown {
  const weekly: Record<string, { from: string; to: string }[]> = {};
  for (const day of WEEKDAYS)
    if (form.get(`day${day}`) === "on")
      weekly[String(day)] = [
        { from: String(form.get(`from${day}`) ?? ""), to: String(form.get(`to${day}`) ?? "") },
      ];
  const whole = (name: string) => Number(String(form.get(name) ?? "").trim() || Number.NaN);
  return {
    weekly,
    meetingMinutes: whole("meetingMinutes"),
    gapMinutes: whole("gapMinutes"),
    minNoticeMinutes: Math.round(whole("noticeHours") * 60),
    businessDaysAhead: whole("daysAhead"),
    daysOff: String(form.get("daysOff") ?? "")
      .split(/\s+/)
      .filter(Boolean),
  };
}

/** Where a problem is, by the form's field names: the page marks that field with the message. */
function fieldOf(path: PropertyKey[]): string {
  const [first, day] = path;
  if (first === "weekly" && day !== undefined) return `${path.at(-1) === "to" ? "to" : "from"}${String(day)}`;
  if (first === "minNoticeMinutes") return "noticeHours";
  if (first === "businessDaysAhead") return "daysAhead";
  return String(first ?? "form");
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "demoCalendar");
  const form = await request.formData();
  const errors: Record<string, string> = {};
  const posted = postedSchema.safeParse(Object.fromEntries(form));
  if (!posted.success) for (const issue of posted.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  const availability = availabilitySchema.safeParse(postedAvailability(form));
  if (!availability.success)
    for (const issue of availability.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  const accountId = String(form.get("accountId") ?? "");
  if (!posted.success || !availability.success) return { accountId, ok: false, message: t.invalid, errors };
  const name = (await context.services.leadSettings.routing()).value.owners.find(
    (owner) => owner.accountId === accountId,
  )?.name;
  // Only a person of the sales team has a calendar (a removed one's form may still be open).
  if (!name) return { accountId, ok: false, message: t.notOnTeam, errors };
  try {
    await context.services.booking.saveAvailability(
      accountId,
      {
        email: posted.data.email,
        availability: availability.data,
        meetingUrl: posted.data.meetingUrl || null,
        calendarUrl: posted.data.calendarUrl || null,
      },
      posted.data.version,
      admin.email,
    );
    // Read at once, so the page shows whether the address works (then every few minutes).
    if (posted.data.calendarUrl)
      await context.services.sellerCalendars.read(accountId, posted.data.calendarUrl);
    return { accountId, ok: true, message: t.saved(name), errors };
  } catch (error) {
    if (DomainError.is(error)) return { accountId, ok: false, message: refusalText(error, "pt"), errors };
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [{ title: `${t.title} · Admin` }];

export default function DemoCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const { sellers, upcoming } = loaderData;
  return (
    <section aria-labelledby="agenda-titulo">
      <h1 id="agenda-titulo">{t.title}</h1>
      <p className="admin-intro">{t.intro}</p>
      {/* A save for a person no longer listed has no card to show its answer in. */}
      {actionData && !sellers.some((seller) => seller.accountId === actionData.accountId) && (
        <p role="alert" className="banner banner--error">
          {actionData.message}
        </p>
      )}
      {sellers.length === 0 ? (
        <p className="admin-empty">
          {t.noOwners} <Link to="/admin/vendas">{t.toSales}</Link>
        </p>
      ) : (
        sellers.map((seller) => (
          <SellerForm
            key={seller.accountId}
            seller={seller}
            result={actionData?.accountId === seller.accountId ? actionData : null}
          />
        ))
      )}
      <h2>{t.upcoming}</h2>
      {upcoming.length === 0 ? (
        <p className="admin-empty">{t.noUpcoming}</p>
      ) : (
        meetingsBySeller(upcoming).map((meetings) => (
          <div key={meetings[0]!.sellerAccountId} className="admin-table-wrap">
            <table className="admin-table">
              <caption>{t.upcomingOf(meetings[0]!.sellerName, meetings.length)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.when}</th>
                  <th scope="col">{t.lead}</th>
                </tr>
              </thead>
              <tbody>
                {meetings.map((meeting) => (
                  <tr key={meeting.id}>
                    <td>{formatDateTime(meeting.startsAt)}</td>
                    <td>
                      <Link to={`/admin/leads/${meeting.leadId}`}>
                        {t.openLead} {meeting.protocol}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
    </section>
  );
}

type SellerView = Route.ComponentProps["loaderData"]["sellers"][number];
type UpcomingMeeting = Route.ComponentProps["loaderData"]["upcoming"][number];

/** The meetings to come per seller, the seller with the soonest first; each list soonest first. */
function meetingsBySeller(meetings: UpcomingMeeting[]): UpcomingMeeting[][] {
  const bySeller = new Map<string, UpcomingMeeting[]>();
  for (const meeting of meetings)
    bySeller.set(meeting.sellerAccountId, [...(bySeller.get(meeting.sellerAccountId) ?? []), meeting]);
  return [...bySeller.values()];
}

/** How the last reads of the seller's calendar went, in a sentence. */
function calendarReading(calendar: NonNullable<SellerView["calendar"]>): string {
  if (calendar.failure && calendar.failedAt)
    return t.calendarFailed(
      formatDateTime(calendar.failedAt),
      t.calendarFailure(calendar.failure),
      calendar.readAt ? formatDateTime(calendar.readAt) : null,
    );
  return calendar.readAt ? t.calendarRead(formatDateTime(calendar.readAt), calendar.busyCount) : "";
}
type Result = { ok: boolean; message: string; errors: Record<string, string> } | null;

function SellerForm({ seller, result }: { seller: SellerView; result: Result }) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("accountId") === seller.accountId;
  const a: Availability = seller.availability;
  const errors = result?.errors ?? {};
  const id = (name: string) => `${name}-${seller.accountId}`;
  const error = (name: string) =>
    errors[name] ? (
      <span className="field__error" id={id(`${name}-erro`)}>
        {errors[name]}
      </span>
    ) : null;
  const described = (name: string, hint?: boolean) =>
    [hint ? id(`${name}-dica`) : null, errors[name] ? id(`${name}-erro`) : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <Form method="post" className="demo-calendar" aria-labelledby={id("nome")}>
      <h2 id={id("nome")}>
        {seller.name}{" "}
        <span className={`demo-calendar__status${seller.takes ? " demo-calendar__status--on" : ""}`}>
          {seller.takes ? t.takes : t.closed}
        </span>
      </h2>
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`banner banner--${result.ok ? "success" : "error"}`}
        >
          {result.message}
        </p>
      )}
      <input type="hidden" name="accountId" value={seller.accountId} />
      <input type="hidden" name="version" value={seller.version} />
      <div className="demo-calendar__grid">
        <label className="field" htmlFor={id("email")}>
          <span className="field__label">{t.email}</span>
          <input
            id={id("email")}
            name="email"
            type="email"
            required
            defaultValue={seller.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={described("email", true)}
          />
          <span className="field__hint" id={id("email-dica")}>
            {t.emailHint}
          </span>
          {error("email")}
        </label>
        <label className="field" htmlFor={id("meetingUrl")}>
          <span className="field__label">{t.meetingUrl}</span>
          <input
            id={id("meetingUrl")}
            name="meetingUrl"
            type="url"
            defaultValue={seller.meetingUrl}
            aria-invalid={errors.meetingUrl ? true : undefined}
            aria-describedby={described("meetingUrl", true)}
          />
          <span className="field__hint" id={id("meetingUrl-dica")}>
            {t.meetingUrlHint}
          </span>
          {error("meetingUrl")}
        </label>
        <label className="field" htmlFor={id("calendarUrl")}>
          <span className="field__label">{t.calendarUrl}</span>
          <input
            id={id("calendarUrl")}
            name="calendarUrl"
            type="url"
            defaultValue={seller.calendarUrl}
            aria-invalid={errors.calendarUrl ? true : undefined}
            aria-describedby={
              [described("calendarUrl", true), seller.calendar ? id("calendarUrl-leitura") : null]
                .filter(Boolean)
                .join(" ") || undefined
            }
          />
          <span className="field__hint" id={id("calendarUrl-dica")}>
            {t.calendarUrlHint}
          </span>
          {seller.calendar && (
            <span
              className={`field__hint demo-calendar__read${seller.calendar.failure ? " demo-calendar__read--failed" : ""}`}
              id={id("calendarUrl-leitura")}
            >
              {calendarReading(seller.calendar)}
            </span>
          )}
          {error("calendarUrl")}
        </label>
      </div>
      <fieldset className="demo-calendar__week">
        <legend>{t.weekly}</legend>
        {WEEKDAYS.map((day) => {
          const period = a.weekly[String(day) as keyof Availability["weekly"]]?.[0];
          return (
            <div key={day} className="demo-calendar__day">
              <label>
                <input type="checkbox" name={`day${day}`} defaultChecked={period !== undefined} />{" "}
                {t.weekdays[day]}
              </label>
              <label>
                <span className="visually-hidden">
                  {t.weekdays[day]}: {t.from}
                </span>
                <span aria-hidden="true">{t.from}</span>{" "}
                <input
                  type="time"
                  name={`from${day}`}
                  defaultValue={period?.from ?? "09:00"}
                  aria-invalid={errors[`from${day}`] ? true : undefined}
                />
              </label>
              <label>
                <span className="visually-hidden">
                  {t.weekdays[day]}: {t.to}
                </span>
                <span aria-hidden="true">{t.to}</span>{" "}
                <input
                  type="time"
                  name={`to${day}`}
                  defaultValue={period?.to ?? "17:00"}
                  aria-invalid={errors[`to${day}`] ? true : undefined}
                />
              </label>
              {error(`from${day}`) ?? error(`to${day}`)}
            </div>
          );
        })}
      </fieldset>
      <div className="demo-calendar__grid">
        {(
          [
            ["meetingMinutes", t.meetingMinutes, a.meetingMinutes],
            ["gapMinutes", t.gapMinutes, a.gapMinutes],
            ["noticeHours", t.noticeHours, a.minNoticeMinutes / 60],
            ["daysAhead", t.daysAhead, a.businessDaysAhead],
          ] as const
        ).map(([name, label, value]) => (
          <label key={name} className="field" htmlFor={id(name)}>
            <span className="field__label">{label}</span>
            <input
              id={id(name)}
              name={name}
              type="number"
              inputMode="numeric"
              min={0}
              step={name === "noticeHours" ? 0.5 : 1}
              required
              defaultValue={value}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={described(name)}
            />
            {error(name)}
          </label>
        ))}
        <label className="field" htmlFor={id("daysOff")}>
          <span className="field__label">{t.daysOff}</span>
          <textarea
            id={id("daysOff")}
            name="daysOff"
            rows={3}
            defaultValue={a.daysOff.join("\n")}
            aria-invalid={errors.daysOff ? true : undefined}
            aria-describedby={described("daysOff", true)}
          />
          <span className="field__hint" id={id("daysOff-dica")}>
            {t.daysOffHint}
          </span>
          {error("daysOff")}
        </label>
      </div>
      <button type="submit" className="button button--primary" disabled={saving}>
        {t.save}
      </button>
    </Form>
  );
}
