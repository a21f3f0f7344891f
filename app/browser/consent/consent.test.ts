import {
  type Choice,
  choiceCookie,
  decodeChoice,
  encodeChoice,
  grantedBy,
  grantedNow,
  NOTHING_GRANTED,
  needsChoice,
  readChoice,
  refusesTracking,
} from "@domain/consent/choice.ts";
import {
  COOKIE_LIST,
  COOKIE_LIST_VERSION,
  consentVersion,
  cookieRows,
  cookiesInUse,
  fillCookieTables,
} from "@domain/consent/cookie-list.ts";
import { consentConfigJson, parseConsentConfig, tagsOfPage } from "@domain/consent/page-config.ts";
import {
  configuredProviders,
  TAG_PROVIDER_IDS,
  TAG_PROVIDERS,
  tagSources,
} from "@domain/consent/providers.ts";
import { describe, expect, it } from "vitest";
import { consentModeOf, providersAllowed, trackLeadEvents } from "./load-tags.ts";

const choice = (over: Partial<Choice> = {}): Choice => ({
  id: "0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f70",
  version: "1:ga4+metaPixel",
  measurement: true,
  marketing: false,
  method: "custom",
  at: 1_796_000_000,
  ...over,
});

describe("the stored choice (the vertice_consent cookie)", () => {
  it("reads back what it wrote, the version with its separators included", () => {
    const value = encodeChoice(choice());
    expect(value).not.toMatch(/[;,\s]/);
    expect(decodeChoice(value)).toEqual(choice());
    expect(readChoice(`lang=en; vertice_consent=${value}; other=1`)).toEqual(choice());
  });

  it.each([
    ["nothing", ""],
    ["not an uuid", "abc.1.10.custom.1796000000"],
    ["flags of another form", "0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f70.1.2.custom.1796000000"],
    ["an unknown method", "0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f70.1.10.maybe.1796000000"],
    ["a time that is not one", "0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f70.1.10.custom.soon"],
    ["a part too many", "0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f70.1.10.custom.1796000000.x"],
    ["a version with other characters", "0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f70.%3Cb%3E.10.custom.1796000000"],
  ])("refuses %s", (_what, value) => {
    expect(decodeChoice(value)).toBeNull();
  });

  it("is a first-party, necessary cookie for a year, Secure over HTTPS", () => {
    expect(choiceCookie(choice(), true)).toMatch(
      /^vertice_consent=[^;]+; Max-Age=31536000; Path=\/; SameSite=Lax; Secure$/,
    );
    expect(choiceCookie(choice(), false)).not.toContain("Secure");
  });
});

describe("what may run", () => {
  it("asks when there is no choice, or one made against another version of the list", () => {
    expect(needsChoice(null, "1")).toBe(true);
    expect(needsChoice(choice({ version: "1" }), "1")).toBe(false);
    expect(needsChoice(choice({ version: "1" }), "1:ga4")).toBe(true);
  });

  it("grants nothing optional before a choice, nor with one of another version", () => {
    expect(grantedNow(null, "1", {})).toEqual(NOTHING_GRANTED);
    expect(grantedNow(choice({ version: "1" }), "2", {})).toEqual(NOTHING_GRANTED);
    expect(grantedNow(choice(), "1:ga4+metaPixel", {})).toEqual({ measurement: true, marketing: false });
    // The server reads the categories whatever the version (null).
    expect(grantedNow(choice({ version: "0" }), null, {})).toEqual({ measurement: true, marketing: false });
  });

  it("counts Do Not Track and Global Privacy Control as a refusal of Medição and Marketing", () => {
    const all = choice({ measurement: true, marketing: true });
    expect(refusesTracking({ doNotTrack: "1" })).toBe(true);
    expect(refusesTracking({ globalPrivacyControl: true })).toBe(true);
    expect(refusesTracking({ msDoNotTrack: "1" })).toBe(true);
    expect(refusesTracking({ doNotTrack: "0", globalPrivacyControl: false })).toBe(false);
    expect(grantedNow(all, null, { globalPrivacyControl: true })).toEqual(NOTHING_GRANTED);
    expect(grantedBy("accept_all", NOTHING_GRANTED, { doNotTrack: "1" })).toEqual(NOTHING_GRANTED);
  });

  it("'Aceitar todos' grants both, 'Rejeitar' none, 'Personalizar' what was ticked", () => {
    expect(grantedBy("accept_all", NOTHING_GRANTED, {})).toEqual({ measurement: true, marketing: true });
    expect(grantedBy("reject_all", { measurement: true, marketing: true }, {})).toEqual(NOTHING_GRANTED);
    expect(grantedBy("custom", { measurement: false, marketing: true }, {})).toEqual({
      measurement: false,
      marketing: true,
    });
  });
});

