/**
 * The form funnel (decision 104) on the embedded database and on PostgreSQL (with
 * Redis for the rate limit when CI provides it): the beacon's endpoint as server/app.ts mounts it
 * over the production build, the nightly rollup under its lease with a hand-moved clock, and the
 * admin dashboard's funnel and leads by source.
 */

import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { FUNNEL_PATH } from "@domain/funnel/events.ts";
import { RedisStore } from "@server/cache/remote-store.ts";
import { loadConfig } from "@server/config.ts";
import { funnelDaily, funnelEvents } from "@server/db/schema.ts";
import { FunnelService } from "@server/funnel/service.ts";
import { FUNNEL_LIMIT_PER_MINUTE } from "@server/http/rate-limit.ts";
import { issueFormToken } from "@server/leads/spam.ts";
import { type BuiltServices, buildServices, stopServices } from "@server/services.ts";
import { asc } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseTarget, databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { listenInProcess, productionServices } from "../support/in-process-app.ts";
import { silentLogger } from "../support/lead-stack.ts";
import { TEST_HASH_ENV } from "../support/passwords.ts";
import { tempDataDir } from "../support/server-process.ts";
import { signedInAdmin } from "../support/two-factor.ts";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const redisPrefix = `test-funnel-${process.pid}-${Date.now()}:`;

