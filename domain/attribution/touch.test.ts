import { describe, expect, it } from "vitest";
import {
  CLICK_ID_KEYS,
  describeTouch,
  encodeTouch,
  FIRST_TOUCH_COOKIE,
  isCampaignTouch,
  sameSite,
  TOUCH_TAG_KEYS,
  type Touch,
  tagsFrom,
  touchMedium,
  touchOf,
  touchSource,
} from "./touch.ts";
import { decodeTouch, readTouchCookie } from "./touch-cookie.ts";

/** Campaign attribution (decision 105): first and last touch of a visit. */

const AT = new Date("2026-11-23T12:34:56.789Z");

describe("sameSite: this site, its segment subdomains, not other sites", () => {
  it.each<[string, string, boolean, string]>([
    ["vertice.com.br", "vertice.com.br", true, "the same host"],
    ["vertice.com.br", "VERTICE.com.BR", true, "any case"],
    ["agronegocio.vertice.com.br", "vertice.com.br", true, "a segment and the main site"],
    ["vertice.com.br", "agronegocio.vertice.com.br", true, "the main site and a segment"],
    ["agronegocio.vertice.com.br", "saude.vertice.com.br", true, "two sibling segments"],
    ["www.vertice.com.br", "agronegocio.vertice.com.br", true, "www and a segment"],
    ["admin.vertice.com.br", "vertice.com.br", true, "the admin"],
    ["a.example.com", "b.example.com", true, "siblings under a two-label parent"],
    ["localhost", "localhost", true, "local development"],
    ["agronegocio.localhost", "localhost", true, "a local segment"],
    ["agronegocio.localhost", "saude.localhost", true, "local sibling segments"],
    ["vertice.com.br", "google.com.br", false, "another .com.br site"],
    ["agronegocio.vertice.com.br", "google.com.br", false, "a segment and another .com.br"],
    ["vertice.com.br", "www.google.com.br", false, "www of another .com.br"],
    ["vertice.com.br", "mercado.org.br", false, "another .org.br"],
    ["vertice.com.br", "prefeitura.gov.br", false, "a .gov.br"],
    ["vertice.com.br", "evilvertice.com.br", false, "a host that merely ends like ours"],
    ["vertice.com.br", "vertice.com.br.evil.com", false, "our name as a prefix of another"],
    ["vertice.com", "google.com", false, "two .com sites"],
    ["vertice.co.uk", "google.co.uk", false, "a shared co.uk suffix"],
    ["vertice.com.br", "vertice.com", false, "another top-level domain"],
    ["vertice.com.br", "l.facebook.com", false, "Facebook's link shim"],
    ["localhost", "127.0.0.1", false, "localhost and its address"],
  ])("%s ~ %s → %s (%s)", (host, other, same) => {
    expect(sameSite(host, other)).toBe(same);
  });
});