describe("the marketing tags", () => {
  it.each([
    ["gtm", "GTM-AB12CD3", "GTM-ab12"],
    ["ga4", "G-AB12CD34EF", "UA-1234-1"],
    ["metaPixel", "123456789012345", "12345abc"],
    ["clarity", "abc123defg", "ABC<script>"],
    ["linkedIn", "1234567", "12"],
  ] as const)("%s takes %s and refuses %s", (id, good, bad) => {
    expect(TAG_PROVIDERS[id].pattern.test(good)).toBe(true);
    expect(TAG_PROVIDERS[id].pattern.test(bad)).toBe(false);
    expect(TAG_PROVIDERS[id].pattern.test(TAG_PROVIDERS[id].example)).toBe(true);
  });

  it("puts Google's and Clarity in Medição, Meta's and LinkedIn's in Marketing", () => {
    expect(TAG_PROVIDER_IDS.map((id) => [id, TAG_PROVIDERS[id].category])).toEqual([
      ["gtm", "measurement"],
      ["ga4", "measurement"],
      ["metaPixel", "marketing"],
      ["clarity", "measurement"],
      ["linkedIn", "marketing"],
    ]);
  });

  it("loads a tag only with its category granted", () => {
    const tags = { ga4: "G-AB12CD34EF", metaPixel: "123456789012345", clarity: "abc123defg" };
    expect(providersAllowed(tags, NOTHING_GRANTED)).toEqual([]);
    expect(providersAllowed(tags, { measurement: true, marketing: false })).toEqual(["ga4", "clarity"]);
    expect(providersAllowed(tags, { measurement: false, marketing: true })).toEqual(["metaPixel"]);
    // An ID of the wrong form is never configured.
    expect(configuredProviders({ ga4: "nope" })).toEqual([]);
  });

  it("gives Consent Mode v2 its four signals from the choice", () => {
    expect(consentModeOf({ measurement: true, marketing: false })).toEqual({
      analytics_storage: "granted",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
  });

  it("sends generate_lead and Lead with the form and temperature, with Marketing only", () => {
    const calls: unknown[][] = [];
    const win = {
      gtag: (...a: unknown[]) => void calls.push(["gtag", ...a]),
      fbq: Object.assign((...a: unknown[]) => void calls.push(["fbq", ...a]), {}),
    };
    trackLeadEvents({ form: "demo", temperature: "hot" }, { measurement: true, marketing: false }, win);
    expect(calls).toEqual([]);
    trackLeadEvents({ form: "demo", temperature: "hot" }, { measurement: false, marketing: true }, win);
    expect(calls).toEqual([
      ["gtag", "event", "generate_lead", { form: "demo", temperature: "hot" }],
      ["fbq", "track", "Lead", { form: "demo", temperature: "hot" }],
    ]);
  });
});

describe("the page's CSP sources from its configured tags", () => {
  it("allows no outside host without tags, and exactly the configured providers' hosts with them", () => {
    expect(tagSources({})).toEqual({ script: [], connect: [], img: [], frame: [] });
    const sources = tagSources({ ga4: "G-AB12CD34EF", metaPixel: "123456789012345" });
    expect(sources.script).toEqual(["https://connect.facebook.net", "https://www.googletagmanager.com"]);
    expect(sources.connect).toContain("https://*.google-analytics.com");
    expect(sources.connect).toContain("https://www.facebook.com");
    expect(sources.script.join(" ")).not.toMatch(/clarity|licdn/);
  });

  it("reads the tags back from the page's block, refusing IDs of the wrong form", () => {
    const block = consentConfigJson({
      version: "1:ga4",
      lang: "pt",
      policyUrl: "/politicas#cookies-e-analytics",
      tags: { ga4: "G-AB12CD34EF" },
    });
    expect(block).not.toContain("<");
    const html = `<p>x</p><script type="application/json" id="consent-config">${block}</script>`;
    expect(tagsOfPage(html)).toEqual({ ga4: "G-AB12CD34EF" });
    expect(parseConsentConfig('{"version":"1","policyUrl":"/p","tags":{"ga4":"x\\" onload"}}')?.tags).toEqual(
      {},
    );
    expect(parseConsentConfig("not json")).toBeNull();
    expect(tagsOfPage("<p>no block</p>")).toEqual({});
  });
});

describe("the cookie list", () => {
  it("names every cookie once per provider, with a purpose and a duration in both languages", () => {
    const names = COOKIE_LIST.map((c) => `${c.provider}:${c.name}`);
    expect(new Set(names).size).toBe(names.length);
    for (const cookie of COOKIE_LIST) {
      expect(cookie.purpose.pt.length).toBeGreaterThan(10);
      expect(cookie.purpose.en.length).toBeGreaterThan(10);
      expect(cookie.duration.pt).toBeTruthy();
    }
    // The first touch is Medição (decision 105 under 123), the choice itself is necessary.
    expect(COOKIE_LIST.find((c) => c.name === "vertice_ft")?.category).toBe("measurement");
    expect(COOKIE_LIST.find((c) => c.name === "vertice_consent")?.category).toBe("necessary");
  });

  it("lists the site's cookies and the configured providers' only", () => {
    expect(cookiesInUse({}).every((c) => c.provider === "site")).toBe(true);
    const withMeta = cookiesInUse({ metaPixel: "123456789012345" });
    expect(withMeta.map((c) => c.name)).toContain("_fbp");
    expect(withMeta.map((c) => c.name)).not.toContain("_clck, _clsk");
  });

  it("has a version that changes with the list and with the configured providers", () => {
    expect(consentVersion({})).toBe(String(COOKIE_LIST_VERSION));
    expect(consentVersion({ metaPixel: "123456789012345", ga4: "G-AB12CD34EF" })).toBe(
      `${COOKIE_LIST_VERSION}:ga4+metaPixel`,
    );
  });

  it("fills the policy's cookie tables in the reader's language, necessary ones first", () => {
    const rows = cookieRows({ ga4: "G-AB12CD34EF" }, "en");
    expect(rows[0]).toMatchObject({ name: "vertice_consent", category: "Necessary" });
    expect(rows.at(-1)).toMatchObject({ name: "_ga, _ga_*", category: "Measurement" });
    const content = { blocks: [{ content: [{ type: "paragraph", text: "x" }, { type: "cookie-table" }] }] };
    expect(fillCookieTables(content, rows).blocks[0]!.content[1]).toEqual({
      type: "cookie-table",
      cookies: rows,
    });
  });
});