afterAll(async () => {
  await dropCreatedDatabases();
  if (process.env.TEST_REDIS_URL) {
    const redis = new RedisStore(process.env.TEST_REDIS_URL, pino({ level: "silent" }), redisPrefix);
    await redis.deleteMatching("*");
    await redis.close();
  }
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request as a browser sends it (node's http: fetch may not set Host), body as given. */
function send(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Answer> {
  const target = new URL(options.path ?? FUNNEL_PATH, url);
  const headers = { ...options.headers };
  // A body says its length, as browsers do, unless the test sends it in chunks.
  if (options.body !== undefined && !headers["Transfer-Encoding"])
    headers["Content-Length"] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(target, { method: options.method ?? "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const batch = (over: Record<string, unknown> = {}) => ({
  view: randomUUID(),
  lang: "pt",
  events: [
    { form: "demo", type: "shown" },
    { form: "demo", type: "touched" },
  ],
  ...over,
});

/** What sendBeacon sends: a string body as text/plain, the page's Origin, and the browser's own name. */
const beacon = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  send(url, {
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      Origin: url,
      "Sec-Fetch-Site": "same-origin",
      "User-Agent": BROWSER,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const json = (answer: Answer) => JSON.parse(answer.text) as { message: string };

describe.each(databaseTargets())("the funnel's beacon endpoint on $name", (target: DatabaseTarget) => {
  let services: BuiltServices;
  let app: Awaited<ReturnType<typeof listenInProcess>>;
  let url: string;
  const rows = () => services.database.db.select().from(funnelEvents).orderBy(asc(funnelEvents.event));

  beforeAll(async () => {
    const handle = await target.open();
    const redis: Record<string, string> =
      target.name === "postgres" && process.env.TEST_REDIS_URL
        ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: redisPrefix }
        : {};
    services = await productionServices(handle, { DATA_DIR: tempDataDir(), ...redis });
    app = await listenInProcess(services);
    url = app.url;
  });
  afterAll(async () => {
    await app?.close();
    if (services) await stopServices(services);
  });
  beforeEach(async () => {
    await services.database.db.delete(funnelEvents);
  });

  it("a batch is answered 204 and stored with the segment of its host and the visit's source", async () => {
    const view = randomUUID();
    const answer = await beacon(
      url,
      batch({
        view,
        lang: "en",
        utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "erp-agro" },
        referrer: "www.google.com",
        events: [
          { form: "demo", type: "shown" },
          { form: "demo", type: "touched" },
          { form: "demo", type: "step", step: 2 },
        ],
      }),
      {
        Host: `agronegocio.localhost:${app.url.split(":").at(-1)}`,
        Origin: `http://agronegocio.localhost:${app.url.split(":").at(-1)}`,
      },
    );
    expect(answer.status, answer.text).toBe(204);
    expect(answer.text).toBe("");
    expect(answer.headers["cache-control"]).toBe("no-store");
    const stored = await rows();
    expect(stored.map((r) => [r.event, r.step])).toEqual([
      ["shown", 0],
      ["step", 2],
      ["touched", 0],
    ]);
    expect(stored[0]).toMatchObject({
      viewId: view,
      formId: "demo",
      segment: "agronegocio",
      lang: "en",
      source: "google",
      medium: "cpc",
      campaign: "erp-agro",
    });
    // Stamped by the server, now.
    expect(Math.abs(stored[0]!.at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("without tags the source comes from the referrer host; our own host is direct; JSON is taken too", async () => {
    await beacon(url, batch({ referrer: "l.instagram.com" }));
    await send(url, {
      headers: { "Content-Type": "application/json", Origin: url, "User-Agent": BROWSER },
      body: JSON.stringify(batch({ referrer: "127.0.0.1", events: [{ form: "newsletter", type: "shown" }] })),
    });
    const stored = await rows();
    expect(stored.filter((r) => r.formId === "demo").map((r) => [r.source, r.medium, r.segment])).toEqual([
      ["instagram", "social", ""],
      ["instagram", "social", ""],
    ]);
    expect(stored.find((r) => r.formId === "newsletter")).toMatchObject({
      source: "(direct)",
      medium: "(none)",
    });
  });

  it("an event sent twice for the same page view counts once", async () => {
    const view = randomUUID();
    expect((await beacon(url, batch({ view }))).status).toBe(204);
    expect(
      (
        await beacon(
          url,
          batch({
            view,
            events: [
              { form: "demo", type: "touched" },
              { form: "demo", type: "touched" },
              { form: "demo", type: "submitted" },
            ],
          }),
        )
      ).status,
    ).toBe(204);
    expect((await rows()).map((r) => r.event)).toEqual(["shown", "submitted", "touched"]);
  });

  it("bots, programs without a name and browsers asking not to be tracked: 204 and nothing stored", async () => {
    const refusing: Record<string, string>[] = [
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      {
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126.0 Safari/537.36",
      },
      { "User-Agent": "" },
      { DNT: "1" },
      { "Sec-GPC": "1" },
    ];
    for (const headers of refusing) {
      const answer = await beacon(url, batch(), headers);
      expect(answer.status, JSON.stringify(headers)).toBe(204);
    }
    expect(await rows()).toEqual([]);
  });

  it("refusals are JSON in Portuguese: invalid, oversized, another type, another method, another site", async () => {
    const invalid = await beacon(url, "{nope");
    expect(invalid.status).toBe(400);
    expect(json(invalid).message).toBe("O corpo da requisição não é um JSON válido.");

    const wrong = await beacon(url, batch({ events: [{ form: "demo", type: "step" }] }));
    expect(wrong.status).toBe(400);
    expect(json(wrong).message).toMatch(/^Parâmetros inválidos\. events\.0\.step: /);

    const personal = await beacon(url, batch({ email: "ana@example.com" }));
    expect(personal.status).toBe(400);

    const big = JSON.stringify(batch({ referrer: "a".repeat(5000) }));
    const declared = await beacon(url, big);
    expect(declared.status).toBe(413);
    expect(json(declared).message).toBe("O corpo da requisição é grande demais.");
    // Sent in chunks without a length: refused once it passes 4 KB all the same.
    const chunked = await send(url, {
      headers: {
        "Content-Type": "text/plain",
        "Transfer-Encoding": "chunked",
        Origin: url,
        "User-Agent": BROWSER,
      },
      body: big,
    });
    expect(chunked.status).toBe(413);

    const form = await beacon(url, "a=1", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(json(form).message).toBe("Envie o corpo como text/plain ou application/json.");

    const get = await send(url, { method: "GET", headers: { "User-Agent": BROWSER } });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect(json(get).message).toBe("Método não permitido.");

    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const cross = await beacon(url, batch(), headers);
      expect(cross.status, JSON.stringify(headers)).toBe(403);
      expect(json(cross).message).toBe("Requisição de outro site recusada.");
    }
    expect(await rows()).toEqual([]);
  });

  it(`is limited to ${FUNNEL_LIMIT_PER_MINUTE} batches a minute per address, in a bucket of its own`, async () => {
    // A visitor of their own (the proxy in front, loopback, is trusted to say so): a fresh count.
    const visitor = { "X-Forwarded-For": `203.0.113.${target.name === "postgres" ? 21 : 20}` };
    const answers: number[] = [];
    for (let i = 0; i < FUNNEL_LIMIT_PER_MINUTE; i += 20) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, () =>
            beacon(url, batch(), { ...visitor, "User-Agent": "Googlebot/2.1" }).then((a) => a.status),
          ),
        )),
      );
    }
    expect(answers.every((status) => status === 204)).toBe(true);
    const limited = await beacon(url, batch(), visitor);
    expect(limited.status).toBe(429);
    expect(json(limited).message).toBe(
      "Muitas solicitações em pouco tempo. Aguarde um minuto e tente novamente.",
    );
    // The forms' own count is untouched: a visitor's lead still goes through.
    const lead = await send(url, {
      path: "/api/leads",
      headers: { ...visitor, "Content-Type": "application/json", Origin: url, "User-Agent": BROWSER },
      body: JSON.stringify({}),
    });
    expect(lead.status).toBe(400);
  });
});

describe.each(databaseTargets())("the funnel's nightly rollup and the dashboard on $name", (target) => {
  let services: BuiltServices;
  let clock: Date;
  const at = (iso: string) => {
    clock = new Date(iso);
  };
  const daily = () =>
    services.database.db
      .select()
      .from(funnelDaily)
      .orderBy(
        asc(funnelDaily.day),
        asc(funnelDaily.formId),
        asc(funnelDaily.event),
        asc(funnelDaily.step),
        asc(funnelDaily.source),
      );

  beforeEach(async () => {
    clock = new Date("2026-11-26T15:00:00Z");
    const config = loadConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "test-secret-test-secret-test-secret!",
      PUBLIC_BASE_URL: "http://localhost",
      DATA_DIR: tempDataDir(),
      ...TEST_HASH_ENV,
    });
    services = await buildServices(config, silentLogger, await target.open(), { now: () => clock });
  });
  afterEach(async () => {
    if (services) await stopServices(services);
  });

  /** `views` page views of the demo form from one source, each reaching `through` its stages. */
  async function visits(views: number, through: string[], source = "google", segment: string | null = null) {
    for (let i = 0; i < views; i++) {
      await services.funnel.record(
        {
          view: randomUUID(),
          lang: "pt",
          utm: { utm_source: source, utm_medium: "cpc" },
          events: through.map((stage) =>
            stage.startsWith("step:")
              ? { form: "demo" as const, type: "step" as const, step: Number(stage.slice(5)) }
              : { form: "demo" as const, type: stage as "shown" },
          ),
        },
        { segment },
      );
    }
  }

  it("moves the finished days into daily counts once, keeps today raw, and the funnel sums both", async () => {
    // Wednesday 25 (São Paulo): 4 views, 3 touched, 2 at step 2, 1 sent.
    at("2026-11-25T14:00:00Z");
    await visits(1, ["shown", "touched", "step:2", "submitted"]);
    await visits(1, ["shown", "touched", "step:2"]);
    await visits(1, ["shown", "touched"]);
    // 23:30 in São Paulo is already the 26th in UTC: still the 25th's.
    at("2026-11-26T02:30:00Z");
    await visits(1, ["shown"], "newsletter");
    // Thursday 26, today: 2 views, 1 touched.
    at("2026-11-26T12:00:00Z");
    await visits(1, ["shown", "touched"], "google", "agronegocio");
    await visits(1, ["shown"]);

    at("2026-11-26T15:00:00Z");
    const first = await services.funnelRollup.run();
    expect(first).toEqual({ events: 10, rows: 5, expired: 0 });
    expect((await daily()).map((r) => [r.day, r.event, r.step, r.source, r.count])).toEqual([
      ["2026-11-25", "shown", 0, "google", 3],
      ["2026-11-25", "shown", 0, "newsletter", 1],
      ["2026-11-25", "step", 2, "google", 2],
      ["2026-11-25", "submitted", 0, "google", 1],
      ["2026-11-25", "touched", 0, "google", 3],
    ]);
    const raw = await services.database.db.select().from(funnelEvents);
    expect(raw).toHaveLength(3);
    expect(raw.every((r) => r.at.toISOString() === "2026-11-26T12:00:00.000Z")).toBe(true);

    // Again, later the same day (and on a second instance at the same moment): nothing moves twice.
    at("2026-11-26T16:00:00Z");
    const other = new FunnelService(services.database.db, "http://localhost", () => clock);
    const [again, twin] = await Promise.all([services.funnel.rollup(), other.rollup()]);
    expect(again.events + twin.events).toBe(0);
    expect((await daily()).reduce((sum, r) => sum + r.count, 0)).toBe(10);

    // The funnel of the last 7 days: yesterday's daily counts plus today's raw events.
    const counts = await services.funnel.counts({ form: "demo", days: 7 });
    expect(Object.fromEntries(counts)).toEqual({ shown: 6, touched: 4, "step:2": 2, submitted: 1 });
    // Today only, and one segment.
    expect(Object.fromEntries(await services.funnel.counts({ form: "demo", days: 1 }))).toEqual({
      shown: 2,
      touched: 1,
    });
    expect(
      Object.fromEntries(await services.funnel.counts({ form: "demo", days: 7, segment: "agronegocio" })),
    ).toEqual({ shown: 1, touched: 1 });

    // The next night moves today; a later event of yesterday's kind lands in the same daily row.
    at("2026-11-27T03:10:00Z");
    expect(await services.funnelRollup.run()).toMatchObject({ events: 3 });
    expect(await services.database.db.select().from(funnelEvents)).toEqual([]);
    expect(Object.fromEntries(await services.funnel.counts({ form: "demo", days: 7 }))).toEqual({
      shown: 6,
      touched: 4,
      "step:2": 2,
      submitted: 1,
    });
    // The 25th is no longer in a 2-day period that ends on the 27th.
    expect(Object.fromEntries(await services.funnel.counts({ form: "demo", days: 2 }))).toEqual({
      shown: 2,
      touched: 1,
    });
  });

  it("drops daily counts past the retention, and a run without work changes nothing", async () => {
    await services.database.db.insert(funnelDaily).values([
      { day: "2025-10-01", formId: "demo", event: "shown", lang: "pt", source: "x", medium: "y", count: 3 },
      { day: "2026-11-01", formId: "demo", event: "shown", lang: "pt", source: "x", medium: "y", count: 2 },
    ]);
    expect(await services.funnelRollup.run()).toEqual({ events: 0, rows: 0, expired: 1 });
    expect((await daily()).map((r) => r.day)).toEqual(["2026-11-01"]);
    expect(await services.funnelRollup.run()).toEqual({ events: 0, rows: 0, expired: 0 });
  });
});

describe.each(databaseTargets())("the dashboard's funnel and leads by source on $name", (target) => {
  let services: BuiltServices;
  let app: Awaited<ReturnType<typeof listenInProcess>>;
  let token: string;

  beforeAll(async () => {
    services = await productionServices(await target.open(), { DATA_DIR: tempDataDir() });
    app = await listenInProcess(services);
    token = await signedInAdmin(services);
  });
  afterAll(async () => {
    await app?.close();
    if (services) await stopServices(services);
  });

  const dashboard = async (query: string) => {
    const response = await fetch(`${app.url}/admin/dashboard${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  /** The rows of the table after a heading, as text cells. */
  const table = (html: string, caption: RegExp) => {
    const start = html.search(caption);
    const body = html.slice(start, html.indexOf("</table>", start));
    return [...body.matchAll(/<tr>(.*?)<\/tr>/g)]
      .map((row) =>
        [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "")),
      )
      .slice(1);
  };

  it("says what to do when nothing was counted yet", async () => {
    const html = await dashboard("?funil=contato&periodo=7");
    expect(html).toContain("Funil de formulários");
    expect(html).toContain("Nenhuma visita ao formulário Contato neste período.");
    expect(html).toContain("Nenhum lead neste período.");
  });

  it("draws the chosen form's stages with their drop-off, its sources, and leads by source", async () => {
    const view = () => randomUUID();
    for (const [events, utm] of [
      [
        ["shown", "touched", "step:2", "step:3", "submitted", "booked"],
        { utm_source: "google", utm_medium: "cpc", utm_campaign: "erp-agro" },
      ],
      [["shown", "touched", "step:2"], { utm_source: "google", utm_medium: "cpc", utm_campaign: "erp-agro" }],
      [["shown", "touched"], undefined],
      [["shown"], undefined],
    ] as const) {
      await services.funnel.record(
        {
          view: view(),
          lang: "pt",
          ...(utm ? { utm } : {}),
          events: events.map((e) =>
            e.startsWith("step:")
              ? { form: "demo" as const, type: "step" as const, step: Number(e.slice(5)) }
              : { form: "demo" as const, type: e as "shown" },
          ),
        },
        { segment: null },
      );
    }
    // Two leads: one from the campaign, one that came from a search.
    const lead = (requestKey: string, tracking: { referrer?: string; utm?: Record<string, string> }) =>
      services.leads.submit({
        formKey: "contato",
        stage: "complete",
        answers: { nome: "Ana Souza", email: "ana@example.com", mensagem: "Quero uma demonstração." },
        requestKey,
        formToken: issueFormToken(services.signer, Date.now() - 10_000),
        tracking: { page: "http://localhost/contato", ...tracking },
        context: { segment: null, language: "pt" },
        client: { ip: "203.0.113.7", userAgent: BROWSER },
      });
    await lead("fonte-1", { utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "erp-agro" } });
    await lead("fonte-2", { referrer: "https://www.bing.com/search?q=erp" });
    await lead("fonte-3", { referrer: "http://localhost/blog" });

    const html = await dashboard("?funil=demo&periodo=30");
    expect(table(html, /Etapas do funil de Demonstração nos últimos 30 dias/)).toEqual([
      ["Formulário exibido", "4", "100%", "—"],
      ["Primeiro campo tocado", "3", "75%", "1 (25%)"],
      ["Etapa 2 alcançada", "2", "50%", "1 (33,3%)"],
      ["Etapa 3 alcançada", "1", "25%", "1 (50%)"],
      ["Enviado", "1", "25%", "0 (0%)"],
      // The demo's success screen books demonstrations: its funnel ends with them.
      ["Demonstração agendada", "1", "25%", "0 (0%)"],
    ]);
    expect(table(html, /Funil por origem/)).toEqual([
      ["google", "cpc", "erp-agro", "2", "2", "1", "1", "50%"],
      ["Acesso direto", "—", "—", "2", "1", "0", "0", "0%"],
    ]);
    expect(table(html, /Leads por origem, mídia e campanha \(30 dias\)/)).toEqual([
      ["Acesso direto", "—", "—", "1", "1", "0"],
      ["bing", "busca orgânica", "—", "1", "1", "0"],
      ["google", "cpc", "erp-agro", "1", "1", "0"],
    ]);
    // The chart's text alternative carries the same figures.
    expect(html).toContain("Funil de Demonstração nos últimos 30 dias: formulário exibido 4");

    // Another segment has none of these.
    expect(await dashboard("?funil=demo&periodo=7&segmento=industria")).toContain(
      "Nenhuma visita ao formulário Demonstração neste período.",
    );
    // Leads without beacon events (sent without JavaScript, a blocker, Do Not Track): the funnel says
    // they came instead of "no visit"; the leads of another segment are not counted.
    const contact = await dashboard("?funil=contato&periodo=7");
    expect(contact).toContain("3 leads recebidos pelo formulário Contato nos últimos 7 dias");
    expect(contact).toContain(
      "Nenhuma visita registrada pelo navegador ao formulário Contato neste período, mas 3 leads chegaram.",
    );
    expect(contact).not.toContain("Nenhuma visita ao formulário Contato");
    expect(await dashboard("?funil=contato&periodo=7&segmento=industria")).toContain(
      "0 leads recebidos pelo formulário Contato",
    );
    expect(await dashboard("?funil=contato&periodo=7&segmento=principal")).toContain(
      "3 leads recebidos pelo formulário Contato",
    );
    // Anything unknown in the address falls back to the defaults.
    expect(await dashboard("?funil=%3Cscript%3E&periodo=365&segmento=x")).toContain(
      "Etapas do funil de Demonstração nos últimos 30 dias",
    );
  });
});