describe("tagsFrom: the campaign tags of a query string", () => {
  it.each<[string, Record<string, string>, string]>([
    [
      "?utm_source=google&utm_medium=cpc&utm_campaign=black-friday&utm_term=erp&utm_content=banner",
      {
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "black-friday",
        utm_term: "erp",
        utm_content: "banner",
      },
      "every UTM tag",
    ],
    [
      "?gclid=abc&fbclid=def&gbraid=ghi&wbraid=jkl",
      { gclid: "abc", fbclid: "def", gbraid: "ghi", wbraid: "jkl" },
      "every click id",
    ],
    ["utm_source=newsletter", { utm_source: "newsletter" }, "without the ?"],
    ["?utm_source=google&page=2&q=erp", { utm_source: "google" }, "other parameters ignored"],
    ["?utm_campaign=black+friday", { utm_campaign: "black friday" }, "+ is a space"],
    ["?utm_campaign=promo%C3%A7%C3%A3o", { utm_campaign: "promoção" }, "percent-decoded"],
    ["?utm_source=%20google%20", { utm_source: "google" }, "trimmed"],
    ["?utm_source=&utm_medium=cpc", { utm_medium: "cpc" }, "empty values ignored"],
    ["?utm_source=%20%20&gclid=", {}, "blank values ignored"],
    ["?utm_source", {}, "a key without a value"],
    ["?utm_source=first&utm_source=second", { utm_source: "first" }, "the first of repeated keys"],
    ["?UTM_SOURCE=google&Gclid=x", {}, "keys are case-sensitive"],
    ["", {}, "no query"],
    ["?", {}, "an empty query"],
  ])("%j → %j (%s)", (search, tags) => {
    expect(tagsFrom(search)).toEqual(tags);
  });

  it("cuts values at 200 characters", () => {
    const tags = tagsFrom(
      `?utm_campaign=${"c".repeat(250)}&gclid=${"g".repeat(200)}&fbclid=${"f".repeat(199)}`,
    );
    expect(tags.utm_campaign).toBe("c".repeat(200));
    expect(tags.gclid).toBe("g".repeat(200));
    expect(tags.fbclid).toBe("f".repeat(199));
  });

  it("trims before cutting", () => {
    expect(tagsFrom(`?utm_term=${"%20".repeat(10)}${"t".repeat(200)}`).utm_term).toBe("t".repeat(200));
  });

  it("never cuts a character in half", () => {
    // slice(0, 200) counts UTF-16 units: an emoji across the 200th unit leaves a lone surrogate.
    // JSON.stringify writes it as "\ud83d"; PostgreSQL's jsonb (leads.tracking) refuses unpaired escapes.
    const tags = tagsFrom(`?utm_campaign=${"a".repeat(199)}${encodeURIComponent("🚀")}`);
    expect(tags.utm_campaign).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it("knows the tag keys: the five UTM tags and the four click ids", () => {
    expect(TOUCH_TAG_KEYS).toEqual([
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_term",
      "utm_content",
      "gclid",
      "fbclid",
      "gbraid",
      "wbraid",
    ]);
  });
});

describe("touchOf: the touch of a page view", () => {
  it("keeps the tags, the external referrer without its query, the landing and the time", () => {
    expect(
      touchOf(
        "https://vertice.com.br/demonstracao?utm_source=google&utm_medium=cpc&gclid=abc#form",
        "https://www.google.com.br/search?q=erp+vertice&client=safari",
        AT,
      ),
    ).toEqual({
      tags: { utm_source: "google", utm_medium: "cpc", gclid: "abc" },
      referrer: "https://www.google.com.br/search",
      landing: "/demonstracao?utm_source=google&utm_medium=cpc&gclid=abc",
      at: "2026-11-23T12:34:56.789Z",
    });
  });

  it.each<[string, string, string | undefined, string]>([
    ["https://vertice.com.br/", "https://vertice.com.br/planos", undefined, "an inner link"],
    ["https://vertice.com.br/", "https://agronegocio.vertice.com.br/x?y=1", undefined, "from a segment"],
    ["https://saude.vertice.com.br/", "https://agronegocio.vertice.com.br/", undefined, "between segments"],
    ["https://agronegocio.vertice.com.br/", "https://vertice.com.br/", undefined, "from the main site"],
    ["http://localhost:3000/", "http://localhost:5173/", undefined, "another local port"],
    ["https://vertice.com.br/", "", undefined, "a direct visit"],
    ["https://vertice.com.br/", "not a url", undefined, "garbage"],
    ["https://vertice.com.br/", "android-app://com.google.android.gm/", undefined, "an app"],
    ["https://vertice.com.br/", "file:///C:/Users/ana/page.html", undefined, "a file"],
    ["https://vertice.com.br/", "https://www.google.com.br/", "https://www.google.com.br/", "Google Brazil"],
    [
      "https://vertice.com.br/",
      "https://google.com.br/url?q=x",
      "https://google.com.br/url",
      "google.com.br, query dropped",
    ],
    [
      "https://agronegocio.vertice.com.br/",
      "https://l.facebook.com/l.php?u=https%3A%2F%2Fvertice.com.br",
      "https://l.facebook.com/l.php",
      "Facebook's link shim",
    ],
    [
      "https://vertice.com.br/",
      "http://blog.parceiro.com.br/post#comentarios",
      "http://blog.parceiro.com.br/post",
      "hash dropped",
    ],
    [
      "https://vertice.com.br/",
      "https://ana:segredo@parceiro.com/p",
      "https://parceiro.com/p",
      "credentials dropped",
    ],
    [
      "https://vertice.com.br/",
      "https://Parceiro.COM:8443/P",
      "https://parceiro.com:8443/P",
      "the URL's own spelling",
    ],
  ])("landing on %s from %j → referrer %s (%s)", (href, referrer, kept) => {
    expect(touchOf(href, referrer, AT).referrer).toBe(kept);
  });

  it("cuts the referrer at 500 characters", () => {
    const touch = touchOf("https://vertice.com.br/", `https://parceiro.com/${"p".repeat(600)}?q=1`, AT);
    expect(touch.referrer).toBe(`https://parceiro.com/${"p".repeat(600)}`.slice(0, 500));
  });

  it.each<[string, string]>([
    ["https://vertice.com.br/", "/"],
    ["https://vertice.com.br", "/"],
    ["https://vertice.com.br/planos?anual=1&utm_source=x", "/planos?anual=1&utm_source=x"],
    ["https://vertice.com.br/demonstracao#formulario", "/demonstracao"],
    ["https://vertice.com.br/busca?q=s%C3%A3o+paulo", "/busca?q=s%C3%A3o+paulo"],
    ["https://vertice.com.br/promoção", "/promo%C3%A7%C3%A3o"],
  ])("landing %s → %j (path and query, no host, no hash)", (href, landing) => {
    expect(touchOf(href, "", AT).landing).toBe(landing);
  });

  it("cuts the landing at 1000 characters", () => {
    expect(touchOf(`https://vertice.com.br/?x=${"a".repeat(2000)}`, "", AT).landing).toHaveLength(1000);
  });

  it("has no tags or referrer keys when there are none: a direct visit", () => {
    const touch = touchOf("https://vertice.com.br/planos", "https://vertice.com.br/", AT);
    expect(touch).toEqual({ landing: "/planos", at: "2026-11-23T12:34:56.789Z" });
    expect(Object.keys(touch)).toEqual(["landing", "at"]);
  });
});

describe("isCampaignTouch: tagged, or from another site", () => {
  it.each<[Touch, boolean]>([
    [{ tags: { utm_source: "x" }, landing: "/" }, true],
    [{ tags: { gclid: "x" } }, true],
    [{ referrer: "https://google.com/" }, true],
    [{ landing: "/", at: AT.toISOString() }, false],
    [{}, false],
  ])("%j → %s", (touch, campaign) => {
    expect(isCampaignTouch(touch)).toBe(campaign);
  });

  it("follows touchOf", () => {
    expect(isCampaignTouch(touchOf("https://vertice.com.br/?utm_source=x", "", AT))).toBe(true);
    expect(isCampaignTouch(touchOf("https://vertice.com.br/", "https://bing.com/", AT))).toBe(true);
    expect(isCampaignTouch(touchOf("https://vertice.com.br/", "https://saude.vertice.com.br/", AT))).toBe(
      false,
    );
  });
});

describe("encodeTouch / decodeTouch: the first-touch cookie", () => {
  const full: Touch = {
    tags: { utm_source: "google", utm_campaign: 'promoção; 50% off "já"', gclid: "Cj0KCQ" },
    referrer: "https://www.google.com.br/search",
    landing: "/demonstracao?utm_source=google&utm_campaign=promo%C3%A7%C3%A3o",
    at: "2026-11-23T12:34:56.789Z",
  };

  it.each<[string, Touch]>([
    ["a full touch", full],
    ["a direct visit", { landing: "/", at: "2026-11-23T12:34:56.789Z" }],
    ["an empty touch", {}],
    ["a touch of touchOf", touchOf("https://vertice.com.br/x?fbclid=abc", "https://instagram.com/", AT)],
  ])("round-trips %s", (_why, touch) => {
    expect(decodeTouch(encodeTouch(touch))).toEqual(touch);
  });

  it("writes a value a cookie can hold: no separators, spaces or quotes", () => {
    expect(encodeTouch(full)).toMatch(/^[A-Za-z0-9%\-_.!~*'()]+$/);
  });

  it.each<[string, string | null | undefined]>([
    ["null", null],
    ["undefined", undefined],
    ["empty", ""],
    ["not JSON", "abc"],
    ["broken JSON", encodeURIComponent('{"tags":')],
    ["a broken escape", "%E0%A4%A"],
    ["JSON null", encodeURIComponent("null")],
    ["a number", encodeURIComponent("42")],
    ["a string", encodeURIComponent('"google"')],
    ["an array", encodeURIComponent("[]")],
    ["an unknown key", encodeURIComponent(JSON.stringify({ landing: "/", email: "ana@x.com" }))],
    ["an unknown tag", encodeURIComponent(JSON.stringify({ tags: { utm_id: "x" } }))],
    ["a tag that is not text", encodeURIComponent(JSON.stringify({ tags: { utm_source: 1 } }))],
    ["tags that are a list", encodeURIComponent(JSON.stringify({ tags: ["google"] }))],
    [
      "a tag over 200 characters",
      encodeURIComponent(JSON.stringify({ tags: { utm_source: "s".repeat(201) } })),
    ],
    ["a referrer over 500 characters", encodeURIComponent(JSON.stringify({ referrer: "r".repeat(501) }))],
    ["a landing over 1000 characters", encodeURIComponent(JSON.stringify({ landing: "l".repeat(1001) }))],
    ["a date over 40 characters", encodeURIComponent(JSON.stringify({ at: "2".repeat(41) }))],
    ["a date that is not text", encodeURIComponent(JSON.stringify({ at: 1763900000000 }))],
  ])("refuses %s", (_why, value) => {
    expect(decodeTouch(value)).toBeNull();
  });

  it("refuses a value over 4000 characters, reads one of 4000", () => {
    // A valid touch (landing ≤ 1000, referrer ≤ 500) whose cookie value has exactly `length`
    // characters: some of its letters written as escapes (%78 is "x", 3 characters for 1).
    const value = (length: number) => {
      const open = encodeURIComponent('{"landing":"/');
      const middle = encodeURIComponent('","referrer":"https://p.com/');
      const close = encodeURIComponent('"}');
      let letters = 999 + 480;
      if ((length - open.length - middle.length - close.length - letters) % 2) letters--;
      let escaped = (length - open.length - middle.length - close.length - letters) / 2;
      const part = (n: number) => {
        const e = Math.min(escaped, n);
        escaped -= e;
        return "%78".repeat(e) + "x".repeat(n - e);
      };
      const landing = part(999);
      const referrer = part(letters - 999);
      return open + landing + middle + referrer + close;
    };
    expect(value(4000)).toHaveLength(4000);
    expect(value(4001)).toHaveLength(4001);
    expect(decodeTouch(value(4000))).toMatchObject({ landing: `/${"x".repeat(999)}` });
    expect(decodeTouch(value(4001))).toBeNull();
  });

  it("keeps a typical ad click well under 2 KB", () => {
    const touch = touchOf(
      `https://agronegocio.vertice.com.br/demonstracao?utm_source=google&utm_medium=cpc&utm_campaign=erp-agro-safra-2026&utm_term=sistema%20de%20gest%C3%A3o%20rural&utm_content=anuncio-03&gclid=${"Cj0KCQiA".repeat(12)}`,
      "https://www.google.com.br/",
      AT,
    );
    expect(encodeTouch(touch).length).toBeLessThan(2048);
    expect(decodeTouch(encodeTouch(touch))).toEqual(touch);
  });

  it("the server reads back the cookie the browser wrote, decoded once ('50% off', %22 in the landing)", () => {
    const touch: Touch = {
      tags: { utm_campaign: "50% off" },
      landing: "/?utm_campaign=50%25%20off&q=%22x%22",
    };
    const header = `_ga=GA1.1.1; ${FIRST_TOUCH_COOKIE}=${encodeTouch(touch)}; other=1`;
    expect(readTouchCookie(header)).toEqual(touch);
    expect(readTouchCookie("other=1")).toBeNull();
    expect(readTouchCookie(undefined)).toBeNull();
  });

  it("a touch too long for a cookie keeps its tags and drops the landing's query", () => {
    const touch: Touch = {
      tags: { utm_source: "google", utm_campaign: "ç".repeat(200) },
      landing: `/?q=${'"'.repeat(990)}`,
      at: AT.toISOString(),
    };
    const value = encodeTouch(touch);
    expect(value.length).toBeLessThanOrEqual(3_500);
    expect(decodeTouch(value)).toEqual({ ...touch, landing: "/" });
  });
});

describe("touchSource / touchMedium: how reports group a touch", () => {
  it.each<[string, Touch | null | undefined, string, string]>([
    ["utm tags", { tags: { utm_source: "newsletter", utm_medium: "email" } }, "newsletter", "email"],
    [
      "utm tags win over a click id",
      { tags: { utm_source: "bing", utm_medium: "ppc", gclid: "x" } },
      "bing",
      "ppc",
    ],
    ["utm_source alone with a gclid", { tags: { utm_source: "parceiro", gclid: "x" } }, "parceiro", "cpc"],
    ["utm_medium alone", { tags: { utm_medium: "social" } }, "direct", "social"],
    ["gclid", { tags: { gclid: "x" } }, "google", "cpc"],
    ["gbraid", { tags: { gbraid: "x" } }, "google", "cpc"],
    ["wbraid", { tags: { wbraid: "x" } }, "google", "cpc"],
    ["fbclid", { tags: { fbclid: "x" } }, "facebook", "cpc"],
    ["gclid and fbclid: Google", { tags: { fbclid: "x", gclid: "y" } }, "google", "cpc"],
    [
      "click id and referrer: the click id",
      { tags: { fbclid: "x" }, referrer: "https://l.facebook.com/l.php" },
      "facebook",
      "cpc",
    ],
    ["referrer", { referrer: "https://www.google.com.br/search" }, "google.com.br", "referral"],
    ["referrer without www", { referrer: "https://blog.parceiro.com/post" }, "blog.parceiro.com", "referral"],
    [
      "utm_source and a referrer",
      { tags: { utm_source: "x" }, referrer: "https://bing.com/" },
      "x",
      "referral",
    ],
    ["a referrer that is not a URL", { referrer: "garbage" }, "direct", "referral"],
    ["direct", { landing: "/", at: "2026-11-23T12:00:00Z" }, "direct", "(none)"],
    ["empty", {}, "direct", "(none)"],
    ["empty tags", { tags: {} }, "direct", "(none)"],
    ["null", null, "direct", "(none)"],
    ["undefined", undefined, "direct", "(none)"],
  ])("%s → %s / %s", (_why, touch, source, medium) => {
    expect(touchSource(touch)).toBe(source);
    expect(touchMedium(touch)).toBe(medium);
  });
});

describe("describeTouch: one line for people", () => {
  it.each<[Touch | null | undefined, string]>([
    [
      {
        tags: { utm_source: "google", utm_medium: "cpc", utm_campaign: "black-friday", gclid: "x" },
        landing: "/demonstracao",
      },
      "google / cpc / black-friday (gclid) · entrada em /demonstracao",
    ],
    [{ tags: { gclid: "x", wbraid: "y" } }, "google / cpc (gclid, wbraid)"],
    [{ tags: { fbclid: "x" }, landing: "/?fbclid=x" }, "facebook / cpc (fbclid) · entrada em /?fbclid=x"],
    [
      { referrer: "https://www.bing.com/search", landing: "/planos" },
      "bing.com (outro site) · entrada em /planos",
    ],
    [{ landing: "/" }, "Acesso direto · entrada em /"],
    [{}, "Acesso direto"],
    [{ tags: { utm_source: "newsletter" } }, "newsletter"],
    [{ tags: { utm_campaign: "natal" } }, "direct / natal"],
    [null, ""],
    [undefined, ""],
  ])("%j → %j", (touch, line) => {
    expect(describeTouch(touch)).toBe(line);
  });

  it("lists the click ids in a fixed order", () => {
    expect(CLICK_ID_KEYS).toEqual(["gclid", "fbclid", "gbraid", "wbraid"]);
    expect(describeTouch({ tags: { wbraid: "1", gbraid: "2", fbclid: "3", gclid: "4" } })).toBe(
      "google / cpc (gclid, fbclid, gbraid, wbraid)",
    );
  });
});
