import { describe, expect, it } from "vitest";
import { DIRECT, funnelAllowed, headersRefuseTracking, hostOf, tagValue, trafficSource } from "./events.ts";

describe("the funnel's privacy gate (decision 104)", () => {
  it.each([
    [{}, true],
    [{ doNotTrack: null, globalPrivacyControl: null }, true],
    [{ doNotTrack: "0" }, true],
    [{ doNotTrack: "unspecified" }, true],
    [{ doNotTrack: "1" }, false],
    [{ doNotTrack: "yes" }, false],
    [{ globalPrivacyControl: true }, false],
    [{ globalPrivacyControl: false, doNotTrack: "0" }, true],
    [{ doNotTrack: "1", globalPrivacyControl: false }, false],
  ])("%j → %s", (signals, allowed) => {
    expect(funnelAllowed(signals)).toBe(allowed);
  });

  it("DNT: 1 and Sec-GPC: 1 headers refuse it on the server too", () => {
    expect(headersRefuseTracking({})).toBe(false);
    expect(headersRefuseTracking({ dnt: "0" })).toBe(false);
    expect(headersRefuseTracking({ dnt: "1" })).toBe(true);
    expect(headersRefuseTracking({ "sec-gpc": "1" })).toBe(true);
    expect(headersRefuseTracking({ "sec-gpc": " 1 " })).toBe(true);
  });
});

describe("the source of a visit (last touch)", () => {
  const own = (host: string) => host === "vertice.com.br" || host.endsWith(".vertice.com.br");

  it("UTM tags win over the referrer; a missing medium says so", () => {
    expect(
      trafficSource({
        utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "erp-agro" },
        referrer: "www.facebook.com",
      }),
    ).toEqual({ source: "google", medium: "cpc", campaign: "erp-agro" });
    expect(trafficSource({ utm: { utm_source: "newsletter" } })).toEqual({
      source: "newsletter",
      medium: "(not set)",
      campaign: "",
    });
  });

  it("without tags: search, social, another site, or direct", () => {
    expect(trafficSource({ referrer: "https://www.google.com.br/" })).toEqual({
      source: "google",
      medium: "organic",
      campaign: "",
    });
    expect(trafficSource({ referrer: "duckduckgo.com" }).source).toBe("duckduckgo");
    expect(trafficSource({ referrer: "l.instagram.com" })).toEqual({
      source: "instagram",
      medium: "social",
      campaign: "",
    });
    expect(trafficSource({ referrer: "t.co" }).source).toBe("x");
    expect(trafficSource({ referrer: "https://www.parceiro.com.br/blog?x=1" })).toEqual({
      source: "parceiro.com.br",
      medium: "referral",
      campaign: "",
    });
    expect(trafficSource({})).toEqual(DIRECT);
    expect(trafficSource({ referrer: "" })).toEqual(DIRECT);
  });

  it("our own site (and its segment subdomains) is no source", () => {
    expect(trafficSource({ referrer: "https://vertice.com.br/" }, own)).toEqual(DIRECT);
    expect(trafficSource({ referrer: "agronegocio.vertice.com.br" }, own)).toEqual(DIRECT);
    expect(trafficSource({ referrer: "vertice.com.br.evil.example" }, own).medium).toBe("referral");
  });

  it("a tag is cut to 100 characters and never keeps an e-mail address", () => {
    expect(tagValue(`  ${"a".repeat(150)} `)).toHaveLength(100);
    expect(tagValue("ana@example.com")).toBe("(removido)");
    expect(
      trafficSource({ utm: { utm_source: "mail", utm_campaign: "para-ana@example.com" } }).campaign,
    ).toBe("(removido)");
  });

  it("host names: lower case, without www., null when not one", () => {
    expect(hostOf("https://WWW.Exemplo.com.br:8080/x")).toBe("exemplo.com.br");
    expect(hostOf("exemplo.com.br")).toBe("exemplo.com.br");
    expect(hostOf("")).toBeNull();
    expect(hostOf("http://")).toBeNull();
  });
});
