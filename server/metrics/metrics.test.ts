import { describe, expect, it } from "vitest";
import { routeTemplate, statusClass } from "./metrics.ts";

describe("routeTemplate: a request's path as a label of bounded values (decision 119)", () => {
  it.each([
    ["/", "/"],
    ["/planos?ciclo=anual", "/planos"],
    ["/admin/leads/2f1c1b9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "/admin/leads/:id"],
    ["/user/chamados/SUPP-123", "/user/chamados/:id"],
    ["/admin/webhooks/42", "/admin/webhooks/:id"],
    ["/api/leads/VRT-20261128-NZVMKU", "/api/leads/:id"],
    ["/assets/entry-3kd9Dk.js", "/assets/:file"],
    ["/uploads/0123456789abcdef0123.webp", "/uploads/:file"],
    ["/images/hero/default.svg", "/images/:file"],
    ["/blog/como-escolher-um-erp", "/blog/como-escolher-um-erp"],
    ["/a/b/c/d/e/f", "/a/b/c/d/…"],
    [undefined, "/"],
  ])("%s → %s", (url, template) => {
    expect(routeTemplate(url)).toBe(template);
  });

  it("status classes", () => {
    expect([200, 304, 404, 503].map(statusClass)).toEqual(["2xx", "3xx", "4xx", "5xx"]);
  });
});
